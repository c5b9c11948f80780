import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE §7: a key missing in either language fails a test. Every locales pair under apps/web/src:
// i18n/locales/<ns>.{kr,en}.json and features/*/locales/{kr,en}.json (and any other locales folder).
const SRC = path.resolve(import.meta.dirname, '..');

function localeDirs(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'generated') continue;
    const full = path.join(dir, entry);
    if (!statSync(full).isDirectory()) continue;
    if (entry === 'locales') out.push(full);
    localeDirs(full, out);
  }
  return out;
}

/** Pairs of (kr file, en file) in a locales folder: `kr.json`/`en.json` or `<ns>.kr.json`/`<ns>.en.json`. */
function pairs(dir: string): { kr: string; en: string; orphan?: string }[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const out: { kr: string; en: string; orphan?: string }[] = [];
  for (const f of files) {
    const m = /^(.*?)(?:^|\.)?(kr|en)\.json$/.exec(f);
    if (!m) continue;
    const other = f.replace(/(kr|en)\.json$/, m[2] === 'kr' ? 'en.json' : 'kr.json');
    if (m[2] === 'kr')
      out.push({ kr: path.join(dir, f), en: path.join(dir, other), orphan: files.includes(other) ? undefined : f });
    else if (!files.includes(other)) out.push({ kr: path.join(dir, other), en: path.join(dir, f), orphan: f });
  }
  return out;
}

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const dirs = localeDirs(SRC);
const all = dirs.flatMap(pairs);

describe('locales', () => {
  it('finds the common, glossary and feature locales', () => {
    const names = all.map((p) => path.relative(SRC, p.kr));
    expect(names).toContain(path.join('i18n', 'locales', 'common.kr.json'));
    expect(names).toContain(path.join('i18n', 'locales', 'glossary.kr.json'));
  });

  it.each(all.map((p) => [path.relative(SRC, p.kr).replace(/kr\.json$/, '{kr,en}.json'), p] as const))(
    '%s has the same keys in kr and en, none empty',
    (_, pair) => {
      expect(pair.orphan, `${pair.orphan} has no partner file`).toBeUndefined();
      const kr = JSON.parse(readFileSync(pair.kr, 'utf8'));
      const en = JSON.parse(readFileSync(pair.en, 'utf8'));
      const krKeys = keys(kr).sort();
      const enKeys = keys(en).sort();
      expect(
        krKeys.filter((k) => !enKeys.includes(k)),
        'keys missing in en',
      ).toEqual([]);
      expect(
        enKeys.filter((k) => !krKeys.includes(k)),
        'keys missing in kr',
      ).toEqual([]);
      const empty = (obj: unknown) =>
        keys(obj).filter((k) => {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], obj);
          return typeof v !== 'string' || v.trim() === '';
        });
      expect(empty(kr), 'empty kr texts').toEqual([]);
      expect(empty(en), 'empty en texts').toEqual([]);
    },
  );
});
