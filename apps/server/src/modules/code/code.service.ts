import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type {
  Code,
  CodeCategory,
  CodeCategoryCreate,
  CodeCategoryTree,
  CodeCreate,
  CodeTreeNode,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { rowsOf } from '../../db/rows.ts';
import { assertKeyFree, auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { invalidField } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from './code.table.ts';

type CategoryRow = typeof codeCategories.$inferSelect;
type CodeRow = typeof codes.$inferSelect & { category: string };

export const CODE_UNIQUE = { code_categories_category_unique: 'category', codes_category_code_uq: 'code' };

const categoryView = (r: CategoryRow): CodeCategory => ({
  id: r.id,
  category: r.category,
  name: r.name,
  description: r.description,
  sort: r.sort,
  ...auditView(r),
});

const codeView = (r: CodeRow): Code => ({
  id: r.id,
  categoryId: r.categoryId,
  category: r.category,
  code: r.code,
  codeName: r.codeName,
  codeNameEn: r.codeNameEn,
  parentId: r.parentId,
  sort: r.sort,
  enabled: r.enabled,
  ...auditView(r),
});

/** Codes with their category's name, in category order then code order. */
function selectCodes(db: Executor) {
  return db
    .select({ ...getTableColumns(codes), category: codeCategories.category })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .$dynamic();
}
const codeOrder = [asc(codeCategories.sort), asc(codeCategories.category), asc(codes.sort), asc(codes.code)];

export async function listCategories(db: Executor): Promise<CodeCategory[]> {
  const rows = await db.select().from(codeCategories).orderBy(asc(codeCategories.sort), asc(codeCategories.category));
  return rows.map(categoryView);
}

export async function getCategory(db: Executor, id: number): Promise<CodeCategory> {
  return categoryView(
    await firstOr404(db.select().from(codeCategories).where(eq(codeCategories.id, id)), 'Code category'),
  );
}

async function categoryByName(db: Executor, category: string): Promise<CategoryRow> {
  return firstOr404(db.select().from(codeCategories).where(eq(codeCategories.category, category)), 'Code category');
}

export async function listCodes(db: Executor, category?: string): Promise<Code[]> {
  const q = selectCodes(db);
  const rows = await (category ? q.where(eq(codeCategories.category, category)) : q).orderBy(...codeOrder);
  return rows.map(codeView);
}

export async function getCode(db: Executor, id: number): Promise<Code> {
  return codeView(await firstOr404(selectCodes(db).where(eq(codes.id, id)), 'Code'));
}

export async function codeChildren(db: Executor, id: number): Promise<Code[]> {
  await getCode(db, id);
  const rows = await selectCodes(db)
    .where(eq(codes.parentId, id))
    .orderBy(...codeOrder);
  return rows.map(codeView);
}

export async function codesOfCategory(db: Executor, category: string): Promise<Code[]> {
  await categoryByName(db, category);
  return listCodes(db, category);
}

/** Codes of `category` whose parent code is `code` (the parent usually belongs to another category). */
export async function codesChildOf(db: Executor, category: string, code: string): Promise<Code[]> {
  await categoryByName(db, category);
  const parents = db.select({ id: codes.id }).from(codes).where(eq(codes.code, code));
  const rows = await selectCodes(db)
    .where(and(eq(codeCategories.category, category), inArray(codes.parentId, parents)))
    .orderBy(...codeOrder);
  return rows.map(codeView);
}

/** Every category with its codes nested by parentId; a code whose parent is in another category is a top node. */
export async function codeTree(db: Executor): Promise<CodeCategoryTree[]> {
  const categories = await listCategories(db);
  const all = await listCodes(db);
  const nodes = new Map<number, CodeTreeNode>(all.map((c) => [c.id, { ...c, children: [] }]));
  const tops = new Map<number, CodeTreeNode[]>(categories.map((c) => [c.id, []]));
  for (const node of nodes.values()) {
    const parent = node.parentId != null ? nodes.get(node.parentId) : undefined;
    if (parent && parent.categoryId === node.categoryId) parent.children.push(node);
    else tops.get(node.categoryId)?.push(node);
  }
  return categories.map((c) => ({ ...c, codes: tops.get(c.id) ?? [] }));
}

export async function createCategory(db: Db, actor: Actor, body: CodeCategoryCreate): Promise<CodeCategory> {
  return uniqueAs(CODE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await assertCategoryFree(tx, body.category);
      const [row] = await tx
        .insert(codeCategories)
        .values({ ...body, description: body.description ?? null, ...createdStamp(actor) })
        .returning();
      return categoryView(row);
    }),
  );
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  body: CodeCategoryCreate & { id: number },
): Promise<CodeCategory> {
  return uniqueAs(CODE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await firstOr404(tx.select().from(codeCategories).where(eq(codeCategories.id, body.id)), 'Code category');
      await assertCategoryFree(tx, body.category, body.id);
      const [row] = await tx
        .update(codeCategories)
        .set({
          category: body.category,
          name: body.name,
          description: body.description ?? null,
          sort: body.sort,
          ...updatedStamp(actor),
        })
        .where(eq(codeCategories.id, body.id))
        .returning();
      return categoryView(row);
    }),
  );
}

