import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fillTemplate, multipart, readXlsx, xlsxOf, xlsxPart, type Cell } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { locations } from '../location/location.table.ts';
import { users } from './user.table.ts';

const t = await createTestApp();
const importer = await t.makeUser({ user: { all: true } });
const viewer = await t.makeUser({ user: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko-KR' };
const PASSWORD = 'secret123';
const KEYS = ['userId', 'username', 'password', 'email', 'phone', 'location', 'roles', 'enabled'];

async function branch() {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const add = async (type: string, parentId: number | null, code: string | null = null) =>
      (
        await tx
          .insert(locations)
          .values({ name: uniq(type), type, parentId, code })
          .returning()
      )[0];
    const site = await add('SITE', null);
    const factory = await add('FACTORY', site.id);
    const line = await add('LINE', factory.id, uniq('L'));
    const warehouse = await add('WAREHOUSE', factory.id);
    const shelf = await add('SHELF', warehouse.id, uniq('S'));
    return { site, factory, line, warehouse, shelf };
  });
}

const download = async (url: string, token: string | null = importer.token, headers = en) => {
  const res = await t.inject({ method: 'GET', url, token, headers });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
const template = async (headers = en) => (await download('/api/user/excel/template', importer.token, headers)).file;

async function check(file: Buffer | ReturnType<typeof multipart>, token: string | null = importer.token, headers = en) {
  const body = Buffer.isBuffer(file) ? multipart([xlsxPart(file)]) : file;
  return t.inject({
    method: 'POST',
    url: '/api/user/excel/check',
    token,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}
const checkRows = async (rows: Record<string, Cell>[], headers = en) =>
  check(await fillTemplate(await template(), rows), importer.token, headers);

const save = (rows: { rowNumber: number; values: Record<string, string> }[], token: string | null = importer.token) =>
  t.inject({ method: 'POST', url: '/api/user/excel', token, headers: en, payload: { rows } });

const row = (extra: Record<string, Cell> = {}): Record<string, Cell> => ({
  userId: uniq('xu'),
  username: '홍길동',
  password: PASSWORD,
  ...extra,
});
const asSaveRows = (rows: Record<string, Cell>[]) =>
  rows.map((values, i) => ({
    rowNumber: i + 3,
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? '' : String(v)])),
  }));
const fileError = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('VALIDATION_ERROR');
  expect(res.body.extraData.fields).toHaveLength(1);
  expect(res.body.extraData.fields[0].field).toBe('file');
  return res.body.extraData.fields[0].message as string;
};

describe('GET /api/user/excel/template', () => {
  it('has the hidden keys in row 1, headers in the caller language in row 2 and an options sheet', async () => {
    const role = await t.makeRole({ notice: { view: true } });
    const place = await branch();
    const res = await download('/api/user/excel/template');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('users-template.xlsx');
    const [sheet, options] = await readXlsx(res.file);
    // Custom fields of the users table, if any, follow the fixed columns.
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.rows[0].slice(KEYS.length).every((k) => k.startsWith('ext.'))).toBe(true);
    expect(sheet.keyRowHidden).toBe(true);
    expect(sheet.rows[1].slice(0, KEYS.length)).toEqual([
      'User ID',
      'Name',
      'Initial password',
      'Email',
      'Phone',
      'Location',
      'Roles',
      'Enabled',
    ]);
    expect(sheet.rows).toHaveLength(2);
    expect(options.name).toBe('options');
    const col = (header: string) => {
      const i = options.rows[0].indexOf(header);
      expect(i, header).toBeGreaterThanOrEqual(0);
      return options.rows
        .slice(1)
        .map((r) => r[i])
        .filter(Boolean);
    };
    expect(col('Enabled')).toEqual(['Y', 'N']);
    expect(col('Roles')).toContain(role.name);
    const paths = col('Location');
    expect(paths).toContain(`${place.site.name} / ${place.factory.name} / ${place.line.name}`);
    expect(paths.some((p) => p.includes(place.shelf.name))).toBe(false);
    // A dropdown on the enabled column, none on roles (several per cell).
    expect(sheet.validations.H3.formulae).toEqual(['"Y,N"']);
    expect(sheet.validations.H5002.formulae).toEqual(['"Y,N"']);
    expect(sheet.validations.F3.formulae[0]).toMatch(/^'options'!\$A\$2:\$A\$\d+$/);
    expect(sheet.validations.G3).toBeUndefined();

    const korean = await readXlsx(await template(kr));
    expect(korean[0].rows[1].slice(0, 3)).toEqual(['사용자 ID', '이름', '초기 비밀번호']);
    expect(korean[1].name).toBe('허용값');
  });

  it('answers 401 and 403 (no create right on the user menu)', async () => {
    expect((await download('/api/user/excel/template', null)).status).toBe(401);
    expect((await download('/api/user/excel/template', viewer.token)).status).toBe(403);
  });
});

