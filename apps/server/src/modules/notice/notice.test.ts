import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { NOTICE_ATTACHMENT_MAX_BYTES, translateMessage } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { changeHistory } from '../history/history.table.ts';
import { files } from '../files/files.table.ts';
import { locations } from '../location/location.table.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { noticeReads, notices } from './notice.table.ts';
import { todayIn } from '../../platform/dates.ts';

const t = await createTestApp();

const today = todayIn(t.config.timeZone);
const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body as a browser sends it (UTF-8 file names). */
function multipart(parts: Part[]) {
  const boundary = `----eqms${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Fields = Record<string, string | number | boolean | null | undefined>;
type FileArg = { filename: string; content: Buffer; type?: string };

function form(fields: Fields, fileList: FileArg[] = []) {
  const parts: Part[] = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, value: v === null ? '' : String(v) }));
  for (const f of fileList) parts.push({ name: 'file', ...f });
  return multipart(parts);
}

const send = (method: 'POST' | 'PUT', token: string | null, fields: Fields, fileList: FileArg[] = []) =>
  t.inject({ method, url: '/api/notice', token, ...form(fields, fileList) });

const pdf = (size = 4096) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
const validFields = (extra: Fields = {}): Fields => ({
  title: `공지 ${uniq('n')}`,
  contents: '<p>안전 교육 안내</p>',
  startDt: today,
  endDt: addDays(today, 7),
  ...extra,
});

/** A site with two factories; factory 1 has a line and a warehouse, factory 2 a line. */
async function makePlaces() {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const add = async (name: string, type: string, parentId: number | null) =>
      (
        await tx
          .insert(locations)
          .values({ name, type, parentId, code: uniq('L') })
          .returning()
      )[0].id;
    const site = await add('본사 사업장', 'SITE', null);
    const f1 = await add('제1공장', 'FACTORY', site);
    const l1 = await add('사출 1라인', 'LINE', f1);
    const w1 = await add('원자재 창고', 'WAREHOUSE', f1);
    const f2 = await add('제2공장', 'FACTORY', site);
    const l2 = await add('조립 라인', 'LINE', f2);
    return { site, f1, l1, w1, f2, l2 };
  });
}

async function editor() {
  return t.makeUser({ notice: { all: true } });
}

async function createNotice(token: string, extra: Fields = {}, fileList: FileArg[] = []) {
  const res = await send('POST', token, validFields(extra), fileList);
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; title: string; [k: string]: any };
}

async function postIds(token: string) {
  const res = await t.inject({ method: 'GET', url: '/api/notice/notices/posts', token });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; isRead: boolean }[];
}

describe('POST /api/notice', () => {
  it('creates a notice with its target location path, author and sanitized contents', async () => {
    const places = await makePlaces();
    const { token, user } = await editor();
    const res = await send(
      'POST',
      token,
      validFields({
        title: '설비 점검 안내',
        contents:
          '<p onclick="alert(1)">점검<img src=x onerror=alert(2)></p><script>alert(3)</script><a href="javascript:alert(4)">링크</a>',
        locationId: places.l1,
      }),
    );
    expect(res.status).toBe(200);
    const n = res.body.data;
    expect(n).toMatchObject({
      title: '설비 점검 안내',
      authorId: user.id,
      author: user.username,
      authorHasImage: false,
      locationId: places.l1,
      location: { id: places.l1, name: '사출 1라인', type: 'LINE', path: ['본사 사업장', '제1공장', '사출 1라인'] },
      startDt: today,
      endDt: addDays(today, 7),
      attachFileName: null,
      isRead: false,
      createdBy: user.userId,
    });
    expect(n.contents).toBe('<p>점검</p><a rel="noopener noreferrer nofollow">링크</a>');
    const [stored] = await t.db.select().from(notices).where(eq(notices.id, n.id));
    expect(stored.contents).not.toMatch(/script|onerror|onclick|javascript:/i);
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'notices'), eq(changeHistory.rowId, String(n.id))));
    expect(history.map((h) => [h.revisionType, h.updateBy])).toEqual([['ADD', user.userId]]);
  });

  it('targets everyone when locationId is empty', async () => {
    const { token } = await editor();
    const n = await createNotice(token, { locationId: '' });
    expect(n.locationId).toBeNull();
    expect(n.location).toBeNull();
  });

  it('answers 400 with the fields for a missing title, a long title, a bad date and an end before the start', async () => {
    const { token } = await editor();
    const cases: [Fields, string, string][] = [
      [validFields({ title: undefined }), 'title', translateMessage('required', 'kr')],
      [validFields({ title: '가'.repeat(201) }), 'title', translateMessage('maxLength {"max":200}', 'kr')],
      [validFields({ startDt: '2024-13-40' }), 'startDt', translateMessage('date', 'kr')],
      [validFields({ startDt: today, endDt: addDays(today, -1) }), 'endDt', translateMessage('periodOrder', 'kr')],
      [validFields({ locationId: 'abc' }), 'locationId', translateMessage('invalidType', 'kr')],
    ];
    for (const [fields, field, message] of cases) {
      const res = await send('POST', token, fields);
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.extraData.fields).toContainEqual({ field, message });
    }
  });

  it('answers 400 on locationId for a target location that does not exist', async () => {
    const { token } = await editor();
    const res = await send('POST', token, validFields({ locationId: 987654321 }));
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields[0].field).toBe('locationId');
  });

  it('refuses more than one file, an executable and an oversized file', async () => {
    const { token } = await editor();
    const two = await send('POST', token, validFields(), [
      { filename: 'a.pdf', content: pdf() },
      { filename: 'b.pdf', content: pdf() },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.extraData.fields[0].field).toBe('file');

    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      randomBytes(2048),
      Buffer.alloc(64),
    ]);
    const bad = await send('POST', token, validFields(), [
      { filename: '설명서.pdf', content: exe, type: 'application/pdf' },
    ]);
    expect(bad.status).toBe(415);
    expect(bad.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const big = await send('POST', token, validFields(), [
      { filename: 'big.pdf', content: pdf(NOTICE_ATTACHMENT_MAX_BYTES) },
    ]);
    expect(big.status).toBe(400);
    expect(big.body.extraData.fields[0]).toEqual({
      field: 'file',
      message: translateMessage('fileSize {"size":20,"unit":"MB"}', 'kr'),
    });

    const before = await t.db.select({ id: notices.id }).from(notices);
    expect((await send('POST', token, validFields(), [{ filename: 'x.exe', content: exe }])).status).toBe(415);
    expect(await t.db.select({ id: notices.id }).from(notices)).toHaveLength(before.length);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const { token } = await editor();
    const res = await t.inject({ method: 'POST', url: '/api/notice', token, payload: validFields() });
    expect(res.status).toBe(415);
  });

  it('answers 401 without a token and 403 without create rights', async () => {
    expect((await send('POST', null, validFields())).status).toBe(401);
    const { token } = await t.makeUser({ notice: { view: true, modify: true, delete: true } });
    const res = await send('POST', token, validFields());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('attachments', () => {
  it('round-trips the bytes, the Korean file name and the stored type', async () => {
    const { token } = await editor();
    const content = pdf(3 * 1024 * 1024);
    const n = await createNotice(token, {}, [{ filename: '작업 지침서 v2.pdf', content, type: 'text/html' }]);
    expect(n).toMatchObject({
      attachFileName: '작업 지침서 v2.pdf',
      attachFileMimeType: 'application/pdf',
      attachFileSize: content.length,
    });

    const res = await t.inject({ method: 'GET', url: `/api/notice/file/${n.id}`, token });
    expect(res.status).toBe(200);
    expect(res.raw.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1])).toBe('작업 지침서 v2.pdf');
  });

  it('lets a user download the attachment of a notice in their posts, and nobody else without rights', async () => {
    const places = await makePlaces();
    const { token } = await editor();
    const mine = await createNotice(token, { locationId: places.f1 }, [{ filename: 'a.pdf', content: pdf() }]);
    const other = await createNotice(token, { locationId: places.f2 }, [{ filename: 'b.pdf', content: pdf() }]);
    const worker = await t.makeUser({}, { locationId: places.l1 });
    expect((await t.inject({ method: 'GET', url: `/api/notice/file/${mine.id}`, token: worker.token })).status).toBe(
      200,
    );
    expect((await t.inject({ method: 'GET', url: `/api/notice/file/${other.id}`, token: worker.token })).status).toBe(
      403,
    );
    expect((await t.inject({ method: 'GET', url: `/api/notice/file/${mine.id}` })).status).toBe(401);
  });

  it('answers 404 for a notice without attachment or a missing notice, 400 for a bad id', async () => {
    const { token } = await editor();
    const n = await createNotice(token);
    expect((await t.inject({ method: 'GET', url: `/api/notice/file/${n.id}`, token })).status).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/notice/file/987654321', token })).status).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/notice/file/abc', token })).status).toBe(400);
  });

  it('treats an empty file input as no file', async () => {
    const { token } = await editor();
    const n = await createNotice(token, {}, [{ filename: '', content: Buffer.alloc(0) }]);
    expect(n.attachFileName).toBeNull();
  });
});

describe('PUT /api/notice', () => {
  it('modifies the fields, replaces the attachment and deletes the old file row', async () => {
    const places = await makePlaces();
    const { token, user } = await editor();
    const n = await createNotice(token, {}, [{ filename: '구버전.pdf', content: pdf() }]);
    const [{ attachFileId: oldFileId }] = await t.db.select().from(notices).where(eq(notices.id, n.id));

    const other = await t.makeUser({ notice: { modify: true, view: true } });
    const fresh = pdf(100);
    const res = await send(
      'PUT',
      other.token,
      {
        id: n.id,
        title: '수정된 공지',
        contents: '<h2>변경</h2><iframe src="https://evil.example"></iframe>',
        locationId: places.f2,
        startDt: today,
        endDt: today,
      },
      [{ filename: '신버전.pdf', content: fresh }],
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: n.id,
      title: '수정된 공지',
      contents: '<h2>변경</h2>',
      authorId: user.id,
      location: { path: ['본사 사업장', '제2공장'] },
      endDt: today,
      attachFileName: '신버전.pdf',
      attachFileSize: fresh.length,
      updatedBy: other.userId,
    });
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, oldFileId!))).toHaveLength(0);
    const dl = await t.inject({ method: 'GET', url: `/api/notice/file/${n.id}`, token });
    expect(dl.raw.rawPayload.equals(fresh)).toBe(true);
  });

  it('keeps the attachment unless removeFile=true drops it', async () => {
    const { token } = await editor();
    const n = await createNotice(token, {}, [{ filename: 'keep.pdf', content: pdf() }]);
    const kept = await send('PUT', token, validFields({ id: n.id, title: '첨부 유지' }));
    expect(kept.body.data.attachFileName).toBe('keep.pdf');
    const [{ attachFileId }] = await t.db.select().from(notices).where(eq(notices.id, n.id));

    const removed = await send('PUT', token, validFields({ id: n.id, removeFile: 'true' }));
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ attachFileName: null, attachFileMimeType: null, attachFileSize: null });
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, attachFileId!))).toHaveLength(0);
    expect((await t.inject({ method: 'GET', url: `/api/notice/file/${n.id}`, token })).status).toBe(404);
  });

  it('answers 400 without an id or with an end before the start, 404 for a missing notice', async () => {
    const { token } = await editor();
    const n = await createNotice(token);
    const noId = await send('PUT', token, validFields());
    expect(noId.status).toBe(400);
    expect(noId.body.extraData.fields.map((f: any) => f.field)).toContain('id');
    const order = await send('PUT', token, validFields({ id: n.id, endDt: addDays(today, -3) }));
    expect(order.status).toBe(400);
    expect(order.body.extraData.fields).toEqual([{ field: 'endDt', message: translateMessage('periodOrder', 'kr') }]);
    expect((await send('PUT', token, validFields({ id: 987654321 }))).status).toBe(404);
  });

  it('answers 401 without a token and 403 without modify rights', async () => {
    const { token } = await editor();
    const n = await createNotice(token);
    expect((await send('PUT', null, validFields({ id: n.id }))).status).toBe(401);
    const viewer = await t.makeUser({ notice: { view: true, create: true } });
    expect((await send('PUT', viewer.token, validFields({ id: n.id }))).status).toBe(403);
  });
});

describe('DELETE /api/notice/{id} and /api/notice/notices/{ids}', () => {
  it('deletes a notice with its attachment and read marks', async () => {
    const { token, user } = await editor();
    const n = await createNotice(token, {}, [{ filename: 'x.pdf', content: pdf() }]);
    const [{ attachFileId }] = await t.db.select().from(notices).where(eq(notices.id, n.id));
    expect((await t.inject({ method: 'POST', url: `/api/notice/${n.id}/read`, token })).status).toBe(200);

    const res = await t.inject({ method: 'DELETE', url: `/api/notice/${n.id}`, token });
    expect(res.status).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/notice/${n.id}`, token })).status).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.id, attachFileId!))).toHaveLength(0);
    expect(await t.db.select().from(noticeReads).where(eq(noticeReads.userId, user.id))).toHaveLength(0);
  });

  it('deletes in bulk, all or nothing', async () => {
    const { token } = await editor();
    const a = await createNotice(token, {}, [{ filename: 'a.pdf', content: pdf() }]);
    const b = await createNotice(token);
    const c = await createNotice(token);

    const partial = await t.inject({ method: 'DELETE', url: `/api/notice/notices/${a.id},${b.id},987654321`, token });
    expect(partial.status).toBe(404);
    expect(
      await t.db
        .select()
        .from(notices)
        .where(inArray(notices.id, [a.id, b.id])),
    ).toHaveLength(2);

    const res = await t.inject({ method: 'DELETE', url: `/api/notice/notices/${a.id},${b.id}`, token });
    expect(res.status).toBe(200);
    const left = await t.db
      .select({ id: notices.id })
      .from(notices)
      .where(inArray(notices.id, [a.id, b.id, c.id]));
    expect(left.map((r) => r.id)).toEqual([c.id]);
  });

  it('answers 400 for bad ids, 404 for a missing notice, 401 and 403', async () => {
    const { token } = await editor();
    const n = await createNotice(token);
    expect((await t.inject({ method: 'DELETE', url: '/api/notice/notices/1,x', token })).status).toBe(400);
    expect((await t.inject({ method: 'DELETE', url: '/api/notice/abc', token })).status).toBe(400);
    expect((await t.inject({ method: 'DELETE', url: '/api/notice/987654321', token })).status).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/notice/${n.id}` })).status).toBe(401);
    const viewer = await t.makeUser({ notice: { view: true, create: true, modify: true } });
    expect((await t.inject({ method: 'DELETE', url: `/api/notice/${n.id}`, token: viewer.token })).status).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/api/notice/notices/${n.id}`, token: viewer.token })).status).toBe(
      403,
    );
    expect(await t.db.select().from(notices).where(eq(notices.id, n.id))).toHaveLength(1);
  });
});

