import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Cell, fillTemplate, multipart, readXlsx, xlsxPart } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { locations } from './location.table.ts';

const t = await createTestApp();
const manager = await t.makeUser({ location: { all: true } });
const viewer = await t.makeUser({ location: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko' };
const KEYS = ['type', 'name', 'code', 'parent', 'sort', 'description'];

type Row = typeof locations.$inferSelect;

const branch = () => locationBranch(t.db);
const path = (...rows: Row[]) => rows.map((r) => r.name).join(' / ');

const download = async (url: string, token: string | null = manager.token, headers = en) => {
  const res = await t.inject({ method: 'GET', url, token, headers });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
const template = async (headers = en) => (await download('/api/location/excel/template', manager.token, headers)).file;
async function check(file: Buffer, token: string | null = manager.token, headers = en) {
  const body = multipart([xlsxPart(file)]);
  return t.inject({
    method: 'POST',
    url: '/api/location/excel/check',
    token,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}
const checkRows = async (rows: Record<string, Cell>[], headers = en) =>
  check(await fillTemplate(await template(), rows), manager.token, headers);
const errorsOf = (res: { body: any }) => res.body.data.rows.map((r: { errors: unknown[] }) => r.errors);
const asSaveRows = (rows: Record<string, Cell>[]) =>
  rows.map((values, i) => ({
    rowNumber: i + 3,
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? '' : String(v)])),
  }));
const save = (rows: Record<string, Cell>[], token: string | null = manager.token) =>
  t.inject({ method: 'POST', url: '/api/location/excel', token, headers: en, payload: { rows: asSaveRows(rows) } });
const byName = async (name: string) => (await t.db.select().from(locations).where(eq(locations.name, name)))[0];

/** A whole new tree in file order, each parent named a different way (name, path, code). */
const newTree = (tag: string): Record<string, Cell>[] => [
  { type: 'SITE', name: `${tag} site`, code: `${tag}-S` },
  { type: '공장', name: `${tag} factory`, parent: `${tag} site` },
  { type: 'line', name: `${tag} line`, parent: `${tag} site / ${tag} factory`, sort: 2 },
  { type: 'Warehouse', name: `${tag} wh`, code: `${tag}-W`, parent: `${tag} site/${tag} factory` },
  { type: 'SHELF', name: `${tag} shelf`, parent: `${tag}-W`, description: 'by the door' },
];

describe('GET /api/location/excel/template', () => {
  it('has the keys, the headers in the caller language and the types and parents allowed', async () => {
    const place = await branch();
    const res = await download('/api/location/excel/template');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('locations-template.xlsx');
    const [sheet, options] = await readXlsx(res.file);
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.keyRowHidden).toBe(true);
    expect(sheet.rows[1].slice(0, KEYS.length)).toEqual([
      'Type',
      'Name',
      'Code',
      'Parent',
      'Sort order',
      'Description',
    ]);
    const list = (header: string) => {
      const i = options.rows[0].indexOf(header);
      return options.rows
        .slice(1)
        .map((r) => r[i])
        .filter(Boolean);
    };
    expect(list('Type')).toEqual(['SITE', 'FACTORY', 'LINE', 'WAREHOUSE', 'SHELF']);
    const parents = list('Parent');
    expect(parents).toContain(path(place.site, place.factory, place.warehouse));
    expect(parents).not.toContain(path(place.site, place.factory, place.warehouse, place.shelf));
    expect(sheet.validations.A3.formulae[0]).toMatch(/^'options'!\$A\$2:\$A\$6$/);
    const korean = await readXlsx(await template(kr));
    expect(korean[0].rows[1].slice(0, KEYS.length)).toEqual([
      '유형',
      '위치명',
      '위치 코드',
      '상위 위치',
      '정렬 순서',
      '설명',
    ]);
  });

  it('answers 401 and 403', async () => {
    expect((await download('/api/location/excel/template', null)).status).toBe(401);
    expect((await download('/api/location/excel/template', viewer.token)).status).toBe(403);
  });
});

describe('POST /api/location/excel/check', () => {
  it('takes types by code or name and parents by name, path or code, also from earlier rows', async () => {
    const place = await branch();
    const tag = uniq('tree');
    const res = await checkRows([
      ...newTree(tag),
      { type: 'LINE', name: uniq('line'), parent: place.factory.code },
      { type: '창고', name: uniq('wh'), parent: path(place.site, place.factory) },
      { type: 'Shelf', name: uniq('shelf'), parent: place.warehouse.name },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(res)).toEqual([[], [], [], [], [], [], [], []]);
  });

  it('applies the placement rules to every row, including parents the file defines', async () => {
    const place = await branch();
    const tag = uniq('bad');
    const res = await checkRows([
      { type: 'FACTORY', name: `${tag} f` },
      { type: 'SITE', name: `${tag} s`, parent: place.site.code },
      { type: 'FACTORY', name: `${tag} f2`, parent: place.factory.code },
      { type: 'LINE', name: `${tag} l`, parent: `${tag} f` },
      { type: 'SHELF', name: `${tag} sh`, parent: place.line.code },
      { type: 'SHELF', name: `${tag} sh2`, parent: place.shelf.code },
      { type: 'LINE', name: `${tag} l2`, parent: `${tag} later` },
      { type: 'FACTORY', name: `${tag} later`, parent: place.site.code },
      { type: 'ROOM', name: `${tag} r` },
    ]);
    expect(errorsOf(res)).toEqual([
      [{ column: 'parent', message: 'A factory can only be placed under a site.' }],
      [{ column: 'parent', message: 'A site can only be at the top level.' }],
      [{ column: 'parent', message: 'A factory can only be placed under a site.' }],
      // Its parent row is invalid, but as a factory it is the right parent: row 3 carries the error.
      [],
      [{ column: 'parent', message: 'A shelf can only be placed under a warehouse.' }],
      [{ column: 'parent', message: `Not found: ${place.shelf.code}` }],
      [{ column: 'parent', message: `Not found: ${tag} later` }],
      [],
      [{ column: 'type', message: 'Not found: ROOM' }],
    ]);
    const korean = await checkRows([{ type: 'LINE', name: uniq('l'), parent: place.site.code }], kr);
    expect(errorsOf(korean)).toEqual([[{ column: 'parent', message: '라인은 공장 아래에만 둘 수 있습니다.' }]]);
  });

  it('marks a code used twice in the file or already taken, and required cells', async () => {
    const place = await branch();
    const code = uniq('C');
    const res = await checkRows([
      { type: 'SITE', name: uniq('s'), code },
      { type: 'SITE', name: uniq('s'), code: place.site.code },
      { type: 'SITE', name: uniq('s'), code },
      { type: 'SITE', code: uniq('C'), sort: 'x' },
    ]);
    expect(errorsOf(res)).toEqual([
      [],
      [{ column: 'code', message: 'This value already exists.' }],
      [{ column: 'code', message: 'Duplicated in the file (row 3).' }],
      [
        { column: 'name', message: 'This field is required.' },
        { column: 'sort', message: 'Enter a whole number.' },
      ],
    ]);
  });

  it('answers 400 for two files, 401 and 403', async () => {
    const file = await template();
    const two = multipart([xlsxPart(file), xlsxPart(file)]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/location/excel/check',
      token: manager.token,
      headers: { ...kr, ...two.headers },
      payload: two.payload,
    });
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields).toEqual([{ field: 'file', message: '파일은 한 번에 하나만 올릴 수 있습니다.' }]);
    expect((await check(file, null)).status).toBe(401);
    expect((await check(file, viewer.token)).status).toBe(403);
  });
});