describe('POST /api/user/excel/check: the file', () => {
  it('refuses what is not an xlsx by its content: a PNG or CSV renamed .xlsx, an .xls, a docx-like zip', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const csv = Buffer.from('userId,username,password\nabc,Kim,secret123\n');
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    const { zipSync, strToU8 } = await import('fflate');
    const notWorkbook = Buffer.from(
      zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w/>') }),
    );
    for (const data of [png, csv, ole, notWorkbook, Buffer.from('PK\u0003\u0004broken')]) {
      expect(fileError(await check(multipart([xlsxPart(data, 'users.xlsx')])))).toBe(
        'Only spreadsheet files (xlsx) can be uploaded.',
      );
    }
    expect(fileError(await check(multipart([xlsxPart(png)]), importer.token, kr))).toBe(
      '엑셀 파일(xlsx)만 올릴 수 있습니다.',
    );
  });

  it('takes exactly one file', async () => {
    const file = await template();
    expect(fileError(await check(multipart([xlsxPart(file), xlsxPart(file, 'second.xlsx')])))).toBe(
      'Upload one file at a time.',
    );
    expect(fileError(await check(multipart([{ field: 'note', data: 'x' }])))).toBe('This field is required.');
    const json = await t.inject({
      method: 'POST',
      url: '/api/user/excel/check',
      token: importer.token,
      headers: en,
      payload: { rows: [] },
    });
    expect(fileError(json)).toBe('This field is required.');
  });

  it('refuses a wrong header row and accepts headers alone when the key row is missing', async () => {
    const wrongKeys = await xlsxOf([
      ['userId', 'username', 'password'],
      ['User ID', 'Name', 'Password'],
      ['a', 'b', 'c'],
    ]);
    expect(fileError(await check(wrongKeys))).toBe('The file format is wrong. Download the template and use it.');
    const extra = await xlsxOf([[...KEYS, 'salary'], [], [uniq('x'), 'Kim', PASSWORD]]);
    expect(fileError(await check(extra))).toMatch(/format is wrong/);
    const headers = async (h: typeof en) => (await readXlsx(await template(h)))[0].rows[1];
    const headersOnlyEn = await xlsxOf([[], await headers(en), [uniq('x'), 'Kim', PASSWORD]]);
    const ok = await check(headersOnlyEn);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.rows).toHaveLength(1);
    const [id, name, ...rest] = await headers(kr);
    expect([id, name]).toEqual(['사용자 ID', '이름']);
    const headersKrReordered = await xlsxOf([[], [name, id, ...rest], ['Kim', uniq('x'), PASSWORD]]);
    const kr2 = await check(headersKrReordered);
    expect(kr2.status).toBe(200);
    expect(kr2.body.data.rows[0].errors).toEqual([]);
    const unknownHeader = await xlsxOf([[], ['User ID', 'Name', 'Password'], ['a', 'b', 'c']]);
    expect(fileError(await check(unknownHeader))).toMatch(/format is wrong/);
  });

  it('refuses a zip bomb and a sheet over the row cap before reading it', async () => {
    const { unzipSync, zipSync } = await import('fflate');
    const parts = unzipSync(new Uint8Array(await fillTemplate(await template(), [row()])));
    const bomb = Buffer.from(zipSync({ ...parts, 'xl/media/pad.bin': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    expect(fileError(await check(bomb))).toBe('The file is too large (at most 5000 rows, 50 MB uncompressed).');
    const many = await fillTemplate(
      await template(),
      Array.from({ length: 5001 }, () => ({ userId: 'x' })),
    );
    expect(fileError(await check(many, importer.token, kr))).toBe('파일이 너무 큽니다(최대 5000행, 압축 해제 50MB).');
  });

  it('refuses an upload over the size cap', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect(fileError(await check(big))).toBe('The file must be at most 5 MB.');
  });

  it('needs at least one data row (the empty template, or only blank rows)', async () => {
    expect(fileError(await check(await template()))).toBe('There is no data row. Enter data from row 3.');
    const blanks = await fillTemplate(await template(), [{ userId: '  ' }, { username: '' }]);
    expect(fileError(await check(blanks))).toMatch(/no data row/);
  });
});

