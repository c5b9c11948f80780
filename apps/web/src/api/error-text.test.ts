import { ERROR_CODES, issueMessage, RULE_MESSAGES, translateMessage } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../i18n/index.ts';
import { errorText } from './error-text.ts';

// Issue 10 §4: every error the server can answer reaches the user in the UI language, from its code and extraData;
// the server's English `message` never shows.
const LOCALES = ['kr', 'en'] as const;
const SERVER_TEXT = 'Server English text that must not show';
const hangul = /[가-힣]/;

describe('error codes of the contract', () => {
  it.each(ERROR_CODES.flatMap((code) => LOCALES.map((lng) => [code, lng] as const)))(
    '%s has a %s text',
    (code, lng) => {
      expect(i18n.exists(`common:errors.${code}`, { lng }), `common:errors.${code} missing in ${lng}`).toBe(true);
      const text = errorText({ status: 409, code, extraData: {} }, lng);
      expect(text).not.toContain(SERVER_TEXT);
      expect(text.trim()).not.toBe('');
      if (lng === 'kr') expect(text).toMatch(hangul);
      else expect(text).not.toMatch(hangul);
    },
  );

  it('never shows the server message, even for a code the web does not know', () => {
    for (const lng of LOCALES) {
      for (const status of [0, 400, 401, 403, 404, 409, 422, 500, 503]) {
        const text = errorText({ status, code: 'SOMETHING_NEW', extraData: {} }, lng);
        expect(text).not.toContain(SERVER_TEXT);
        if (lng === 'kr') expect(text).toMatch(hangul);
        else expect(text).not.toMatch(hangul);
      }
    }
  });
});

describe('extraData in the message', () => {
  it('a DUPLICATE names the value and the existing row that holds it', () => {
    const err = {
      status: 409,
      code: 'DUPLICATE',
      extraData: { field: 'code', value: 'fg-1001', existing: { id: 7, key: 'FG-1001', name: '완제품 A' } },
    };
    expect(errorText(err, 'kr')).toBe('이미 사용 중인 값입니다: fg-1001 (FG-1001 완제품 A)');
    expect(errorText(err, 'en')).toBe('This value is already in use: fg-1001 (FG-1001 완제품 A)');
  });

  it('a refusal is shown from its messageKey', () => {
    const err = { status: 409, code: 'CONFLICT', extraData: { messageKey: 'selfDelete' } };
    expect(errorText(err, 'kr')).toBe('자기 자신의 계정은 삭제할 수 없습니다.');
    expect(errorText(err, 'en')).toBe('You cannot delete your own account.');
  });

  it('a 400 shows its first field message, a rule key translated', () => {
    const err = {
      status: 400,
      code: 'VALIDATION_ERROR',
      extraData: { fields: [{ field: 'qty', message: 'min {"min":0}' }] },
    };
    expect(errorText(err, 'kr')).toBe('입력값이 올바르지 않습니다. (0 이상이어야 합니다.)');
    expect(errorText(err, 'en')).toBe('Invalid input value (Must be at least 0.)');
  });

  it('a BOM cycle shows its path', () => {
    const err = { status: 409, code: 'BOM_CYCLE', extraData: { path: ['A', 'B', 'A'] } };
    expect(errorText(err, 'kr')).toContain('A → B → A');
  });
});

describe('field messages per zod issue kind', () => {
  // One schema per kind of issue zod reports; each must come out as a rule message, translated in both languages.
  const cases: [string, z.ZodType, unknown][] = [
    ['required', z.object({ a: z.string() }), {}],
    ['unknown key', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
    ['not a number', z.number(), 'x'],
    ['not an integer', z.number().int(), 1.5],
    ['below the minimum', z.number().min(3), 1],
    ['not positive', z.number().positive(), 0],
    ['above the maximum', z.number().max(9), 10],
    ['not below', z.number().lt(9), 10],
    ['empty text', z.string().min(1), ''],
    ['too short', z.string().min(3), 'a'],
    ['too long', z.string().max(2), 'abc'],
    ['no item', z.array(z.number()).min(1), []],
    ['too many items', z.array(z.number()).max(1), [1, 2]],
    ['email', z.email(), 'x'],
    ['url', z.url(), 'x'],
    ['date', z.iso.date(), 'x'],
    ['pattern', z.string().regex(/^a$/), 'b'],
    ['option', z.enum(['a', 'b']), 'c'],
    ['multiple', z.number().multipleOf(5), 3],
    ['union', z.union([z.string(), z.number()]), true],
    ['custom', z.string().refine(() => false), 'x'],
  ];
  it.each(cases)('%s', (_, schema, input) => {
    const res = schema.safeParse(input);
    expect(res.success).toBe(false);
    const key = issueMessage(res.error!.issues[0]);
    expect(Object.keys(RULE_MESSAGES)).toContain(key.split(' ')[0]);
    const kr = translateMessage(key, 'kr');
    const en = translateMessage(key, 'en');
    expect(kr).toMatch(hangul);
    expect(en).not.toMatch(hangul);
    expect(kr).not.toMatch(/\{\w+\}/);
    expect(en).not.toMatch(/\{\w+\}/);
  });

  it('keeps a rule message of the schema itself', () => {
    expect(issueMessage({ code: 'custom', message: 'lossRate' })).toBe('lossRate');
    expect(issueMessage({ code: 'too_small', message: 'min {"min":1}', origin: 'number', minimum: 1 })).toBe(
      'min {"min":1}',
    );
  });

  it('every rule message has both languages', () => {
    for (const [key, texts] of Object.entries(RULE_MESSAGES)) {
      expect(texts.kr, key).toMatch(hangul);
      expect(texts.en.trim(), key).not.toBe('');
    }
  });
});
