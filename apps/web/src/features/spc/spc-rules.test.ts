import { describe, expect, it } from 'vitest';
import { capabilityTone, fmtIndex, fmtMeasure } from './spc-rules.ts';

describe('capabilityTone', () => {
  it('judges by 1.33 and 1.0, boundaries inclusive', () => {
    expect(capabilityTone(1.33)).toBe('good');
    expect(capabilityTone(1.3299)).toBe('fair');
    expect(capabilityTone(1)).toBe('fair');
    expect(capabilityTone(0.999)).toBe('poor');
    expect(capabilityTone(-0.5)).toBe('poor');
    expect(capabilityTone(null)).toBe('none');
  });
});

describe('formats', () => {
  it('prints indices to 2 places and measures by the spread', () => {
    expect(fmtIndex(1.6634)).toBe('1.66');
    expect(fmtIndex(null)).toBe('–');
    expect(fmtMeasure(74.00118, 0.01)).toBe('74.00118');
    expect(fmtMeasure(0.009785)).toBe('0.009785');
    expect(fmtMeasure(123.456)).toBe('123.46');
    expect(fmtMeasure(null)).toBe('–');
  });
});
