import { THEME_COLOR_HEX, type ThemeColor, type ThemeMode } from '@eqms/contract';
import { theme } from 'antd';
import { buildTheme } from '../../../app/theme.ts';
import { NEUTRAL_TOKENS, PRIMARY_TOKENS } from './palette.ts';

// Where the login page's colours come from: the app theme (buildTheme, antd's algorithms). Used by the test that
// keeps palette.ts equal to it, and to write palette.ts again (`npx tsx src/features/auth/login/palette-source.ts`).

const MODES: ThemeMode[] = ['light', 'dark'];

export function paletteFromTheme() {
  const tokens = (mode: ThemeMode, color: ThemeColor) => {
    const t = buildTheme(mode, color);
    return theme.getDesignToken({ algorithm: t.algorithm, token: t.token }) as unknown as Record<string, string>;
  };
  const pick = (t: Record<string, string>, names: readonly string[]) =>
    names.map((n) => String(t[n]).replace(/\s+/g, ' ').trim());
  const colors = Object.keys(THEME_COLOR_HEX) as ThemeColor[];
  return {
    neutral: Object.fromEntries(MODES.map((m) => [m, pick(tokens(m, 'blue'), NEUTRAL_TOKENS)])),
    primary: Object.fromEntries(
      MODES.map((m) => [m, Object.fromEntries(colors.map((c) => [c, pick(tokens(m, c), PRIMARY_TOKENS)]))]),
    ),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const p = paletteFromTheme();
  const row = (a: string[]) => JSON.stringify(a);
  const lines = ['export const PALETTE = {', '  neutral: {'];
  for (const [m, a] of Object.entries(p.neutral)) lines.push(`    ${m}: ${row(a)},`);
  lines.push('  },', '  primary: {');
  for (const [m, byColor] of Object.entries(p.primary)) {
    lines.push(`    ${m}: {`);
    for (const [c, a] of Object.entries(byColor)) lines.push(`      ${c}: ${row(a)},`);
    lines.push('    },');
  }
  lines.push('  },', '};');
  console.log(lines.join('\n'));
}