describe('POST /api/location/excel', () => {
  it('saves a whole tree from one file, each row under the one an earlier row created', async () => {
    const tag = uniq('save');
    const res = await save(newTree(tag));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { saved: 5 } });
    const site = await byName(`${tag} site`);
    const factory = await byName(`${tag} factory`);
    const line = await byName(`${tag} line`);
    const wh = await byName(`${tag} wh`);
    const shelf = await byName(`${tag} shelf`);
    expect(site).toMatchObject({ type: 'SITE', parentId: null, code: `${tag}-S`, createdBy: manager.userId });
    expect(factory).toMatchObject({ type: 'FACTORY', parentId: site.id, code: null });
    expect(line).toMatchObject({ type: 'LINE', parentId: factory.id, sort: 2 });
    expect(wh).toMatchObject({ type: 'WAREHOUSE', parentId: factory.id });
    expect(shelf).toMatchObject({ type: 'SHELF', parentId: wh.id, description: 'by the door' });

    const tree = await t.inject({ method: 'GET', url: '/api/location/locations/with-parent', token: viewer.token });
    expect(tree.body.data.find((l: { id: number }) => l.id === shelf.id).path).toEqual([
      `${tag} site`,
      `${tag} factory`,
      `${tag} wh`,
      `${tag} shelf`,
    ]);
    const admin = await t.admin();
    const history = await t.inject({
      method: 'GET',
      url: `/api/history/record/locations/${shelf.id}`,
      token: admin.token,
    });
    expect(history.body.data).toMatchObject([{ revisionType: 'ADD', updateBy: manager.userId }]);
  });

  it('saves nothing when the last row breaks a rule, or when only the database refuses it', async () => {
    const tag = uniq('none');
    const rows = newTree(tag);
    const res = await save([...rows, { type: 'LINE', name: `${tag} bad`, parent: `${tag}-W` }]);
    expect(res.status).toBe(400);
    expect(res.body.extraData.rows).toEqual([
      { rowNumber: 8, errors: [{ column: 'parent', message: 'A line can only be placed under a factory.' }] },
    ]);
    expect(await byName(`${tag} site`)).toBeUndefined();

    const fn = `eqms_test_refuse_${tag.toLowerCase()}`;
    const last = `${tag}-LAST`;
    await t.db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin
          if new.code = '${last}' then
            raise exception 'taken' using errcode = 'unique_violation', constraint = 'locations_code_unique';
          end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger ${fn} before insert on locations for each row execute function ${fn}()`),
    );
    try {
      const refused = await save([...rows, { type: 'SHELF', name: `${tag} last`, code: last, parent: `${tag}-W` }]);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.extraData.rows).toEqual([
        { rowNumber: 8, errors: [{ column: 'code', message: 'This value already exists.' }] },
      ]);
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${fn} on locations`));
      await t.db.execute(sql.raw(`drop function ${fn}()`));
    }
    expect(await byName(`${tag} site`)).toBeUndefined();
  });

  it('answers 400 for a row the check rejects and a bad body, 401 and 403', async () => {
    const row = [{ type: 'FACTORY', name: uniq('orphan') }];
    const res = await save(row);
    expect(res.status).toBe(400);
    expect(res.body.extraData.rows[0].errors).toEqual([
      { column: 'parent', message: 'A factory can only be placed under a site.' },
    ]);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/location/excel',
      token: manager.token,
      payload: { rows: [{ rowNumber: 3, values: { name: 5 } }] },
    });
    expect(bad.status).toBe(400);
    expect((await save(row, null)).status).toBe(401);
    expect((await save(row, viewer.token)).status).toBe(403);
  });
});

