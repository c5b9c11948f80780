import { describe, expect, it } from 'vitest';
import { PALETTE } from './palette.ts';
import { paletteFromTheme } from './palette-source.ts';

describe('login palette', () => {
  it("is the app theme's tokens in every mode and theme colour", () => {
    // On failure: npx tsx src/features/auth/login/palette-source.ts, and paste its table into palette.ts.
    expect(PALETTE).toEqual(paletteFromTheme());
  });
});