/** A category that still has codes cannot be deleted: the codes are listed (the registry: codes declare it). */
export async function deleteCategory({ db, references }: Deps, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await firstOr404(tx.select().from(codeCategories).where(eq(codeCategories.id, id)), 'Code category');
    await assertNotReferenced(tx, references, codeCategories, [id]);
    await tx.delete(codeCategories).where(eq(codeCategories.id, id));
  });
}

export async function createCode(db: Db, actor: Actor, body: CodeCreate): Promise<Code> {
  const id = await uniqueAs(CODE_UNIQUE, () => withTx(db, actor, (tx) => insertCode(tx, actor, body)));
  return getCode(db, id);
}

/** The insert of one code inside the caller's transaction (the form's create and the Excel import share it). */
export async function insertCode(tx: Tx, actor: Actor, body: CodeCreate): Promise<number> {
  await assertCategoryExists(tx, body.categoryId);
  await assertParent(tx, body.parentId ?? null);
  await assertCodeFree(tx, body.categoryId, body.code);
  const [row] = await tx
    .insert(codes)
    .values({ ...body, parentId: body.parentId ?? null, ...createdStamp(actor) })
    .returning({ id: codes.id });
  return row.id;
}

export async function updateCode(db: Db, actor: Actor, body: CodeCreate & { id: number }): Promise<Code> {
  await uniqueAs(CODE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await firstOr404(tx.select({ id: codes.id }).from(codes).where(eq(codes.id, body.id)), 'Code');
      await assertCategoryExists(tx, body.categoryId);
      await assertParent(tx, body.parentId ?? null, body.id);
      await assertCodeFree(tx, body.categoryId, body.code, body.id);
      await tx
        .update(codes)
        .set({
          categoryId: body.categoryId,
          code: body.code,
          codeName: body.codeName,
          codeNameEn: body.codeNameEn,
          parentId: body.parentId ?? null,
          sort: body.sort,
          enabled: body.enabled,
          ...updatedStamp(actor),
        })
        .where(eq(codes.id, body.id));
    }),
  );
  return getCode(db, body.id);
}

/** A code that is the parent of other codes cannot be deleted: the child codes are listed (the registry). */
export async function deleteCode({ db, references }: Deps, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await firstOr404(tx.select({ id: codes.id }).from(codes).where(eq(codes.id, id)), 'Code');
    await assertNotReferenced(tx, references, codes, [id]);
    await tx.delete(codes).where(eq(codes.id, id));
  });
}

const assertCategoryFree = (tx: Executor, category: string, exceptId?: number) =>
  assertKeyFree(tx, codeCategories, codeCategories.id, 'category', codeCategories.category, category, { exceptId });

async function assertCategoryExists(tx: Executor, categoryId: number) {
  const [cat] = await tx
    .select({ id: codeCategories.id })
    .from(codeCategories)
    .where(eq(codeCategories.id, categoryId));
  if (!cat) throw invalidField('categoryId', 'notExists');
}

const assertCodeFree = (tx: Executor, categoryId: number, code: string, exceptId?: number) =>
  assertKeyFree(tx, codes, codes.id, 'code', codes.code, code, { exceptId, within: eq(codes.categoryId, categoryId) });

/** The parent must exist and, on a change, must not be the code itself or one of its descendants. */
async function assertParent(tx: Executor, parentId: number | null, selfId?: number) {
  if (parentId == null) return;
  const [parent] = await tx.select({ id: codes.id }).from(codes).where(eq(codes.id, parentId));
  if (!parent) throw invalidField('parentId', 'notExists');
  if (selfId === undefined) return;
  const res = await tx.execute(sql`
    with recursive sub as (
      select id from codes where id = ${selfId}
      union
      select c.id from codes c join sub s on c.parent_id = s.id
    )
    select id from sub where id = ${parentId}`);
  if (rowsOf(res).length > 0) throw invalidField('parentId', 'parentCycle');
}
