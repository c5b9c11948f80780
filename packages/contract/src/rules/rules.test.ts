import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RULE_MESSAGES, toLocale, translateMessage } from '../messages.ts';
import { cascaderDepthOk, fileSizeLimit, isDate, isEmpty, rules, withPasswordConfirm } from './index.ts';

/** The message of the first issue, or null when the value passes. */
function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

type Case = {
  rule: string;
  schema: z.ZodType;
  valid: unknown[];
  invalid: unknown[];
  /** The zod issue message (a rule key with its parameters) and its text in both languages. */
  message: string;
  kr: string;
  en: string;
};

// SPEC §5 reusable rules, each with values that pass, values that fail, and the message shown.
const CASES: Case[] = [
  {
    rule: 'required',
    schema: rules.required(),
    valid: ['a', ' x '],
    invalid: ['', '   ', undefined, null],
    message: 'required',
    kr: '필수 입력 항목입니다.',
    en: 'This field is required.',
  },
  {
    rule: 'email',
    schema: rules.email(),
    valid: ['kim@factory.co.kr', 'a.b+c@d.io'],
    invalid: ['kim@factory', 'kim factory@a.kr', '@a.kr', 'kim@'],
    message: 'email',
    kr: '올바른 이메일 형식이 아닙니다.',
    en: 'Invalid email format.',
  },
  {
    rule: 'minimum length',
    schema: rules.length(3, 10),
    valid: ['abc', 'abcdefghij'],
    invalid: ['', 'ab'],
    message: 'minLength {"min":3}',
    kr: '3자 이상 입력하세요.',
    en: 'Enter at least 3 characters.',
  },
  {
    rule: 'maximum length',
    schema: rules.length(3, 10),
    valid: ['abcde'],
    invalid: ['abcdefghijk'],
    message: 'maxLength {"max":10}',
    kr: '10자 이하로 입력하세요.',
    en: 'Enter at most 10 characters.',
  },
  {
    rule: 'maximum length of text',
    schema: rules.text(5),
    valid: ['abcde', '  abcde  '],
    invalid: ['abcdef'],
    message: 'maxLength {"max":5}',
    kr: '5자 이하로 입력하세요.',
    en: 'Enter at most 5 characters.',
  },
  {
    rule: 'regex',
    schema: rules.regex(/^[A-Z]{2}\d{3}$/),
    valid: ['AB123'],
    invalid: ['ab123', 'AB1234', ''],
    message: 'pattern',
    kr: '형식이 올바르지 않습니다.',
    en: 'Invalid format.',
  },
  {
    rule: 'regex with a custom message',
    schema: rules.regex(/^LOT-\d+$/, 'LOT-숫자 / LOT-number'),
    valid: ['LOT-1'],
    invalid: ['LOT-', 'lot-1'],
    message: 'LOT-숫자 / LOT-number',
    kr: 'LOT-숫자 / LOT-number',
    en: 'LOT-숫자 / LOT-number',
  },
  {
    rule: 'date range',
    schema: rules.dateRange(),
    valid: ['2024-01-01 ~ 2024-01-31', '2024-01-01~2024-01-01'],
    invalid: [
      '2024-01-31 ~ 2024-01-01',
      '2024-01-01',
      '2024-01-01 ~ 2024-01-02 ~ 2024-01-03',
      '2024-01-01 ~ x',
      '2024-02-30 ~ 2024-03-01',
    ],
    message: 'dateRange',
    kr: '기간은 "시작일 ~ 종료일" 형식이어야 합니다.',
    en: 'A period must be two dates separated by ~.',
  },
  {
    rule: 'date',
    schema: rules.date(),
    valid: ['2024-02-29', '2023-12-31'],
    invalid: ['2023-02-29', '2024-02-30', '2024-13-01', '2024-1-1', '2024/01/01', ''],
    message: 'date',
    kr: 'yyyy-MM-dd 형식으로 입력하세요.',
    en: 'Use the format yyyy-MM-dd.',
  },
  {
    rule: 'minimum value',
    schema: rules.min(0),
    valid: [0, 0.5, 100],
    invalid: [-1, -0.001],
    message: 'min {"min":0}',
    kr: '0 이상이어야 합니다.',
    en: 'Must be at least 0.',
  },
  {
    rule: 'maximum value',
    schema: rules.max(10),
    valid: [10, -5],
    invalid: [10.5, 11],
    message: 'max {"max":10}',
    kr: '10 이하여야 합니다.',
    en: 'Must be at most 10.',
  },
  {
    rule: 'between values',
    schema: rules.between(1, 5),
    valid: [1, 3, 5],
    invalid: [0, 5.01, 6],
    message: 'between {"min":1,"max":5}',
    kr: '1에서 5 사이여야 합니다.',
    en: 'Must be between 1 and 5.',
  },
  {
    rule: 'real number',
    schema: rules.realNumber(),
    valid: [1, -2.5, '3.14', '-7', '.5', '+2'],
    invalid: ['abc', '1e5', '1.2.3', '', ' '],
    message: 'realNumber',
    kr: '숫자를 입력하세요.',
    en: 'Enter a number.',
  },
  {
    rule: 'datetime yyyy-MM-dd HH:mm',
    schema: rules.datetime(),
    valid: ['2024-01-31 13:45', '2024-02-29 00:00', '2024-12-31 23:59'],
    invalid: ['2024-01-31 24:00', '2024-01-31T13:45', '2024-01-31 13:45:00', '2024-02-30 10:00', '2024-01-31'],
    message: 'datetime',
    kr: 'yyyy-MM-dd HH:mm 형식으로 입력하세요.',
    en: 'Use the format yyyy-MM-dd HH:mm.',
  },
  {
    rule: 'decimal (default 10 integer digits, 5 places)',
    schema: rules.decimal(),
    valid: [1234567890.12345, 0.5, -3, 0.00001, 0],
    invalid: [12345678901, 1.123456, 0.000001],
    message: 'decimal {"int":10,"scale":5}',
    kr: '정수 10자리, 소수점 이하 5자리까지 입력할 수 있습니다.',
    en: 'Up to 10 integer digits and 5 decimal places.',
  },
  {
    rule: 'decimal (configured 3 integer digits, 2 places)',
    schema: rules.decimal(3, 2),
    valid: [999.99, -1.5],
    invalid: [1000, 1.234],
    message: 'decimal {"int":3,"scale":2}',
    kr: '정수 3자리, 소수점 이하 2자리까지 입력할 수 있습니다.',
    en: 'Up to 3 integer digits and 2 decimal places.',
  },
  {
    rule: 'quantity (numeric 15,5)',
    schema: rules.qty(),
    valid: [1.5, 9999999999.99999],
    invalid: [1.123456, 10000000000],
    message: 'decimal {"int":10,"scale":5}',
    kr: '정수 10자리, 소수점 이하 5자리까지 입력할 수 있습니다.',
    en: 'Up to 10 integer digits and 5 decimal places.',
  },
  {
    rule: 'integer up to n digits',
    schema: rules.integerDigits(3),
    valid: [999, -12, 0],
    invalid: [1000, 1.5, -1000],
    message: 'integerDigits {"digits":3}',
    kr: '3자리 이하의 정수를 입력하세요.',
    en: 'Enter an integer of at most 3 digits.',
  },
  {
    rule: 'URL',
    schema: rules.url(),
    valid: ['https://example.com/a?b=1', 'http://192.168.0.10:3000'],
    invalid: ['example.com', 'ftp://example.com', 'javascript:alert(1)', 'http//x'],
    message: 'url',
    kr: '올바른 URL 형식이 아닙니다.',
    en: 'Invalid URL.',
  },
  {
    rule: 'phone numbers',
    schema: rules.phone(),
    valid: ['010-1234-5678', '02-123-4567;031-123-4567', '0101234'],
    invalid: ['010 1234 5678', '+82-10-1234', '010-ABCD', ''],
    message: 'phone',
    kr: '숫자, "-", ";" 만 입력할 수 있습니다.',
    en: 'Only digits, "-" and ";" are allowed.',
  },
  {
    rule: 'business registration number',
    schema: rules.bizRegNo(),
    valid: ['123-45-67890'],
    invalid: ['1234567890', '123-456-7890', '12-345-67890', '123-45-6789'],
    message: 'bizRegNo',
    kr: '사업자등록번호 형식(XXX-XX-XXXXX)이 아닙니다.',
    en: 'Business registration number must be XXX-XX-XXXXX.',
  },
  {
    rule: 'corporate registration number',
    schema: rules.corpRegNo(),
    valid: ['110111-1234567'],
    invalid: ['1101111234567', '11011-11234567', '110111-123456'],
    message: 'corpRegNo',
    kr: '법인등록번호 형식(XXXXXX-XXXXXXX)이 아닙니다.',
    en: 'Corporate registration number must be XXXXXX-XXXXXXX.',
  },
  {
    rule: 'natural number',
    schema: rules.naturalNumber(),
    valid: [1, 42, 1000000],
    invalid: [0, -1, 1.5],
    message: 'naturalNumber',
    kr: '자연수를 입력하세요.',
    en: 'Enter a natural number.',
  },
  {
    rule: 'camelCase',
    schema: rules.camelCase(),
    valid: ['abc', 'fieldName2', 'x'],
    invalid: ['FieldName', 'field_name', '1abc', 'field-name', ''],
    message: 'camelCase',
    kr: '영문 소문자로 시작하고 영문과 숫자만 사용할 수 있습니다.',
    en: 'Start with a lowercase letter, then letters and digits only.',
  },
  {
    rule: 'value not in a list',
    schema: rules.notIn(['admin', 'root']),
    valid: ['kim', 'Admin'],
    invalid: ['admin', 'root'],
    message: 'notIn',
    kr: '사용할 수 없는 값입니다.',
    en: 'This value is not allowed.',
  },
  {
    rule: 'password',
    schema: rules.password(),
    valid: ['abcd1234', 'Passw0rd!'],
    invalid: ['abcdefgh', '12345678', 'abc123', ''],
    message: 'password',
    kr: '비밀번호는 8자 이상이며 영문과 숫자를 포함해야 합니다.',
    en: 'The password needs at least 8 characters with letters and digits.',
  },
  {
    rule: 'value not equal to a given value',
    schema: rules.notEqual('admin'),
    valid: ['kim', 'admin2'],
    invalid: ['admin'],
    message: 'notEqual {"value":"admin"}',
    kr: 'admin와(과) 같은 값은 사용할 수 없습니다.',
    en: 'Must not be admin.',
  },
  {
    rule: 'search text',
    schema: rules.searchText(),
    valid: ['ab', ' 볼트 '],
    invalid: ['a', ' a ', ''],
    message: 'searchText',
    kr: '검색어를 2자 이상 입력하세요.',
    en: 'Enter at least 2 characters to search.',
  },
  {
    rule: 'target quantity',
    schema: rules.targetQty(),
    valid: [0, 12.5],
    invalid: [-1, -0.5],
    message: 'targetQty',
    kr: '목표 수량은 0 이상이어야 합니다.',
    en: 'The target quantity must be at least 0.',
  },
  {
    rule: 'profile phone 000-0000-0000',
    schema: rules.profilePhone(),
    valid: ['010-1234-5678'],
    invalid: ['010-123-5678', '01012345678', '010-1234-56789', '02-1234-5678'],
    message: 'profilePhone',
    kr: '잘못된 전화번호입니다.[000-0000-0000]',
    en: 'Invalid phone number.[000-0000-0000]',
  },
];

