import { FIXED_COLORS, THEME_COLOR_HEX, type ThemeColor, type ThemeMode } from '@eqms/contract';
import { type ThemeConfig, theme } from 'antd';
import { AA_TEXT, composite, contrast, ensureContrast, toHex } from './contrast.ts';
import { MOTION } from './motion.ts';

// The antd theme of the app. antd's defaults put secondary text (#8c8c8c, 3.4:1), placeholders (#bfbfbf, 1.8:1),
// links (the info colour, 3.1:1) and several tag and status colours under WCAG AA's 4.5:1 (issue 10 §5, axe
// colour-contrast). Here the grey levels are raised just enough and every colour that is drawn as text, or under
// white text, is moved toward black (light) or white (dark) until it reads at 4.5:1 on the surfaces it sits on:
// the hue stays, only the shade changes, so the look stays calm.

const FONT_FAMILY =
  "Pretendard, 'Noto Sans KR', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK KR', sans-serif";

/** antd's preset tag colours, drawn as `<name>7` text on `<name>1` (antd's genPresetColor). */
const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/** Grey levels as alpha over the page: text, secondary, tertiary/description and placeholder. */
const GREYS = {
  light: { secondary: 0.68, tertiary: 0.6, placeholder: 0.55 },
  // dark surfaces go from #000 (layout) to #1f1f1f (popups), all well under the grey levels' own lightness
  dark: { secondary: 0.68, tertiary: 0.58, placeholder: 0.5 },
} as const;

const STATUS = ['Success', 'Warning', 'Error', 'Info'] as const;

type Token = ReturnType<typeof theme.getDesignToken>;

/** The opaque surfaces text is drawn on: containers, the page, popups, selected and tinted rows. */
export function surfaces(t: Token): string[] {
  const base = t.colorBgContainer;
  return [t.colorBgContainer, t.colorBgLayout, t.colorBgElevated, t.controlItemBgActive, t.colorPrimaryBg].map((c) =>
    toHex(composite(c, base)),
  );
}

export type AppTheme = ThemeConfig & { token: NonNullable<ThemeConfig['token']> };

export function buildTheme(mode: ThemeMode, color: ThemeColor): AppTheme {
  const dark = mode === 'dark';
  const algorithm = dark ? theme.darkAlgorithm : theme.defaultAlgorithm;
  const greyBase = dark ? '255,255,255' : '0,0,0';
  const grey = GREYS[mode];
  // White text on the primary, info and error colours (primary and danger buttons) must read too, so those seeds
  // are darkened first where needed (orange, cyan, green, teal, red); the dark algorithm darkens them further.
  const seed = {
    colorPrimary: ensureContrast(THEME_COLOR_HEX[color], ['#ffffff']),
    colorInfo: ensureContrast(FIXED_COLORS.info, ['#ffffff']),
    colorSuccess: FIXED_COLORS.success,
    colorWarning: FIXED_COLORS.warning,
    colorError: ensureContrast(FIXED_COLORS.error, ['#ffffff']),
  };
  const token: AppTheme['token'] = {
    ...seed,
    motion: MOTION,
    fontFamily: FONT_FAMILY,
    colorTextSecondary: `rgba(${greyBase},${grey.secondary})`,
    colorTextTertiary: `rgba(${greyBase},${grey.tertiary})`,
    colorTextDescription: `rgba(${greyBase},${grey.tertiary})`,
    colorTextPlaceholder: `rgba(${greyBase},${grey.placeholder})`,
  };
  const base = theme.getDesignToken({ algorithm, token });
  const on = surfaces(base);
  const text = (c: string, extra: string[] = []) => ensureContrast(c, [...on, ...extra], AA_TEXT);

  const primaryText = text(base.colorPrimary);
  token.colorPrimaryText = primaryText;
  // The link colours are seeds that the dark algorithm shifts again, so the seed is searched for, not set.
  for (const [key, from] of [
    ['colorLink', base.colorPrimary],
    ['colorLinkHover', base.colorPrimaryHover],
    ['colorLinkActive', base.colorPrimaryActive],
  ] as const) {
    token[key] = text(from);
    for (let step = 0; step < 20; step++) {
      const shown = theme.getDesignToken({ algorithm, token })[key];
      if (on.every((bg) => contrast(shown, bg) >= AA_TEXT)) break;
      token[key] = ensureContrast(token[key], on, contrast(token[key], on[0]!) + 0.25);
    }
  }
  const statusText: Record<string, string> = {};
  for (const s of STATUS) {
    const bg = toHex(composite(base[`color${s}Bg`], base.colorBgContainer));
    statusText[`color${s}Text`] = text(base[`color${s}`], [bg]);
  }
  Object.assign(token, statusText);

  // Tags draw a status colour as text on its tinted background, and a preset colour's shade 7 on its shade 1.
  const tagPresets: Record<string, string> = {};
  for (const p of PRESET_COLORS) {
    const bg = toHex(composite(base[`${p}1`], base.colorBgContainer));
    tagPresets[`${p}7`] = ensureContrast(base[`${p}7`], [bg, ...on.slice(0, 2)], AA_TEXT);
  }
  const statusAsText = {
    colorSuccess: statusText.colorSuccessText,
    colorWarning: statusText.colorWarningText,
    colorError: statusText.colorErrorText,
    colorInfo: statusText.colorInfoText,
  };

  return {
    algorithm,
    token,
    components: {
      Tag: { ...statusAsText, ...tagPresets },
      // Form messages under a field are text in the status colour.
      Form: statusAsText,
      // The selected tab's text is the primary colour on the page's background.
      Tabs: { itemSelectedColor: primaryText, itemHoverColor: primaryText, itemActiveColor: primaryText },
      Menu: {
        itemSelectedColor: primaryText,
        subMenuItemSelectedColor: primaryText,
        horizontalItemSelectedColor: primaryText,
        horizontalItemHoverColor: primaryText,
      },
    },
  };
}
