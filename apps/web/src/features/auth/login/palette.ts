import type { ThemeColor, ThemeMode } from '@eqms/contract';

// The login page's colours as plain values: the page is drawn without antd (issue 10 §1), so it cannot ask antd's
// theme for its tokens. The table is the app theme's output (palette-source.ts writes it; palette.test.ts fails
// when buildTheme changes and the table was not written again), so the login page and the app look the same.

/** Tokens that depend on the mode only (the error colours are fixed seeds). */
export const NEUTRAL_TOKENS = [
  'fontFamily',
  'colorBgLayout',
  'colorBgContainer',
  'colorBgContainerDisabled',
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextQuaternary',
  'colorTextDisabled',
  'colorTextPlaceholder',
  'colorBorder',
  'colorBorderSecondary',
  'colorBgTextHover',
  'colorBgTextActive',
  'colorIcon',
  'colorIconHover',
  'boxShadowTertiary',
  'colorError',
  'colorErrorHover',
  'colorErrorBg',
  'colorErrorBorder',
  'colorErrorOutline',
] as const;

/** Tokens that follow the user's theme colour too. */
export const PRIMARY_TOKENS = [
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryActive',
  'colorPrimaryBg',
  'colorPrimaryBgHover',
  'controlOutline',
] as const;

export const PALETTE = {
  neutral: {
    light: [
      "Pretendard, 'Noto Sans KR', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK KR', sans-serif",
      '#f5f5f5',
      '#ffffff',
      'rgba(0,0,0,0.04)',
      'rgba(0,0,0,0.88)',
      'rgba(0,0,0,0.68)',
      'rgba(0,0,0,0.6)',
      'rgba(0,0,0,0.25)',
      'rgba(0,0,0,0.25)',
      'rgba(0,0,0,0.55)',
      '#d9d9d9',
      '#f0f0f0',
      'rgba(0,0,0,0.06)',
      'rgba(0,0,0,0.15)',
      'rgba(0,0,0,0.6)',
      'rgba(0,0,0,0.88)',
      '0 1px 2px 0 rgba(0,0,0,0.05), 0 1px 6px -1px rgba(0,0,0,0.03), 0 2px 4px 0 rgba(0,0,0,0.03)',
      '#d24444',
      '#de6e6a',
      '#fff2f0',
      '#f7cbc6',
      'rgba(255,38,5,0.06)',
    ],
    dark: [
      "Pretendard, 'Noto Sans KR', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK KR', sans-serif",
      '#000000',
      '#141414',
      'rgba(255,255,255,0.08)',
      'rgba(255,255,255,0.85)',
      'rgba(255,255,255,0.68)',
      'rgba(255,255,255,0.58)',
      'rgba(255,255,255,0.25)',
      'rgba(255,255,255,0.25)',
      'rgba(255,255,255,0.5)',
      '#424242',
      '#303030',
      'rgba(255,255,255,0.12)',
      'rgba(255,255,255,0.18)',
      'rgba(255,255,255,0.58)',
      'rgba(255,255,255,0.85)',
      '0 1px 2px 0 rgba(255,255,255,0.010000000000000002), 0 1px 6px -1px rgba(255,255,255,0.006), 0 2px 4px 0 rgba(255,255,255,0.006)',
      '#b63d3d',
      '#ca6561',
      '#251516',
      '#4d2222',
      'rgba(232,32,45,0.08)',
    ],
  },
  primary: {
    light: {
      blue: ['#1976d2', '#3e93de', '#0c56ab', '#ebf8ff', '#c2e9ff', 'rgba(5,167,255,0.08)'],
      teal: ['#008275', '#178f7f', '#005c56', '#aec2bd', '#74b5a6', 'rgba(2,64,49,0.32)'],
      red: ['#da3632', '#e6615a', '#b32023', '#fff3f0', '#ffe3de', 'rgba(255,55,5,0.06)'],
      orange: ['#b06200', '#bd7b1e', '#8a4700', '#f0e9d8', '#e3c991', 'rgba(161,118,11,0.16)'],
      purple: ['#8e24aa', '#a244b8', '#691585', '#eaddeb', '#dbbdde', 'rgba(105,12,112,0.14)'],
      indigo: ['#3949ab', '#5a6ab8', '#252f85', '#dde1eb', '#d1d4de', 'rgba(12,41,112,0.14)'],
      cyan: ['#008191', '#19939e', '#005b6b', '#bcd1d0', '#7ec4c3', 'rgba(7,85,81,0.27)'],
      pink: ['#d81b60', '#e64077', '#b30c4f', '#ffedf1', '#ffc2d0', 'rgba(255,30,80,0.08)'],
      green: ['#37843b', '#549155', '#235e28', '#bac4b9', '#aeb8ad', 'rgba(9,44,5,0.28)'],
    },
    dark: {
      blue: ['#1867b6', '#3a86ca', '#175490', '#16314d', '#16406a', 'rgba(28,136,248,0.25)'],
      teal: ['#037266', '#178374', '#075c53', '#0e3531', '#0b4640', 'rgba(0,130,117,0.3)'],
      red: ['#bc312e', '#d15953', '#952a28', '#4f1e1d', '#6d2322', 'rgba(247,58,55,0.26)'],
      orange: ['#995603', '#ac711d', '#794707', '#432b0e', '#5a370b', 'rgba(177,97,0,0.3)'],
      purple: ['#7c2294', '#943fa8', '#631e76', '#391941', '#4b1b58', 'rgba(205,45,245,0.2)'],
      indigo: ['#334194', '#5361a8', '#2c3676', '#1f2441', '#252c58', 'rgba(75,100,245,0.2)'],
      cyan: ['#03717e', '#198690', '#075b65', '#0e353a', '#0b454c', 'rgba(0,130,147,0.3)'],
      pink: ['#bb1a55', '#d13c6d', '#931945', '#4f162b', '#6c1736', 'rgba(247,28,108,0.26)'],
      green: ['#327335', '#4e854f', '#2b5d2d', '#1f3620', '#244626', 'rgba(93,247,100,0.15)'],
    },
  },
};

/** The tokens as CSS custom properties (`--colorPrimary`…) for the login page's stylesheet. */
export function paletteVars(mode: ThemeMode, color: ThemeColor): Record<string, string> {
  const vars: Record<string, string> = {};
  NEUTRAL_TOKENS.forEach((name, i) => {
    vars[`--${name}`] = PALETTE.neutral[mode][i];
  });
  PRIMARY_TOKENS.forEach((name, i) => {
    vars[`--${name}`] = PALETTE.primary[mode][color][i];
  });
  return vars;
}
