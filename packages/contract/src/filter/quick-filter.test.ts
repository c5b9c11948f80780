import { describe, expect, it } from 'vitest';
import { compileQuickFilter } from './quick-filter.ts';

describe('compileQuickFilter (SPEC §2 table filter syntax)', () => {
  const m = (q: string, text: string) => compileQuickFilter(q)?.(text);
  it('is null for an empty query', () => {
    expect(compileQuickFilter('  ')).toBeNull();
    expect(compileQuickFilter('|&')).toBeNull();
  });
  it('matches case-insensitively without quotes', () => {
    expect(m('APP', 'an apple')).toBe(true);
    expect(m('pear', 'an apple')).toBe(false);
  });
  it("'|' is or, '&' is and", () => {
    expect(m('pear|apple', 'an apple')).toBe(true);
    expect(m('an&apple', 'an apple')).toBe(true);
    expect(m('an&pear', 'an apple')).toBe(false);
    expect(m('pear&an|apple', 'an apple')).toBe(true);
  });
  it('quoted text is a case-sensitive substring, with | and & literal inside', () => {
    expect(m('"Apple"', 'an apple')).toBe(false);
    expect(m('"apple"', 'an apple')).toBe(true);
    expect(m('"Red & small"', 'Red & small')).toBe(true);
    expect(m('"a|b"', 'a or b')).toBe(false);
    expect(m('"a|b"', 'x a|b')).toBe(true);
  });
});
