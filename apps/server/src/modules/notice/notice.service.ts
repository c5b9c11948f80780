import { todayIn } from '../../platform/dates.ts';
import { and, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { can, type Notice, type NoticeCreateForm, type NoticeModifyForm, type Permissions } from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { sanitizeHtml } from '../../platform/html.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { files } from '../files/files.table.ts';
import { locationRefs } from '../location/location.paths.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';
import { noticeReads, notices } from './notice.table.ts';

export type NoticeActor = Actor & { permissions: Permissions };
type NoticeSelectRow = {
  notice: typeof notices.$inferSelect;
  author: string;
  authorImageId: number | null;
  fileName: string | null;
  fileMime: string | null;
  fileSize: number | null;
  readAt: Date | null;
};
export type NoticeAttachment = { name: string; mimeType: string; data: Buffer };

const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

/** The location and every location below it. */
async function locationWithDescendants(db: Executor, id: number): Promise<number[]> {
  const res = await db.execute(sql`
    with recursive down as (
      select id from locations where id = ${id}
      union all
      select l.id from locations l join down d on l.parent_id = d.id
    )
    select id from down`);
  return rowsOf<{ id: number }>(res).map((r) => Number(r.id));
}

/**
 * The locations whose notices reach a user at `id`: the location itself, the ones above it (a factory
 * notice reaches its lines) and the ones below it (a factory manager sees the notices of its lines).
 */
async function reachingLocations(db: Executor, id: number): Promise<number[]> {
  const res = await db.execute(sql`
    with recursive up as (
      select id, parent_id from locations where id = ${id}
      union all
      select l.id, l.parent_id from locations l join up u on l.id = u.parent_id
    ),
    down as (
      select id from locations where id = ${id}
      union all
      select l.id from locations l join down d on l.parent_id = d.id
    )
    select id from up union select id from down`);
  return rowsOf<{ id: number }>(res).map((r) => Number(r.id));
}

export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  today() {
    return todayIn(this.timeZone);
  }

  /** The notice screen's list: every notice, or those targeted at a location or below it; newest first. */
  async list(actor: NoticeActor, query: { locationId?: number; page?: number; size?: number }) {
    let where: SQL | undefined;
    if (query.locationId) {
      const targets = await locationWithDescendants(this.db, query.locationId);
      where = targets.length ? inArray(notices.locationId, targets) : sql`false`;
    }
    const paged = query.page !== undefined || query.size !== undefined;
    const size = query.size ?? 20;
    const page = query.page ?? 1;
    let select = this.select(this.db, actor.id)
      .where(where)
      .orderBy(desc(notices.startDt), desc(notices.id))
      .$dynamic();
    if (paged) select = select.limit(size).offset((page - 1) * size);
    const rows = await select;
    const data = await this.views(this.db, rows);
    if (!paged) return { data };
    const [{ n }] = await this.db.select({ n: count() }).from(notices).where(where);
    return { data, total: Number(n) };
  }

  /** SPEC §4: the user's active notices (period covers today, targeted at them), unread first, then newest. */
  async posts(actor: NoticeActor): Promise<Notice[]> {
    const rows = await this.select(this.db, actor.id)
      .where(await this.postsWhere(this.db, actor.id))
      .orderBy(sql`${noticeReads.readAt} is not null`, desc(notices.startDt), desc(notices.id));
    return this.views(this.db, rows);
  }

  async get(actor: NoticeActor, id: number): Promise<Notice> {
    await this.assertCanSee(this.db, actor, id);
    const rows = await this.select(this.db, actor.id).where(eq(notices.id, id));
    return (await this.views(this.db, rows))[0];
  }

  async markRead(actor: NoticeActor, id: number) {
    await this.assertCanSee(this.db, actor, id);
    await withTx(this.db, actor, (tx) =>
      tx.insert(noticeReads).values({ noticeId: id, userId: actor.id }).onConflictDoNothing(),
    );
  }

  /** Marks every current post of the user read; answers how many became read. */
  async markAllRead(actor: NoticeActor): Promise<number> {
    return withTx(this.db, actor, async (tx) => {
      const unread = await tx
        .select({ id: notices.id })
        .from(notices)
        .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, actor.id)))
        .where(and(await this.postsWhere(tx, actor.id), isNull(noticeReads.noticeId)));
      if (unread.length === 0) return 0;
      const inserted = await tx
        .insert(noticeReads)
        .values(unread.map((r) => ({ noticeId: r.id, userId: actor.id })))
        .onConflictDoNothing()
        .returning({ id: noticeReads.noticeId });
      return inserted.length;
    });
  }

  async create(actor: NoticeActor, form: NoticeCreateForm, file: UploadedFile | null): Promise<Notice> {
    return withTx(this.db, actor, async (tx) => {
      await this.assertLocation(tx, form.locationId);
      const attachFileId = file ? await this.storeFile(tx, actor, file) : null;
      const [row] = await tx
        .insert(notices)
        .values({
          title: form.title,
          contents: sanitizeHtml(form.contents),
          locationId: form.locationId,
          startDt: form.startDt,
          endDt: form.endDt,
          authorId: actor.id,
          attachFileId,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning({ id: notices.id });
      return this.viewById(tx, actor.id, row.id);
    });
  }

  /** A new file replaces the old one; removeFile drops it. The author stays the one who wrote it. */
  async modify(actor: NoticeActor, form: NoticeModifyForm, file: UploadedFile | null): Promise<Notice> {
    return withTx(this.db, actor, async (tx) => {
      const [current] = await tx.select().from(notices).where(eq(notices.id, form.id)).for('update');
      if (!current) throw notFound('Notice');
      await this.assertLocation(tx, form.locationId);
      let attachFileId = current.attachFileId;
      if (file) attachFileId = await this.storeFile(tx, actor, file);
      else if (form.removeFile) attachFileId = null;
      await tx
        .update(notices)
        .set({
          title: form.title,
          contents: sanitizeHtml(form.contents),
          locationId: form.locationId,
          startDt: form.startDt,
          endDt: form.endDt,
          attachFileId,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        })
        .where(eq(notices.id, form.id));
      if (current.attachFileId && current.attachFileId !== attachFileId) {
        await tx.delete(files).where(eq(files.id, current.attachFileId));
      }
      return this.viewById(tx, actor.id, form.id);
    });
  }

  /** All or nothing: one missing id refuses the whole delete. Attachments go with their notices. */
  async remove(actor: NoticeActor, idList: number[]) {
    await withTx(this.db, actor, async (tx) => {
      const found = await tx.select({ id: notices.id }).from(notices).where(inArray(notices.id, idList)).for('update');
      if (found.length !== idList.length) throw notFound('Notice');
      const deleted = await tx
        .delete(notices)
        .where(inArray(notices.id, idList))
        .returning({ attachFileId: notices.attachFileId });
      const fileIds = deleted.map((d) => d.attachFileId).filter((v): v is number => v != null);
      if (fileIds.length) await tx.delete(files).where(inArray(files.id, fileIds));
    });
  }

  async attachment(actor: NoticeActor, id: number): Promise<NoticeAttachment> {
    const notice = await this.assertCanSee(this.db, actor, id);
    if (!notice.attachFileId) throw notFound('Attachment');
    const [file] = await this.db
      .select({ name: files.name, mimeType: files.mimeType, data: files.data })
      .from(files)
      .where(eq(files.id, notice.attachFileId));
    if (!file) throw notFound('Attachment');
    return file;
  }

  /**
   * A notice is open to a user who has it among their posts, and to anyone with notice view rights
   * (the notice screen). Missing → 404 (the web says "this notice was deleted"), otherwise → 403.
   */
  private async assertCanSee(db: Executor, actor: NoticeActor, id: number) {
    const [notice] = await db.select().from(notices).where(eq(notices.id, id));
    if (!notice) throw notFound('Notice');
    if (can(actor.permissions, 'notice', 'view')) return notice;
    const [post] = await db
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.id, id), await this.postsWhere(db, actor.id)));
    if (!post) throw forbidden();
    return notice;
  }

  private async postsWhere(db: Executor, userPk: number): Promise<SQL> {
    const today = this.today();
    const [user] = await db.select({ locationId: users.locationId }).from(users).where(eq(users.id, userPk));
    const reach = user?.locationId ? await reachingLocations(db, user.locationId) : [];
    const target = reach.length
      ? or(isNull(notices.locationId), sql`${notices.locationId} in (${ids(reach)})`)
      : isNull(notices.locationId);
    return and(lte(notices.startDt, today), gte(notices.endDt, today), target)!;
  }

  private async assertLocation(tx: Executor, locationId: number | null) {
    if (locationId == null) return;
    const [loc] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
    if (!loc) throw invalidField('locationId', 'invalidType');
  }

  private async storeFile(tx: Executor, actor: Actor, file: UploadedFile) {
    const [row] = await tx
      .insert(files)
      .values({ name: file.name, mimeType: file.mime, size: file.size, data: file.data, createdBy: actor.userId })
      .returning({ id: files.id });
    return row.id;
  }

  /** Notices with author, attachment metadata (never the bytes) and the user's read state. */
  private select(db: Executor, userPk: number) {
    return db
      .select({
        notice: notices,
        author: users.username,
        authorImageId: users.imageFileId,
        fileName: files.name,
        fileMime: files.mimeType,
        fileSize: files.size,
        readAt: noticeReads.readAt,
      })
      .from(notices)
      .innerJoin(users, eq(users.id, notices.authorId))
      .leftJoin(files, eq(files.id, notices.attachFileId))
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userPk)))
      .$dynamic();
  }

  private async viewById(db: Executor, userPk: number, id: number) {
    const rows = await this.select(db, userPk).where(eq(notices.id, id));
    return (await this.views(db, rows))[0];
  }

  private async views(db: Executor, rows: NoticeSelectRow[]): Promise<Notice[]> {
    const locs = await locationRefs(
      db,
      rows.map((r) => r.notice.locationId).filter((v): v is number => v != null),
    );
    return rows.map(({ notice: n, ...r }) => ({
      id: n.id,
      title: n.title,
      contents: n.contents,
      author: r.author,
      authorId: n.authorId,
      authorHasImage: r.authorImageId != null,
      locationId: n.locationId,
      location: n.locationId ? (locs.get(n.locationId) ?? null) : null,
      startDt: n.startDt,
      endDt: n.endDt,
      attachFileName: r.fileName,
      attachFileMimeType: r.fileMime,
      attachFileSize: r.fileSize,
      isRead: r.readAt != null,
      createdBy: n.createdBy,
      createdAt: n.createdAt.toISOString(),
      updatedBy: n.updatedBy,
      updatedAt: n.updatedAt.toISOString(),
    }));
  }
}
