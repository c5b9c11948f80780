import {
  RECORD_FILES_MAX,
  RECORD_TYPES,
  type RecordCreate,
  type RecordFile,
  type RecordFilter,
  type RecordSheet,
  type RecordTreeNode,
  type RecordType,
  type RecordUpdate,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditView, createdStamp, firstOr404, pageOf, updatedStamp } from '../../platform/crud.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { likePattern } from '../../platform/master-list.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { files } from '../files/files.table.ts';
import { recordFiles, records } from './record.table.ts';

// Record sheets and their folders, in a tree by type. A folder holds folders and sheets of its own type; a folder with
// children is never deleted (409 recordFolderNotEmpty: nothing disappears by a cascade the user did not see). A
// sheet's files are rows in `files`, checked by content before they get here, deleted with the sheet.

const r = records;
const childCountExpr = sql<number>`(select count(*) from records c where c.parent_id = records.id)`.mapWith(Number);

const fileColumns = {
  id: recordFiles.id,
  recordId: recordFiles.recordId,
  name: files.name,
  mimeType: files.mimeType,
  size: files.size,
  createdBy: recordFiles.createdBy,
  createdAt: recordFiles.createdAt,
};
type FileRow = {
  id: number;
  recordId: number;
  name: string;
  mimeType: string;
  size: number;
  createdBy: string | null;
  createdAt: Date;
};
const fileView = (f: FileRow): RecordFile => ({ ...f, createdAt: f.createdAt.toISOString() });

/** Each folder's names from its type's root down to itself. */
async function folderPaths(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const res = await db.execute(sql`
    with recursive chain as (
      select f.id as start_id, f.id, f.title, f.parent_id, 0 as depth from records f
        where f.id in (${sql.join(
          unique.map((i) => sql`${i}`),
          sql`, `,
        )})
      union all
      select c.start_id, p.id, p.title, p.parent_id, c.depth + 1 from records p join chain c on p.id = c.parent_id
    )
    select start_id, title from chain order by start_id, depth desc`);
  for (const row of rowsOf<{ start_id: number; title: string }>(res)) {
    const id = Number(row.start_id);
    out.set(id, out.has(id) ? `${out.get(id)} / ${row.title}` : row.title);
  }
  return out;
}

async function views(db: Executor, rows: (typeof r.$inferSelect & { childCount: number })[]): Promise<RecordSheet[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((x) => x.id);
  const fileRows = await db
    .select(fileColumns)
    .from(recordFiles)
    .innerJoin(files, eq(files.id, recordFiles.fileId))
    .where(inArray(recordFiles.recordId, ids))
    .orderBy(asc(recordFiles.id));
  const byRecord = new Map<number, RecordFile[]>();
  for (const f of fileRows) byRecord.set(f.recordId, [...(byRecord.get(f.recordId) ?? []), fileView(f)]);
  const paths = await folderPaths(
    db,
    rows.map((x) => x.parentId).filter((v): v is number => v != null),
  );
  return rows.map((x) => ({
    id: x.id,
    type: x.type as RecordType,
    parentId: x.parentId,
    parentPath: x.parentId == null ? '' : (paths.get(x.parentId) ?? ''),
    isFolder: x.isFolder,
    title: x.title,
    recordDt: x.recordDt,
    author: x.author,
    fields: x.fields ?? [],
    files: byRecord.get(x.id) ?? [],
    childCount: x.childCount,
    ...auditView(x),
  }));
}

const selectRecords = (db: Executor) => db.select({ ...getColumns(), childCount: childCountExpr }).from(r);
function getColumns() {
  return {
    id: r.id,
    type: r.type,
    parentId: r.parentId,
    isFolder: r.isFolder,
    title: r.title,
    recordDt: r.recordDt,
    author: r.author,
    fields: r.fields,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt,
  };
}

export async function getRecord(db: Executor, id: number): Promise<RecordSheet> {
  const rows = await selectRecords(db).where(eq(r.id, id));
  if (rows.length === 0) throw notFound('Record');
  return (await views(db, rows))[0];
}

async function subtree(db: Executor, id: number): Promise<number[]> {
  const res = await db.execute(sql`
    with recursive sub as (
      select id from records where id = ${id}
      union
      select c.id from records c join sub s on c.parent_id = s.id
    )
    select id from sub`);
  return rowsOf<{ id: number }>(res).map((x) => Number(x.id));
}