describe('GET /api/location/excel/export', () => {
  it('exports the filtered locations parents first, escaped, in a shape the import takes back', async () => {
    const tag = uniq('exp');
    await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [site] = await tx
        .insert(locations)
        .values({ name: `=${tag} site`, type: 'SITE' })
        .returning();
      // Inserted child first, so the export has to reorder them.
      const [factory] = await tx
        .insert(locations)
        .values({ name: `${tag} factory`, type: 'FACTORY', parentId: site.id, code: `@${tag}`, sort: -1 })
        .returning();
      await tx
        .insert(locations)
        .values({ name: `${tag} line`, type: 'LINE', parentId: factory.id, description: '+1 shift', sort: -2 });
    });
    const res = await download(`/api/location/excel/export?q=${tag}`, viewer.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/locations-\d{8}\.xlsx/);
    const [sheet] = await readXlsx(res.file);
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.rows.slice(2).map((r) => r.slice(0, KEYS.length))).toEqual([
      ['SITE', `'=${tag} site`, '', '', '0', ''],
      ['FACTORY', `${tag} factory`, `'@${tag}`, `'=${tag} site`, '-1', ''],
      ['LINE', `${tag} line`, '', `'=${tag} site / ${tag} factory`, '-2', "'+1 shift"],
    ]);
    const lines = await readXlsx((await download(`/api/location/excel/export?q=${tag}&type=LINE`, viewer.token)).file);
    expect(lines[0].rows.slice(2).map((r) => r[1])).toEqual([`${tag} line`]);

    // Imported back: the site is new only by name, the factory's code is taken.
    const again = await check(res.file);
    expect(again.status).toBe(200);
    expect(errorsOf(again)[1]).toEqual([{ column: 'code', message: 'This value already exists.' }]);
  });

  it('answers 400 for a bad filter, 401 and 403', async () => {
    expect((await download('/api/location/excel/export?type=ROOM', viewer.token)).status).toBe(400);
    expect((await download('/api/location/excel/export', null)).status).toBe(401);
    expect((await download('/api/location/excel/export', nobody.token)).status).toBe(403);
  });
});