describe('GET /api/notice/notices', () => {
  it('lists notices targeted at a location or below it, paged with a total', async () => {
    const places = await makePlaces();
    const { token } = await editor();
    const line = await createNotice(token, { locationId: places.l1 });
    const factory = await createNotice(token, { locationId: places.f1 });
    const elsewhere = await createNotice(token, { locationId: places.f2 });

    const res = await t.inject({ method: 'GET', url: `/api/notice/notices?locationId=${places.f1}`, token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: any) => n.id).sort()).toEqual([line.id, factory.id].sort());
    expect(res.body.total).toBeUndefined();

    const paged = await t.inject({
      method: 'GET',
      url: `/api/notice/notices?locationId=${places.site}&page=1&size=2`,
      token,
    });
    expect(paged.body.total).toBe(3);
    expect(paged.body.data).toHaveLength(2);
    const page2 = await t.inject({
      method: 'GET',
      url: `/api/notice/notices?locationId=${places.site}&page=2&size=2`,
      token,
    });
    expect(page2.body.data).toHaveLength(1);
    const all = [...paged.body.data, ...page2.body.data].map((n: any) => n.id);
    expect(all.sort()).toEqual([line.id, factory.id, elsewhere.id].sort());

    const everything = await t.inject({ method: 'GET', url: '/api/notice/notices', token });
    expect(everything.body.data.map((n: any) => n.id)).toEqual(
      expect.arrayContaining([line.id, factory.id, elsewhere.id]),
    );
  });

  it('answers 400 for a bad query, 401 without a token and 403 without view rights', async () => {
    const { token } = await editor();
    expect((await t.inject({ method: 'GET', url: '/api/notice/notices?locationId=abc', token })).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/notice/notices?page=0', token })).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/notice/notices' })).status).toBe(401);
    const other = await t.makeUser({ production: { all: true } });
    expect((await t.inject({ method: 'GET', url: '/api/notice/notices', token: other.token })).status).toBe(403);
  });
});