/** Sheets of the filter, newest date first; one page and the total when a page is asked. */
export async function listRecords(
  db: Executor,
  q: RecordFilter,
  page: { page?: number; size?: number } | null,
): Promise<{ data: RecordSheet[]; total: number }> {
  const text = q.q?.trim();
  const within = q.parentId ? await subtree(db, q.parentId) : null;
  const where: SQL | undefined = and(
    eq(r.isFolder, false),
    q.type ? eq(r.type, q.type) : undefined,
    within ? inArray(r.parentId, within) : undefined,
    q.startDt ? gte(r.recordDt, q.startDt) : undefined,
    q.endDt ? lte(r.recordDt, q.endDt) : undefined,
    text
      ? sql`lower(concat_ws(chr(1), ${r.title}, ${r.author}, ${r.fields}::text)) like lower(${likePattern(text)})`
      : undefined,
  );
  const ordered = selectRecords(db).where(where).orderBy(desc(r.recordDt), desc(r.id));
  const p = page ? pageOf(page) : null;
  if (!p) {
    const data = await views(db, await ordered);
    return { data, total: data.length };
  }
  const rows = await ordered.limit(p.limit).offset(p.offset);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(r)
    .where(where);
  return { data: await views(db, rows), total: n };
}

/** A folder's children (folders first, then sheets newest first), or the type's root without a parent. */
export async function childRecords(db: Executor, type: RecordType, parentId?: number): Promise<RecordSheet[]> {
  if (parentId != null) {
    const parent = await firstOr404(
      db.select({ type: r.type, isFolder: r.isFolder }).from(r).where(eq(r.id, parentId)),
      'Record folder',
    );
    if (!parent.isFolder || parent.type !== type) throw invalidField('parentId', 'recordParent');
  }
  const rows = await selectRecords(db)
    .where(and(eq(r.type, type), parentId != null ? eq(r.parentId, parentId) : isNull(r.parentId)))
    .orderBy(desc(r.isFolder), asc(sql`case when ${r.isFolder} then ${r.title} end`), desc(r.recordDt), desc(r.id));
  return views(db, rows);
}

/** Types → folders → sheets (titles and dates only), each node counting the sheets at or below it. */
export async function recordTree(db: Executor): Promise<RecordTreeNode[]> {
  const rows = await db
    .select({
      id: r.id,
      type: r.type,
      parentId: r.parentId,
      isFolder: r.isFolder,
      title: r.title,
      recordDt: r.recordDt,
    })
    .from(r)
    .orderBy(desc(r.isFolder), asc(sql`case when ${r.isFolder} then ${r.title} end`), desc(r.recordDt), desc(r.id));
  const types = new Map<RecordType, RecordTreeNode>(
    RECORD_TYPES.map((type) => [
      type,
      { key: `G${type}`, kind: 'TYPE', id: null, type, title: type, recordDt: null, sheetCount: 0, children: [] },
    ]),
  );
  const nodes = new Map<number, RecordTreeNode & { parentId: number | null }>();
  for (const x of rows) {
    nodes.set(x.id, {
      key: `R${x.id}`,
      kind: x.isFolder ? 'FOLDER' : 'SHEET',
      id: x.id,
      type: x.type as RecordType,
      title: x.title,
      recordDt: x.recordDt,
      sheetCount: x.isFolder ? 0 : 1,
      children: [],
      parentId: x.parentId,
    });
  }
  for (const n of nodes.values()) {
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    (parent ?? types.get(n.type))?.children.push(n);
  }
  const sum = (n: RecordTreeNode): number => {
    n.sheetCount += n.children.reduce((acc, c) => acc + sum(c), 0);
    return n.sheetCount;
  };
  const strip = (n: RecordTreeNode): RecordTreeNode => {
    const { parentId: _p, ...rest } = n as RecordTreeNode & { parentId?: number | null };
    return { ...rest, children: rest.children.map(strip) };
  };
  const out = [...types.values()];
  out.forEach(sum);
  return out.map(strip);
}

/** The parent must be a folder of the same type, and (on a move) not the node itself nor below it. */
async function assertParent(tx: Tx, type: RecordType, parentId: number | null, selfId?: number) {
  if (parentId == null) return;
  const [parent] = await tx
    .select({ type: r.type, isFolder: r.isFolder })
    .from(r)
    .where(eq(r.id, parentId))
    .for('update');
  if (!parent) throw invalidField('parentId', 'notExists');
  if (!parent.isFolder || parent.type !== type) throw invalidField('parentId', 'recordParent');
  if (selfId != null && (await subtree(tx, selfId)).includes(parentId))
    throw invalidField('parentId', 'recordParentCycle');
}