describe('custom fields of the locations table', () => {
  it('lists a code-category field and saves its values into ext', async () => {
    const admin = await t.admin();
    const category = uniq('ZONE').toUpperCase();
    const cat = await t.inject({
      method: 'POST',
      url: '/api/code/cateogry',
      token: admin.token,
      payload: { category, name: 'zones' },
    });
    for (const [code, codeName] of [
      ['Z1', '청정 구역'],
      ['Z2', '일반 구역'],
    ]) {
      await t.inject({
        method: 'POST',
        url: '/api/code/code',
        token: admin.token,
        payload: { categoryId: cat.body.data.id, code, codeName },
      });
    }
    const zone = uniq('zone');
    const made = await t.inject({
      method: 'POST',
      url: '/api/custom-ext/custom',
      token: admin.token,
      payload: { table: 'locations', field: zone, display: `구역 ${zone}`, type: 'list', data: { category } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    try {
      const [sheet, options] = await readXlsx(await template());
      expect(sheet.rows[0]).toContain(`ext.${zone}`);
      const at = options.rows[0].indexOf(`구역 ${zone}`);
      expect(options.rows.map((r) => r[at]).filter(Boolean)).toEqual([`구역 ${zone}`, 'Z1', 'Z2']);
      const tag = uniq('cx');
      const res = await checkRows([
        { type: 'SITE', name: `${tag} a`, [`ext.${zone}`]: '청정 구역' },
        { type: 'SITE', name: `${tag} b`, [`ext.${zone}`]: 'Z3' },
      ]);
      expect(errorsOf(res)).toEqual([[], [{ column: `ext.${zone}`, message: 'Not found: Z3' }]]);
      expect((await save([{ type: 'SITE', name: `${tag} a`, [`ext.${zone}`]: 'z2' }])).status).toBe(200);
      expect((await byName(`${tag} a`)).ext).toEqual({ [zone]: 'Z2' });
    } finally {
      await t.inject({ method: 'DELETE', url: `/api/custom-ext/custom/${made.body.data.id}`, token: admin.token });
    }
  });
});
