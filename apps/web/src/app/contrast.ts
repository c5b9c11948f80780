// WCAG 2 contrast arithmetic for the theme: colours as #rgb, #rrggbb or rgba(), alpha composited on the background.

export type Rgb = { r: number; g: number; b: number; a: number };

/** WCAG AA for normal text (what axe's colour-contrast rule checks for text under 18.66 px bold / 24 px). */
export const AA_TEXT = 4.5;

export function parseColor(css: string): Rgb {
  const s = css.trim().toLowerCase();
  if (s.startsWith('#')) {
    const h = s.length === 4 ? [...s.slice(1)].map((c) => c + c).join('') : s.slice(1, 7);
    const a = s.length === 9 ? Number.parseInt(s.slice(7, 9), 16) / 255 : 1;
    return {
      r: Number.parseInt(h.slice(0, 2), 16),
      g: Number.parseInt(h.slice(2, 4), 16),
      b: Number.parseInt(h.slice(4, 6), 16),
      a,
    };
  }
  const m = s.match(/^rgba?\(([^)]+)\)$/);
  if (!m) throw new Error(`Unsupported colour: ${css}`);
  const [r = 0, g = 0, b = 0, a = 1] = m[1]!.split(/[\s,/]+/).map(Number);
  return { r, g, b, a };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The opaque colour seen when `fg` (possibly translucent) is painted over the opaque `bg`. */
export function composite(fg: string, bg: string): Rgb {
  const f = parseColor(fg);
  const b = parseColor(bg);
  return { r: f.r * f.a + b.r * (1 - f.a), g: f.g * f.a + b.g * (1 - f.a), b: f.b * f.a + b.b * (1 - f.a), a: 1 };
}

function luminance({ r, g, b }: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio (1..21) of text colour `fg` on background `bg`; `bg` may itself be translucent over `base`. */
export function contrast(fg: string, bg: string, base = '#ffffff'): number {
  const back = composite(bg, base);
  const front = composite(fg, toHex(back));
  const [hi, lo] = [luminance(front), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(color: string, toward: string, amount: number): string {
  const c = parseColor(color);
  const t = parseColor(toward);
  return toHex({
    r: c.r + (t.r - c.r) * amount,
    g: c.g + (t.g - c.g) * amount,
    b: c.b + (t.b - c.b) * amount,
    a: 1,
  });
}

/**
 * `color`, mixed toward black (on light backgrounds) or white (on dark ones) in small steps until it reaches
 * `min` against every background: the same hue, as little changed as the contrast allows.
 */
export function ensureContrast(color: string, backgrounds: string[], min = AA_TEXT): string {
  const dark = backgrounds.every((bg) => luminance(parseColor(bg)) < 0.2);
  const toward = dark ? '#ffffff' : '#000000';
  for (let step = 0; step <= 40; step++) {
    const candidate = step === 0 ? toHex(parseColor(color)) : mix(color, toward, step * 0.025);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= min)) return candidate;
  }
  return toward;
}