const values = (body: RecordCreate) => ({
  type: body.type,
  parentId: body.parentId,
  isFolder: body.isFolder,
  title: body.title,
  recordDt: body.recordDt,
  author: body.author,
  fields: body.fields,
});

export async function createRecord(db: Db, actor: Actor, body: RecordCreate): Promise<RecordSheet> {
  const id = await withTx(db, actor, async (tx) => {
    await assertParent(tx, body.type, body.parentId);
    const [made] = await tx
      .insert(r)
      .values({
        ...values({ ...body, author: body.author ?? (body.isFolder ? null : actor.username) }),
        ...createdStamp(actor),
      })
      .returning({ id: r.id });
    return made.id;
  });
  return getRecord(db, id);
}

async function lockRecord(tx: Tx, id: number) {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  if (!row) throw notFound('Record');
  return row;
}

const countChildren = async (tx: Executor, id: number) =>
  (
    await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(r)
      .where(eq(r.parentId, id))
  )[0].n;

export async function updateRecord(db: Db, actor: Actor, body: RecordUpdate): Promise<RecordSheet> {
  await withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, body.id);
    if (current.isFolder !== body.isFolder) throw invalidField('isFolder', 'recordFolderKind');
    if (current.type !== body.type) {
      const count = await countChildren(tx, body.id);
      if (count > 0) throw conflict('recordFolderNotEmpty', { count }, { count });
    }
    await assertParent(tx, body.type, body.parentId, body.id);
    await tx
      .update(r)
      .set({ ...values(body), ...updatedStamp(actor) })
      .where(eq(r.id, body.id));
  });
  return getRecord(db, body.id);
}

/** A sheet goes with its files; a folder only when empty (409 recordFolderNotEmpty with the count). */
export async function deleteRecord(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockRecord(tx, id);
    const count = await countChildren(tx, id);
    if (count > 0) throw conflict('recordFolderNotEmpty', { count }, { count });
    const owned = await tx.select({ fileId: recordFiles.fileId }).from(recordFiles).where(eq(recordFiles.recordId, id));
    await tx.delete(r).where(eq(r.id, id));
    if (owned.length)
      await tx.delete(files).where(
        inArray(
          files.id,
          owned.map((f) => f.fileId),
        ),
      );
  });
}

export async function addRecordFile(db: Db, actor: Actor, recordId: number, file: UploadedFile): Promise<RecordFile> {
  return withTx(db, actor, async (tx) => {
    const record = await lockRecord(tx, recordId);
    if (record.isFolder) throw conflict('recordFolderFiles');
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(recordFiles)
      .where(eq(recordFiles.recordId, recordId));
    if (n >= RECORD_FILES_MAX) throw conflict('recordFileLimit', { max: RECORD_FILES_MAX }, { max: RECORD_FILES_MAX });
    const [stored] = await tx
      .insert(files)
      .values({ name: file.name, mimeType: file.mime, size: file.size, data: file.data, createdBy: actor.userId })
      .returning({ id: files.id });
    const [made] = await tx
      .insert(recordFiles)
      .values({ recordId, fileId: stored.id, createdBy: actor.userId })
      .returning({ id: recordFiles.id });
    await tx.update(r).set(updatedStamp(actor)).where(eq(r.id, recordId));
    const [row] = await tx
      .select(fileColumns)
      .from(recordFiles)
      .innerJoin(files, eq(files.id, recordFiles.fileId))
      .where(eq(recordFiles.id, made.id));
    return fileView(row);
  });
}

export async function recordFileOf(db: Executor, id: number) {
  return firstOr404(
    db
      .select({ name: files.name, mimeType: files.mimeType, data: files.data })
      .from(recordFiles)
      .innerJoin(files, eq(files.id, recordFiles.fileId))
      .where(eq(recordFiles.id, id)),
    'Record file',
  );
}

export async function removeRecordFile(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const [link] = await tx
      .select({ recordId: recordFiles.recordId, fileId: recordFiles.fileId })
      .from(recordFiles)
      .where(eq(recordFiles.id, id));
    if (!link) throw notFound('Record file');
    await lockRecord(tx, link.recordId);
    await tx.delete(recordFiles).where(eq(recordFiles.id, id));
    await tx.delete(files).where(eq(files.id, link.fileId));
    await tx.update(r).set(updatedStamp(actor)).where(eq(r.id, link.recordId));
  });
}