describe('GET /api/notice/{id}', () => {
  it('shows a notice to a user who has it in their posts, and any notice to a notice viewer', async () => {
    const places = await makePlaces();
    const { token } = await editor();
    const mine = await createNotice(token, { locationId: places.w1 });
    const expired = await createNotice(token, { startDt: addDays(today, -10), endDt: addDays(today, -1) });
    const worker = await t.makeUser({}, { locationId: places.f1 });

    const res = await t.inject({ method: 'GET', url: `/api/notice/${mine.id}`, token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: mine.id,
      isRead: false,
      location: { path: ['본사 사업장', '제1공장', '원자재 창고'] },
    });

    expect((await t.inject({ method: 'GET', url: `/api/notice/${expired.id}`, token: worker.token })).status).toBe(403);
    const viewer = await t.makeUser({ notice: { view: true } });
    expect((await t.inject({ method: 'GET', url: `/api/notice/${expired.id}`, token: viewer.token })).status).toBe(200);
  });

  it('answers 404 for a missing notice, 400 for a bad id and 401 without a token', async () => {
    const { token } = await t.makeUser();
    const res = await t.inject({ method: 'GET', url: '/api/notice/987654321', token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await t.inject({ method: 'GET', url: '/api/notice/0', token })).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/notice/987654321' })).status).toBe(401);
  });
});

describe('GET /api/notice/notices/posts', () => {
  it('holds only notices whose period covers today', async () => {
    const { token } = await editor();
    const current = await createNotice(token, { startDt: today, endDt: today });
    const expired = await createNotice(token, { startDt: addDays(today, -5), endDt: addDays(today, -1) });
    const future = await createNotice(token, { startDt: addDays(today, 1), endDt: addDays(today, 5) });
    const worker = await t.makeUser();
    const ids = (await postIds(worker.token)).map((p) => p.id);
    expect(ids).toContain(current.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(future.id);
  });

  it('targets everyone, the user location, its ancestors and descendants, never another factory', async () => {
    const places = await makePlaces();
    const { token } = await editor();
    const n = {
      all: await createNotice(token, { locationId: '' }),
      site: await createNotice(token, { locationId: places.site }),
      f1: await createNotice(token, { locationId: places.f1 }),
      l1: await createNotice(token, { locationId: places.l1 }),
      w1: await createNotice(token, { locationId: places.w1 }),
      f2: await createNotice(token, { locationId: places.f2 }),
      l2: await createNotice(token, { locationId: places.l2 }),
    };
    const seen = async (locationId: number | null) => {
      const { token: tk } = await t.makeUser({}, { locationId });
      const ids = new Set((await postIds(tk)).map((p) => p.id));
      return Object.entries(n)
        .filter(([, v]) => ids.has(v.id))
        .map(([k]) => k)
        .sort();
    };
    expect(await seen(places.l1)).toEqual(['all', 'f1', 'l1', 'site']);
    expect(await seen(places.f1)).toEqual(['all', 'f1', 'l1', 'site', 'w1']);
    expect(await seen(places.l2)).toEqual(['all', 'f2', 'l2', 'site']);
    expect(await seen(null)).toEqual(['all']);
  });

  it('puts unread before read, newest first within each, and marks one read or all read', async () => {
    const places = await makePlaces();
    const { token } = await editor();
    const oldest = await createNotice(token, { locationId: places.l2, startDt: addDays(today, -2) });
    const middle = await createNotice(token, { locationId: places.l2, startDt: addDays(today, -1) });
    const newest = await createNotice(token, { locationId: places.l2, startDt: today });
    const mine = [oldest.id, middle.id, newest.id];
    const worker = await t.makeUser({}, { locationId: places.l2 });
    const order = async () => (await postIds(worker.token)).filter((p) => mine.includes(p.id));

    expect(await order()).toEqual(
      [
        { id: newest.id, isRead: false },
        { id: middle.id, isRead: false },
        { id: oldest.id, isRead: false },
      ].map((e) => expect.objectContaining(e)),
    );

    const read = await t.inject({ method: 'POST', url: `/api/notice/${newest.id}/read`, token: worker.token });
    expect(read.status).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/api/notice/${newest.id}/read`, token: worker.token })).status).toBe(
      200,
    );
    expect((await order()).map((p) => [p.id, p.isRead])).toEqual([
      [middle.id, false],
      [oldest.id, false],
      [newest.id, true],
    ]);

    const all = await t.inject({ method: 'GET', url: '/api/notice/read/all', token: worker.token });
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBeGreaterThanOrEqual(2);
    expect((await postIds(worker.token)).every((p) => p.isRead)).toBe(true);
    expect((await order()).map((p) => p.id)).toEqual([newest.id, middle.id, oldest.id]);
    const again = await t.inject({ method: 'GET', url: '/api/notice/read/all', token: worker.token });
    expect(again.body.data.count).toBe(0);

    // Read state is per user.
    const colleague = await t.makeUser({}, { locationId: places.l2 });
    expect((await postIds(colleague.token)).filter((p) => mine.includes(p.id)).every((p) => !p.isRead)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/notice/notices/posts' })).status).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/notice/read/all' })).status).toBe(401);
  });
});

describe('POST /api/notice/{id}/read', () => {
  it('answers 404 for a missing notice, 400 for a bad id, 401 without a token, 403 for a notice not meant for the user', async () => {
    const places = await makePlaces();
    const { token } = await editor();
    const other = await createNotice(token, { locationId: places.f2 });
    const worker = await t.makeUser({}, { locationId: places.l1 });
    expect((await t.inject({ method: 'POST', url: '/api/notice/987654321/read', token: worker.token })).status).toBe(
      404,
    );
    expect((await t.inject({ method: 'POST', url: '/api/notice/x/read', token: worker.token })).status).toBe(400);
    expect((await t.inject({ method: 'POST', url: `/api/notice/${other.id}/read` })).status).toBe(401);
    expect((await t.inject({ method: 'POST', url: `/api/notice/${other.id}/read`, token: worker.token })).status).toBe(
      403,
    );
    expect(await t.db.select().from(noticeReads).where(eq(noticeReads.userId, worker.user.id))).toHaveLength(0);
  });
});