describe('SPEC §5 reusable rules', () => {
  describe.each(CASES)('$rule', ({ schema, valid, invalid, message, kr, en }) => {
    it.each(valid.map((v) => [v]))('accepts %j', (value) => {
      expect(messageOf(schema, value)).toBeNull();
    });
    it.each(invalid.map((v) => [v]))('refuses %j', (value) => {
      const got = messageOf(schema, value);
      // An empty value of a text rule is reported as required, before the rule itself.
      if (value === '' && got === 'required') return;
      expect(got).toBe(message);
    });
    it('says so in both languages', () => {
      expect(translateMessage(message, 'kr')).toBe(kr);
      expect(translateMessage(message, 'en')).toBe(en);
    });
  });

  it('required: empty values, including an empty array, fail', () => {
    for (const v of [undefined, null, '', '  ', []]) expect(isEmpty(v), JSON.stringify(v)).toBe(true);
    for (const v of ['a', 0, false, ['x'], {}]) expect(isEmpty(v), JSON.stringify(v)).toBe(false);
  });

  it('period must be selected: an unselected period is empty, and the message says so', () => {
    for (const v of [null, [], '']) expect(isEmpty(v)).toBe(true);
    expect(isEmpty(['2024-01-01', '2024-01-31'])).toBe(false);
    expect(translateMessage('periodRequired', 'kr')).toBe('기간을 선택하세요.');
    expect(translateMessage('periodRequired', 'en')).toBe('Select a period.');
  });

  it('file upload maximum size in MB or KB', () => {
    expect(fileSizeLimit(100, 'KB')).toBe(102_400);
    expect(fileSizeLimit(20, 'MB')).toBe(20_971_520);
    expect(translateMessage('fileSize {"size":100,"unit":"KB"}', 'kr')).toBe('파일 크기는 100KB 이하여야 합니다.');
    expect(translateMessage('fileSize {"size":100,"unit":"KB"}', 'en')).toBe('The file must be at most 100 KB.');
  });

  it('password confirmation equals the password', () => {
    const form = withPasswordConfirm(
      z.object({ password: z.string().optional(), passwordConfirm: z.string().optional() }),
    );
    expect(form.safeParse({ password: 'abcd1234', passwordConfirm: 'abcd1234' }).success).toBe(true);
    expect(form.safeParse({}).success).toBe(true);
    const bad = form.safeParse({ password: 'abcd1234', passwordConfirm: 'abcd1235' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ['passwordConfirm'], message: 'passwordConfirm' });
    expect(translateMessage('passwordConfirm', 'kr')).toBe('비밀번호가 일치하지 않습니다.');
    expect(translateMessage('passwordConfirm', 'en')).toBe('The passwords do not match.');
  });

  it('a calendar date must exist', () => {
    expect(isDate('2024-02-29')).toBe(true);
    for (const v of ['2023-02-29', '2024-04-31', '2024-00-10', '2024-01-00']) expect(isDate(v), v).toBe(false);
  });
});

