import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { createTestApp } from '../../test/harness.ts';
import { files } from '../files/files.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { PNG } from '../product/master-fixtures.ts';

const t = await createTestApp();
const clerk = await t.makeUser({ record: { all: true } });
const viewer = await t.makeUser({ record: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

type Rec = { id: number; title: string; [k: string]: any };
async function created(payload: Record<string, unknown>) {
  const res = await call('POST', '/api/record', payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Rec;
}
const folder = (extra: Record<string, unknown> = {}) =>
  created({ type: 'HACCP', isFolder: true, title: `폴더 ${randomBytes(3).toString('hex')}`, ...extra });
const sheet = (extra: Record<string, unknown> = {}) =>
  created({
    type: 'HACCP',
    title: `기록지 ${randomBytes(3).toString('hex')}`,
    recordDt: '2026-11-20',
    fields: [
      { key: '온도', value: '75.2 ℃' },
      { key: '확인자', value: '박품질' },
    ],
    ...extra,
  });

function upload(content: Buffer, filename: string, name = 'file', type = 'application/pdf') {
  const boundary = `----eqms${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...en } };
}
const attach = (id: number | string, content: Buffer, filename = 'report.pdf', token: string | null = clerk.token) =>
  t.inject({ method: 'POST', url: `/api/record/${id}/files`, token, ...upload(content, filename) });
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')]);
// A Windows executable (MZ header, PE stub) renamed to .pdf.
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), randomBytes(512)]);

describe('POST and PUT /api/record', () => {
  it('creates a folder and a sheet in it with free fields; the author defaults to the user; audited', async () => {
    const f = await folder();
    expect(f).toMatchObject({ isFolder: true, recordDt: null, parentId: null, fields: [], childCount: 0 });
    const s = await sheet({ parentId: f.id });
    expect(s).toMatchObject({
      isFolder: false,
      parentId: f.id,
      parentPath: f.title,
      recordDt: '2026-11-20',
      author: expect.stringMatching(/\S/),
      fields: [
        { key: '온도', value: '75.2 ℃' },
        { key: '확인자', value: '박품질' },
      ],
      files: [],
      createdBy: clerk.userId,
    });
    const hist = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'records'), eq(changeHistory.rowId, String(s.id))));
    expect(hist.map((h) => h.revisionType)).toEqual(['ADD']);
    const sub = await folder({ parentId: f.id });
    expect(sub.parentPath).toBe(f.title);
    expect((await call('GET', `/api/record/${f.id}`)).body.data.childCount).toBe(2);
    expect((await call('GET', `/api/record/${sub.id}`)).body.data.childCount).toBe(0);
    const deep = await sheet({ parentId: sub.id });
    expect(deep.parentPath).toBe(`${f.title} / ${sub.title}`);
  });

  it('400 naming the fields: a sheet without date, blank title, duplicate field names, bad type, unknown field', async () => {
    const res = await call('POST', '/api/record', {
      type: 'HACCP',
      title: ' ',
      fields: [
        { key: 'A', value: '1' },
        { key: 'a', value: '2' },
      ],
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res).sort()).toEqual(['fields.1.key', 'recordDt', 'title']);
    expect((await call('POST', '/api/record', { type: 'NOPE', title: 'x', recordDt: '2026-11-20' })).status).toBe(400);
    expect(
      (await call('POST', '/api/record', { type: 'ETC', title: 'x', recordDt: '2026-11-20', path: '/etc' })).status,
    ).toBe(400);
  });

  it('the parent must be a folder of the same type; a folder cannot move below itself', async () => {
    const f = await folder();
    const s = await sheet({ parentId: f.id });
    const underSheet = await call('POST', '/api/record', {
      type: 'HACCP',
      title: 'x',
      recordDt: '2026-11-20',
      parentId: s.id,
    });
    expect(underSheet.status).toBe(400);
    expect(fieldsOf(underSheet)).toEqual(['parentId']);
    const otherType = await call('POST', '/api/record', {
      type: 'QUALITY',
      title: 'x',
      recordDt: '2026-11-20',
      parentId: f.id,
    });
    expect(otherType.status).toBe(400);
    const missing = await call('POST', '/api/record', {
      type: 'HACCP',
      title: 'x',
      recordDt: '2026-11-20',
      parentId: 2_000_000_000,
    });
    expect(fieldsOf(missing)).toEqual(['parentId']);
    const sub = await folder({ parentId: f.id });
    const cycle = await call('PUT', '/api/record', {
      id: f.id,
      type: 'HACCP',
      isFolder: true,
      title: f.title,
      parentId: sub.id,
    });
    expect(cycle.status).toBe(400);
    expect(fieldsOf(cycle)).toEqual(['parentId']);
  });

  it('PUT modifies and moves a sheet; a folder does not become a sheet; 404, 403, 401', async () => {
    const f = await folder();
    const s = await sheet();
    const res = await call('PUT', '/api/record', {
      id: s.id,
      type: 'HACCP',
      parentId: f.id,
      title: '수정된 제목',
      recordDt: '2026-11-21',
      author: '이작성',
      fields: [{ key: '결과', value: '적합' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      parentId: f.id,
      title: '수정된 제목',
      author: '이작성',
      fields: [{ key: '결과', value: '적합' }],
    });
    const kind = await call('PUT', '/api/record', {
      id: f.id,
      type: 'HACCP',
      isFolder: false,
      title: 'x',
      recordDt: '2026-11-21',
    });
    expect(kind.status).toBe(400);
    expect(fieldsOf(kind)).toEqual(['isFolder']);
    const missing = await call('PUT', '/api/record', {
      id: 2_000_000_000,
      type: 'HACCP',
      title: 'x',
      recordDt: '2026-11-21',
    });
    expect(missing.status).toBe(404);
    expect(
      (await call('PUT', '/api/record', { id: s.id, type: 'HACCP', title: 'x', recordDt: '2026-11-21' }, viewer.token))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', '/api/record', { type: 'HACCP', title: 'x', recordDt: '2026-11-21' }, null)).status,
    ).toBe(401);
  });
});

describe('files: checked by content, downloaded as stored', () => {
  it('attaches a PDF and downloads the same bytes with the name', async () => {
    const s = await sheet();
    const res = await attach(s.id, PDF, '점검 결과.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      recordId: s.id,
      name: '점검 결과.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    });
    const dl = await t.inject({ method: 'GET', url: `/api/record/file/${res.body.data.id}`, token: viewer.token });
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(String(dl.headers['content-disposition'])).toContain("filename*=UTF-8''");
    expect(Buffer.compare(dl.raw.rawPayload, PDF)).toBe(0);
    const got = await call('GET', `/api/record/${s.id}`);
    expect(got.body.data.files.map((f: { id: number }) => f.id)).toEqual([res.body.data.id]);
    const img = await attach(s.id, PNG, 'photo.png');
    expect(img.body.data.mimeType).toBe('image/png');
  });

  it('refuses a renamed .exe (400 on file), an empty or oversized file; a folder takes no files (409)', async () => {
    const s = await sheet();
    const exe = await attach(s.id, EXE, 'manual.pdf');
    expect(exe.status).toBe(400);
    expect(fieldsOf(exe)).toEqual(['file']);
    expect(exe.body.extraData.fields[0].message).toMatch(/cannot be attached/);
    const big = await attach(s.id, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(400);
    expect(fieldsOf(big)).toEqual(['file']);
    const f = await folder();
    const onFolder = await attach(f.id, PDF);
    expect(onFolder.status).toBe(409);
    expect(onFolder.body.extraData.messageKey).toBe('recordFolderFiles');
    expect((await attach(s.id, PDF, 'a.pdf', viewer.token)).status).toBe(403);
    expect((await attach(2_000_000_000, PDF)).status).toBe(404);
    expect((await call('GET', `/api/record/${s.id}`)).body.data.files).toEqual([]);
  });

  it('deletes a file (and its bytes); 404 after', async () => {
    const s = await sheet();
    const f = (await attach(s.id, PDF)).body.data;
    const [link] = await t.db.select({ n: files.id }).from(files).where(eq(files.name, f.name));
    expect(link).toBeDefined();
    expect((await call('DELETE', `/api/record/file/${f.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/record/file/${f.id}`)).status).toBe(200);
    expect((await call('GET', `/api/record/file/${f.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/record/file/${f.id}`)).status).toBe(404);
  });
});

describe('tree, children, list, delete', () => {
  it('the tree has every type, folders and sheets with sheet counts; children lists folders first', async () => {
    const f = await folder({ type: 'FACILITY' });
    const s1 = await sheet({ type: 'FACILITY', parentId: f.id, recordDt: '2026-11-01' });
    const sub = await folder({ type: 'FACILITY', parentId: f.id });
    await sheet({ type: 'FACILITY', parentId: sub.id });
    const tree = await call('GET', '/api/record/tree');
    expect(tree.status).toBe(200);
    expect(tree.body.data.map((n: { key: string }) => n.key)).toEqual([
      'GHACCP',
      'GQUALITY',
      'GPRODUCTION',
      'GFACILITY',
      'GSAFETY',
      'GETC',
    ]);
    const facility = tree.body.data.find((n: { key: string }) => n.key === 'GFACILITY');
    const node = facility.children.find((n: { id: number }) => n.id === f.id);
    expect(node).toMatchObject({ kind: 'FOLDER', sheetCount: 2 });
    expect(node.children[0]).toMatchObject({ id: sub.id, kind: 'FOLDER' });
    const kids = await call('GET', `/api/record/parent/records?type=FACILITY&parentId=${f.id}`);
    expect(kids.body.data.map((r: { id: number }) => r.id)).toEqual([sub.id, s1.id]);
    const roots = await call('GET', '/api/record/parent/records?type=FACILITY');
    expect(roots.body.data.map((r: { id: number }) => r.id)).toContain(f.id);
    expect((await call('GET', '/api/record/parent/records?type=HACCP&parentId=' + f.id)).status).toBe(400);
    expect((await call('GET', '/api/record/parent/records?type=FACILITY&parentId=2000000000')).status).toBe(404);
    expect((await call('GET', '/api/record/parent/records')).status).toBe(400);
    expect((await call('GET', '/api/record/tree', undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/record/tree', undefined, null)).status).toBe(401);
  });

  it('lists sheets by type, folder (below it), period and text, paged; exports a workbook', async () => {
    const f = await folder({ type: 'SAFETY' });
    const sub = await folder({ type: 'SAFETY', parentId: f.id });
    const s = await sheet({
      type: 'SAFETY',
      parentId: sub.id,
      recordDt: '2026-10-05',
      fields: [{ key: '구역', value: '포장실-7' }],
    });
    const list = await call('GET', `/api/record/records?type=SAFETY&parentId=${f.id}`);
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([s.id]);
    const byText = await call('GET', `/api/record/records?q=${encodeURIComponent('포장실-7')}`);
    expect(byText.body.data.map((r: { id: number }) => r.id)).toContain(s.id);
    const byPeriod = await call('GET', '/api/record/records?type=SAFETY&startDt=2026-10-01&endDt=2026-10-31');
    expect(byPeriod.body.data.map((r: { id: number }) => r.id)).toContain(s.id);
    const outside = await call('GET', '/api/record/records?type=SAFETY&startDt=2026-11-01&endDt=2026-11-30');
    expect(outside.body.data.map((r: { id: number }) => r.id)).not.toContain(s.id);
    const paged = await call('GET', '/api/record/records?page=1&size=1');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThan(1);
    const bad = await call('GET', '/api/record/records?startDt=2026-11-30&endDt=2026-11-01');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['endDt']);
    const xlsx = await t.inject({
      method: 'GET',
      url: `/api/record/records/excel?type=SAFETY&parentId=${f.id}`,
      token: clerk.token,
      headers: en,
    });
    expect(xlsx.status).toBe(200);
    const [book] = await readXlsx(xlsx.raw.rawPayload);
    expect(JSON.stringify(book.rows)).toContain(s.title);
  });

  it('a folder with children is refused (409 with the count); a sheet goes with its files; 404 after', async () => {
    const f = await folder();
    const s = await sheet({ parentId: f.id });
    const file = (await attach(s.id, PDF)).body.data;
    const refused = await call('DELETE', `/api/record/${f.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.extraData).toMatchObject({
      messageKey: expect.stringContaining('recordFolderNotEmpty'),
      count: 1,
    });
    expect((await call('DELETE', `/api/record/${s.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/record/${s.id}`)).status).toBe(200);
    expect((await call('GET', `/api/record/file/${file.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/record/${f.id}`)).status).toBe(200);
    expect((await call('GET', `/api/record/${f.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/record/${f.id}`)).status).toBe(404);
    expect((await call('GET', '/api/record/abc')).status).toBe(400);
  });
});
