import { THEME_COLORS, THEMES } from '@eqms/contract';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, composite, contrast, ensureContrast, toHex } from './contrast.ts';
import { buildTheme, surfaces } from './theme.ts';

// Every colour the theme draws as text reads at WCAG AA (4.5:1) on every surface it sits on, in both themes
// and all nine theme colours (issue 10 §5: axe finds no colour-contrast violation).

const designToken = (mode: (typeof THEMES)[number], color: (typeof THEME_COLORS)[number]) => {
  const config = buildTheme(mode, color);
  return { config, t: theme.getDesignToken(config) };
};

describe('contrast arithmetic', () => {
  it('matches the WCAG figures axe reports', () => {
    expect(contrast('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrast('#bfbfbf', '#ffffff')).toBeCloseTo(1.84, 2);
    expect(contrast('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('moves a colour toward black on light and toward white on dark surfaces, no further than needed', () => {
    const onLight = ensureContrast('#FB8C00', ['#ffffff']);
    expect(contrast(onLight, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(onLight, '#ffffff')).toBeLessThan(5.5);
    const onDark = ensureContrast('#1867b6', ['#141414', '#000000']);
    expect(contrast(onDark, '#141414')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(onDark, '#141414')).toBeLessThan(5.5);
    expect(ensureContrast('#000000', ['#ffffff'])).toBe('#000000');
  });
});

describe.each(THEMES)('%s theme', (mode) => {
  it.each(THEME_COLORS)('text colours read at 4.5:1 on every surface (%s)', (color) => {
    const { config, t } = designToken(mode, color);
    const on = surfaces(t);
    const texts = {
      colorText: t.colorText,
      colorTextSecondary: t.colorTextSecondary,
      colorTextTertiary: t.colorTextTertiary,
      colorTextDescription: t.colorTextDescription,
      colorLink: t.colorLink,
      colorPrimaryText: t.colorPrimaryText,
      colorSuccessText: t.colorSuccessText,
      colorWarningText: t.colorWarningText,
      colorErrorText: t.colorErrorText,
      colorInfoText: t.colorInfoText,
      menuSelected: String(config.components?.Menu?.itemSelectedColor),
      subMenuSelected: String(config.components?.Menu?.subMenuItemSelectedColor),
    };
    for (const [name, fg] of Object.entries(texts))
      for (const bg of on) expect(contrast(fg, bg), `${name} ${fg} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
    // placeholders sit in inputs: on containers, the page and popups, never on a selected row
    for (const bg of on.slice(0, 3))
      expect(contrast(t.colorTextPlaceholder, bg), `placeholder on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(THEME_COLORS)('white text on the primary and danger colours reads at 4.5:1 (%s)', (color) => {
    const { t } = designToken(mode, color);
    for (const solid of ['colorPrimary', 'colorError', 'colorInfo'] as const)
      expect(contrast(t.colorTextLightSolid, t[solid]), `white on ${solid} ${t[solid]}`).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
  });

  it('status and preset tags read at 4.5:1 on their tinted backgrounds', () => {
    const { config, t } = designToken(mode, 'blue');
    const tag = config.components?.Tag as Record<string, string>;
    const bg = (c: string) => toHex(composite(c, t.colorBgContainer));
    for (const s of ['Success', 'Warning', 'Error', 'Info'] as const)
      expect(contrast(tag[`color${s}`]!, bg(t[`color${s}Bg`])), s).toBeGreaterThanOrEqual(AA_TEXT);
    for (const p of ['green', 'gold', 'orange', 'cyan', 'lime', 'yellow', 'volcano', 'blue', 'red', 'purple'] as const)
      expect(contrast(tag[`${p}7`]!, bg(t[`${p}1`])), p).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps the grey levels apart, so secondary text still looks secondary', () => {
    const { t } = designToken(mode, 'blue');
    const bg = t.colorBgContainer;
    expect(contrast(t.colorText, bg)).toBeGreaterThan(contrast(t.colorTextSecondary, bg));
    expect(contrast(t.colorTextSecondary, bg)).toBeGreaterThan(contrast(t.colorTextTertiary, bg));
    expect(contrast(t.colorTextTertiary, bg)).toBeGreaterThan(contrast(t.colorTextPlaceholder, bg));
  });

  it('keeps the chosen hue: blue stays the spec blue where it already reads', () => {
    const { t } = designToken(mode, 'blue');
    if (mode === 'light') expect(t.colorPrimary.toLowerCase()).toBe('#1976d2');
  });
});
