import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ID_MAX } from './constants.ts';
import { endpoint, endpoints } from './endpoint.ts';
import { translateMessage } from './messages.ts';
import { rules } from './rules/index.ts';
import { strictObjects } from './strict.ts';

const keysRefused = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.filter((i) => i.code === 'unrecognized_keys').map((i) => i.path.join('.'));
};

describe('strictObjects: JSON bodies refuse unknown keys (ARCHITECTURE §4)', () => {
  it('at every depth: nested objects, arrays, optional, nullable, default, unions', () => {
    const schema = strictObjects(
      z.object({
        a: z.object({ b: z.string() }).optional(),
        list: z.array(z.object({ c: z.number() })).default([]),
        either: z.union([z.object({ d: z.string() }), z.object({ e: z.number() })]).nullable(),
      }),
    );
    expect(keysRefused(schema, { x: 1 })).toEqual(['']);
    expect(keysRefused(schema, { a: { b: 'y', x: 1 } })).toEqual(['a']);
    expect(keysRefused(schema, { list: [{ c: 1, x: 1 }] })).toEqual(['list.0']);
    expect(schema.safeParse({ either: { d: 's', x: 1 } }).success).toBe(false);
    expect(schema.safeParse({ a: { b: 'y' }, list: [{ c: 1 }], either: { e: 2 } }).success).toBe(true);
  });

  it('keeps refinements and transforms, and the input side of a transform is strict', () => {
    const schema = strictObjects(
      z
        .object({ from: z.number(), to: z.number() })
        .refine((v) => v.from <= v.to, { message: 'order', path: ['to'] })
        .transform((v) => v.to - v.from),
    );
    expect(schema.parse({ from: 1, to: 3 })).toBe(2);
    expect(schema.safeParse({ from: 3, to: 1 }).error?.issues[0].message).toBe('order');
    expect(keysRefused(schema, { from: 1, to: 3, x: 1 })).toEqual(['']);
  });

  it('leaves records, loose objects and the original schema alone', () => {
    const original = z.object({ ext: z.record(z.string(), z.unknown()), loose: z.looseObject({ a: z.string() }) });
    const schema = strictObjects(original);
    expect(schema.safeParse({ ext: { any: 1 }, loose: { a: 'x', more: 1 } }).success).toBe(true);
    expect(original.safeParse({ ext: {}, loose: { a: 'x' }, extra: 1 }).success).toBe(true);
    expect(keysRefused(schema, { ext: {}, loose: { a: 'x' }, extra: 1 })).toEqual(['']);
  });

  it('endpoints() makes every JSON body strict; the shape stays readable for forms', () => {
    const body = z.object({ name: z.string() });
    const group = endpoints('t', { create: endpoint('POST', '/t', z.object({}), 'authenticated', 'x', { body }) });
    const strict = group.create.body as unknown as typeof body;
    expect(strict.safeParse({ name: 'a', extra: 1 }).success).toBe(false);
    expect(Object.keys(strict.shape)).toEqual(['name']);
    expect(body.safeParse({ name: 'a', extra: 1 }).success).toBe(true);
  });
});

describe('ids are bounded to the int4 identity columns', () => {
  const idRange = `idRange {"max":${ID_MAX}}`;
  it('rules.id(): text in a path or query', () => {
    expect(rules.id().parse('7')).toBe(7);
    expect(rules.id().parse(String(ID_MAX))).toBe(ID_MAX);
    for (const v of [String(ID_MAX + 1), '9999999999999999999999999999999999999999', '0', '-1', '1.5']) {
      expect(rules.id().safeParse(v).error?.issues[0].message, v).toBe(idRange);
    }
    expect(rules.id().safeParse('abc').error?.issues[0].message).toBe('invalidType');
  });

  it('rules.idValue(): a number in a JSON body, never text', () => {
    expect(rules.idValue().parse(ID_MAX)).toBe(ID_MAX);
    expect(rules.idValue().safeParse(ID_MAX + 1).error?.issues[0].message).toBe(idRange);
    expect(rules.idValue().safeParse('7').error?.issues[0].message).toBe('invalidType');
    expect(rules.idValue().safeParse(undefined).error?.issues[0].message).toBe('required');
  });

  it('rules.ids(): a comma-separated list, distinct, each in range', () => {
    expect(rules.ids().parse('3,1,3')).toEqual([3, 1]);
    expect(rules.ids().safeParse(`1,${ID_MAX + 1}`).error?.issues[0].message).toBe(idRange);
    expect(rules.ids().safeParse('9999999999999999999999999999999999999999').success).toBe(false);
    expect(rules.ids().safeParse('0').success).toBe(false);
    expect(rules.ids().safeParse('1,,2').error?.issues[0].message).toBe('invalidType');
  });

  it('says so in both languages, and NUL too', () => {
    expect(translateMessage(idRange, 'kr')).toBe('1에서 2147483647 사이의 ID여야 합니다.');
    expect(translateMessage(idRange, 'en')).toBe('An id is a whole number from 1 to 2147483647.');
    expect(translateMessage('nulChar', 'kr')).toBe('허용되지 않는 문자(NUL)가 들어 있습니다.');
    expect(translateMessage('nulChar', 'en')).toBe('Contains a character that is not allowed (NUL).');
  });
});