describe('POST /api/user/excel/check: the rows', () => {
  it('lists every row with its errors: row number, column and message in the caller language', async () => {
    const place = await branch();
    const rows = [
      row(),
      row({ email: 'not-an-email', password: 'abcdefgh' }),
      row({ username: '', roles: 'no such role', enabled: 'maybe' }),
      row({ location: place.shelf.code, phone: '010-12ab' }),
    ];
    const res = await checkRows(rows);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.columns.map((c: { key: string }) => c.key).slice(0, KEYS.length)).toEqual(KEYS);
    expect(data.columns[0]).toEqual({ key: 'userId', header: 'User ID', required: true });
    expect(data.columns.find((c: { key: string }) => c.key === 'enabled').options).toEqual(['Y', 'N']);
    // The initial password is typed into the file but masked in the import popup.
    expect(data.columns.find((c: { key: string }) => c.key === 'password').secret).toBe(true);
    expect(data.invalidCount).toBe(3);
    expect(data.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([3, 4, 5, 6]);
    expect(data.rows[0].errors).toEqual([]);
    expect(data.rows[0].values.userId).toBe(rows[0].userId);
    expect(data.rows[1].errors).toEqual([
      { column: 'password', message: 'The password needs at least 8 characters with letters and digits.' },
      { column: 'email', message: 'Invalid email format.' },
    ]);
    expect(data.rows[2].errors).toEqual([
      { column: 'username', message: 'This field is required.' },
      { column: 'roles', message: 'Not found: no such role' },
      { column: 'enabled', message: 'Enter Y or N.' },
    ]);
    // A shelf is below the line level, so it is not a location a user can have.
    expect(data.rows[3].errors).toEqual([
      { column: 'phone', message: 'Only digits, "-" and ";" are allowed.' },
      { column: 'location', message: `Not found: ${place.shelf.code}` },
    ]);

    const korean = await checkRows([row({ email: 'x' })], kr);
    expect(korean.body.data.rows[0].errors).toEqual([{ column: 'email', message: '올바른 이메일 형식이 아닙니다.' }]);
    expect(korean.body.data.columns[0].header).toBe('사용자 ID');
  });

  it('resolves a location by code, name or path and roles by name, comma-separated', async () => {
    const place = await branch();
    const r1 = await t.makeRole({ notice: { view: true } });
    const r2 = await t.makeRole({ notice: { view: true } });
    const res = await checkRows([
      row({ location: place.line.code, roles: `${r1.name}, ${r2.name}` }),
      row({ location: place.warehouse.name.toUpperCase(), roles: r2.name }),
      row({ location: `${place.site.name}/${place.factory.name}`, enabled: 'n' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.invalidCount).toBe(0);
  });

  it('reports a name several locations share, and marks duplicates in the file and in the database', async () => {
    const a = await branch();
    const b = await branch();
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.insert(locations).values({ name: a.line.name, type: 'LINE', parentId: b.factory.id }),
    );
    const existing = await t.makeUser({});
    const twice = uniq('dup');
    const res = await checkRows([
      row({ userId: twice }),
      row({ userId: existing.userId }),
      row({ userId: twice }),
      row({ location: a.line.name }),
    ]);
    const rows = res.body.data.rows;
    expect(rows[0].errors).toEqual([]);
    expect(rows[1].errors).toEqual([{ column: 'userId', message: 'This value already exists.' }]);
    expect(rows[2].errors).toEqual([{ column: 'userId', message: 'Duplicated in the file (row 3).' }]);
    expect(rows[3].errors).toEqual([
      {
        column: 'location',
        message: `Several items match ${a.line.name}. Enter the code or the full path.`,
      },
    ]);
  });

  it('answers 401 and 403', async () => {
    const file = await template();
    expect((await check(file, null)).status).toBe(401);
    expect((await check(file, viewer.token)).status).toBe(403);
  });
});

describe('POST /api/user/excel', () => {
  it('saves every row in one go: the users are listed, can log in, and have a change history entry', async () => {
    const place = await branch();
    const role = await t.makeRole({ notice: { view: true } });
    const tag = uniq('imp');
    const rows = [
      row({ userId: `${tag}a`, email: `${tag}@x.co`, location: place.line.code, roles: role.name }),
      row({ userId: `${tag}b`, username: '김철수', enabled: 'N', phone: '010-1234-5678' }),
    ];
    const checked = await checkRows(rows);
    expect(checked.body.data.invalidCount).toBe(0);
    const res = await save(checked.body.data.rows.map(({ rowNumber, values }: any) => ({ rowNumber, values })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { saved: 2 } });

    const list = await t.inject({ method: 'GET', url: `/api/user/users?q=${tag}`, token: importer.token });
    const users = list.body.data.sort((x: any, y: any) => x.userId.localeCompare(y.userId));
    expect(users).toHaveLength(2);
    expect(users[0]).toMatchObject({
      userId: `${tag}a`,
      username: '홍길동',
      email: `${tag}@x.co`,
      enabled: true,
      locationId: place.line.id,
      roles: [{ id: role.id }],
      createdBy: importer.userId,
    });
    expect(users[1]).toMatchObject({ userId: `${tag}b`, enabled: false, phone: '010-1234-5678', roles: [] });
    await expect(t.login(`${tag}a`, PASSWORD)).resolves.toBeTruthy();

    const history = await t.inject({
      method: 'GET',
      url: `/api/history/record/users/${users[0].id}`,
      token: (await t.admin()).token,
    });
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ revisionType: 'ADD', updateBy: importer.userId });
  });

  it('saves nothing when the last row is invalid, naming that row', async () => {
    const tag = uniq('all');
    const rows = asSaveRows([
      row({ userId: `${tag}1` }),
      row({ userId: `${tag}2` }),
      row({ userId: `${tag}3`, email: 'bad' }),
    ]);
    const res = await save(rows);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: '1 rows have invalid values, so nothing was saved.',
      extraData: {
        fields: [{ field: 'rows', message: '1 rows have invalid values, so nothing was saved.' }],
        rows: [{ rowNumber: 5, errors: [{ column: 'email', message: 'Invalid email format.' }] }],
      },
    });
    const list = await t.inject({ method: 'GET', url: `/api/user/users?q=${tag}`, token: importer.token });
    expect(list.body.data).toEqual([]);
  });

  it('rolls every row back when only the database refuses the last row', async () => {
    const tag = uniq('db');
    const doomed = `${tag}3`;
    const fn = `eqms_test_refuse_${tag.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
    // What a concurrent import of the same user id looks like: the unique index refuses the row at insert time.
    await t.db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${doomed}' then
            raise exception 'taken' using errcode = 'unique_violation', constraint = 'users_user_id_unique';
          end if;
          return new;
        end $$`),
    );
    await t.db.execute(sql.raw(`create trigger ${fn} before insert on users for each row execute function ${fn}()`));
    try {
      const res = await save(
        asSaveRows([row({ userId: `${tag}1` }), row({ userId: `${tag}2` }), row({ userId: doomed })]),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.extraData.rows).toEqual([
        { rowNumber: 5, errors: [{ column: 'userId', message: 'This value already exists.' }] },
      ]);
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${fn} on users`));
      await t.db.execute(sql.raw(`drop function ${fn}()`));
    }
    const list = await t.inject({ method: 'GET', url: `/api/user/users?q=${tag}`, token: importer.token });
    expect(list.body.data).toEqual([]);
  });

  it('checks the rows again on the server: a row the check would reject is refused', async () => {
    const existing = await t.makeUser({});
    const res = await save(
      asSaveRows([row(), row({ userId: existing.userId }), row({ password: 'short', roles: 'nope' })]),
    );
    expect(res.status).toBe(400);
    expect(res.body.extraData.rows).toEqual([
      { rowNumber: 4, errors: [{ column: 'userId', message: 'This value already exists.' }] },
      {
        rowNumber: 5,
        errors: [
          { column: 'password', message: 'The password needs at least 8 characters with letters and digits.' },
          { column: 'roles', message: 'Not found: nope' },
        ],
      },
    ]);
  });

  it('answers 400 for a bad body, 401 and 403', async () => {
    expect((await save([])).status).toBe(400);
    expect((await save([{ rowNumber: 1, values: {} }])).status).toBe(400);
    const two = asSaveRows([row(), row()]).map((r) => ({ ...r, rowNumber: 3 }));
    expect((await save(two)).status).toBe(400);
    expect((await save(asSaveRows([row()]), null)).status).toBe(401);
    expect((await save(asSaveRows([row()]), viewer.token)).status).toBe(403);
  });
});

describe('GET /api/user/excel/export', () => {
  it('exports the filtered users in the template shape, escaping formula-like text, without passwords', async () => {
    const place = await branch();
    const role = await t.makeRole({ notice: { view: true } });
    const tag = uniq('exp');
    const create = (payload: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: '/api/user',
        token: importer.token,
        payload: { userId: uniq(tag), password: PASSWORD, ...payload },
      });
    for (const username of ['=1+2', '+cmd', '-sum', '@SUM(A1)', 'Plain']) {
      expect((await create({ username, locationId: place.line.id, roleIds: [role.id] })).status).toBe(200);
    }
    await t.inject({
      method: 'POST',
      url: '/api/user',
      token: importer.token,
      payload: { userId: uniq('other'), username: 'Not in the filter', password: PASSWORD },
    });

    const res = await download(`/api/user/excel/export?q=${tag}`, viewer.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/users-\d{8}\.xlsx/);
    const [sheet] = await readXlsx(res.file);
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.keyRowHidden).toBe(true);
    const data = sheet.rows.slice(2);
    expect(data).toHaveLength(5);
    expect(data.map((r) => r[1]).sort()).toEqual(["'+cmd", "'-sum", "'=1+2", "'@SUM(A1)", 'Plain'].sort());
    for (const r of data) {
      expect(r[2]).toBe('');
      expect(r[5]).toBe(`${place.site.name} / ${place.factory.name} / ${place.line.name}`);
      expect(r[6]).toBe(role.name);
      expect(r[7]).toBe('Y');
    }
    const byRole = await readXlsx((await download(`/api/user/excel/export?roleId=${role.id}`, viewer.token)).file);
    expect(byRole[0].rows.slice(2)).toHaveLength(5);
  });

  it('reads its own escaping back: an exported name starting with = is imported as typed', async () => {
    const tag = uniq('rt');
    const res = await checkRows([row({ userId: `${tag}`, username: "'=1+2" })]);
    expect(res.body.data.rows[0].errors).toEqual([]);
    expect((await save(asSaveRows([row({ userId: tag, username: "'=1+2" })]))).status).toBe(200);
    const list = await t.inject({ method: 'GET', url: `/api/user/users?q=${tag}`, token: importer.token });
    expect(list.body.data[0].username).toBe('=1+2');
  });

  it('answers 400 for a bad filter, 401 and 403', async () => {
    expect((await download('/api/user/excel/export?roleId=x', viewer.token)).status).toBe(400);
    expect((await download('/api/user/excel/export', null)).status).toBe(401);
    expect((await download('/api/user/excel/export', nobody.token)).status).toBe(403);
  });
});

describe('custom fields of the users table', () => {
  it('adds one column per field: listed options, checked values, saved into ext and exported', async () => {
    const admin = await t.admin();
    const grade = uniq('grade');
    const memo = uniq('memo');
    const made: number[] = [];
    const field = async (payload: Record<string, unknown>) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/custom-ext/custom',
        token: admin.token,
        payload: { table: 'users', ...payload },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(res.body.data.id);
    };
    try {
      await field({
        field: grade,
        display: `등급 ${grade}`,
        type: 'list',
        data: {
          items: [
            { value: 'G1', label: 'Gold' },
            { value: 'S1', label: '=Silver' },
          ],
        },
      });
      await field({ field: memo, display: `메모 ${memo}`, type: 'other' });

      const [sheet, options] = await readXlsx(await template());
      expect(sheet.rows[0]).toEqual(expect.arrayContaining([`ext.${grade}`, `ext.${memo}`]));
      expect(sheet.rows[1]).toContain(`등급 ${grade}`);
      const at = options.rows[0].indexOf(`등급 ${grade}`);
      expect(
        options.rows
          .slice(1)
          .map((r) => r[at])
          .filter(Boolean),
      ).toEqual(['G1', 'S1']);

      const tag = uniq('cf');
      const res = await checkRows([
        row({ userId: `${tag}1`, [`ext.${grade}`]: 'Gold', [`ext.${memo}`]: '=note' }),
        row({ userId: `${tag}2`, [`ext.${grade}`]: 'S1' }),
        row({ userId: `${tag}3`, [`ext.${grade}`]: 'Bronze', [`ext.${memo}`]: 'x'.repeat(501) }),
      ]);
      expect(res.status).toBe(200);
      const info = res.body.data.columns.find((c: { key: string }) => c.key === `ext.${grade}`);
      expect(info).toEqual({ key: `ext.${grade}`, header: `등급 ${grade}`, required: false, options: ['G1', 'S1'] });
      expect(res.body.data.rows.map((r: { errors: unknown[] }) => r.errors)).toEqual([
        [],
        [],
        [
          { column: `ext.${grade}`, message: 'Not found: Bronze' },
          { column: `ext.${memo}`, message: 'Enter at most 500 characters.' },
        ],
      ]);

      const saved = await save(
        res.body.data.rows.slice(0, 2).map(({ rowNumber, values }: any) => ({ rowNumber, values })),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const [first] = await t.db
        .select()
        .from(users)
        .where(eq(users.userId, `${tag}1`));
      expect(first.ext).toEqual({ [grade]: 'G1', [memo]: '=note' });

      const exported = await readXlsx((await download(`/api/user/excel/export?q=${tag}`, viewer.token)).file);
      const keys = exported[0].rows[0];
      const data = exported[0].rows.slice(2).sort((a, b) => a[0].localeCompare(b[0]));
      expect(data.map((r) => r[keys.indexOf(`ext.${grade}`)])).toEqual(['G1', 'S1']);
      expect(data[0][keys.indexOf(`ext.${memo}`)]).toBe("'=note");
    } finally {
      for (const id of made) {
        await t.inject({ method: 'DELETE', url: `/api/custom-ext/custom/${id}`, token: admin.token });
      }
    }
  });
});