describe('cascaderDepthOk', () => {
  it.each([
    [['a', 'b'], 2, true],
    [['a'], 2, false],
    [['a', 'b', 'c'], 2, false],
    [[], 1, false],
    [null, 2, false],
    [undefined, 3, false],
    [['a'], undefined, true],
    [[], 0, true],
    [null, undefined, true],
  ] as const)('path %j at required depth %j → %j', (path, depth, ok) => {
    expect(cascaderDepthOk(path as readonly unknown[] | null | undefined, depth)).toBe(ok);
  });

  it('has a default message naming the depth', () => {
    expect(translateMessage('cascaderDepth {"depth":3}', 'kr')).toBe('3단계까지 선택해야 합니다.');
    expect(translateMessage('cascaderDepth {"depth":3}', 'en')).toBe('Select down to level 3.');
  });
});

describe('translateMessage', () => {
  it('has every message in both languages', () => {
    for (const [key, texts] of Object.entries(RULE_MESSAGES)) {
      expect(texts.kr.trim(), key).not.toBe('');
      expect(texts.en.trim(), key).not.toBe('');
    }
  });

  it('returns text that is not a rule key, or has broken parameters, as it is', () => {
    expect(translateMessage('Something went wrong', 'kr')).toBe('Something went wrong');
    expect(translateMessage('minLength {broken', 'en')).toBe('minLength {broken');
  });

  it('picks the locale from Accept-Language: English for en…, Korean otherwise', () => {
    expect(toLocale('en-US,en;q=0.9')).toBe('en');
    expect(toLocale('EN')).toBe('en');
    expect(toLocale('ko-KR')).toBe('kr');
    expect(toLocale(undefined)).toBe('kr');
    expect(toLocale(null)).toBe('kr');
  });
});
