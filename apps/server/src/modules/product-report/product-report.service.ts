import type {
  ProductReport,
  ProductReportBucket,
  ProductReportFigures,
  ProductReportPeriod,
  ProductReportProduct,
} from '@eqms/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addDays } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { products } from '../product/product.table.ts';

// The product report (README.md): per product and bucket (day, ISO week, month) of a period, from the daily plans of
// its days — planned = the targets of each plan's last operation, good = that operation's good quantities (what left
// the line), bad = every operation's bad quantities — with the achievement rate good ÷ planned and the defect rate
// bad ÷ (good + bad) (DOMAIN "Measures").

export type ProductReportInput = {
  startDt: string;
  endDt: string;
  bucket: ProductReportBucket;
  productId?: number;
};

type Sums = { plannedQty: number; goodQty: number; badQty: number };

/** The rates of sums: achievement in percent with 1 place, defect rate with 2; null when the divisor is 0. */
export function figuresOf(s: Sums): ProductReportFigures {
  const plannedQty = round5(s.plannedQty);
  const goodQty = round5(s.goodQty);
  const badQty = round5(s.badQty);
  const made = goodQty + badQty;
  return {
    plannedQty,
    goodQty,
    badQty,
    achievementRate: plannedQty > 0 ? Math.round((goodQty / plannedQty) * 1000) / 10 : null,
    defectRate: made > 0 ? Math.round((badQty / made) * 10_000) / 100 : null,
  };
}

const add = (a: Sums, b: Sums): Sums => ({
  plannedQty: a.plannedQty + b.plannedQty,
  goodQty: a.goodQty + b.goodQty,
  badQty: a.badQty + b.badQty,
});
const ZERO: Sums = { plannedQty: 0, goodQty: 0, badQty: 0 };

/** The bucket a day falls in: the day, the Monday of its ISO week, or its month. */
export function bucketOf(day: string, bucket: ProductReportBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return day.slice(0, 7);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** Every bucket of the period in order, each with its days inside the period. */
export function bucketsOf(startDt: string, endDt: string, bucket: ProductReportBucket) {
  const out: { key: string; startDt: string; endDt: string }[] = [];
  for (let day = startDt; day <= endDt; day = addDays(day, 1)) {
    const key = bucketOf(day, bucket);
    const last = out.at(-1);
    if (last?.key === key) last.endDt = day;
    else out.push({ key, startDt: day, endDt: day });
  }
  return out;
}

type Summed = { product_id: number; bucket: string; planned: string; good: string; bad: string };

export async function productReport(db: Executor, q: ProductReportInput): Promise<ProductReport> {
  if (q.productId) {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, q.productId));
    if (!p) throw notFound('Product');
  }
  // Per product and bucket in one pass over the period's daily plans. Each plan's last operation (highest sequence,
  // as the plan list's good quantity) among the plans meeting the period — a daily plan lies inside its plan's days.
  const bucketKey =
    q.bucket === 'day'
      ? sql`d.day::text`
      : q.bucket === 'week'
        ? sql`to_char(date_trunc('week', d.day::timestamp), 'YYYY-MM-DD')`
        : sql`to_char(d.day, 'YYYY-MM')`;
  const res = await db.execute(sql`
    select p.product_id, ${bucketKey} as bucket,
        coalesce(sum(d.target_qty) filter (where l.id is not null), 0)::text as planned,
        coalesce(sum(d.good_qty) filter (where l.id is not null), 0)::text as good,
        sum(d.bad_qty)::text as bad
      from daily_plans d
      join production_plans p on p.id = d.plan_id
      left join (
        select distinct on (o.plan_id) o.id
          from production_oper_plans o
          join production_plans lp on lp.id = o.plan_id
          where lp.start_dt <= ${q.endDt} and lp.end_dt >= ${q.startDt}
            ${q.productId ? sql`and lp.product_id = ${q.productId}` : sql``}
          order by o.plan_id, o.seq desc, o.id desc
      ) l on l.id = d.oper_plan_id
      where d.day between ${q.startDt} and ${q.endDt}
        ${q.productId ? sql`and p.product_id = ${q.productId}` : sql``}
      group by 1, 2`);
  const rows = rowsOf<Summed>(res);

  const periods = bucketsOf(q.startDt, q.endDt, q.bucket);
  const all = new Map(periods.map((b) => [b.key, { ...ZERO }]));
  const byProduct = new Map<number, Map<string, Sums>>();
  for (const r of rows) {
    const key = r.bucket;
    const sums = { plannedQty: Number(r.planned), goodQty: Number(r.good), badQty: Number(r.bad) };
    const product = byProduct.get(Number(r.product_id)) ?? new Map<string, Sums>();
    byProduct.set(Number(r.product_id), product);
    product.set(key, add(product.get(key) ?? ZERO, sums));
    all.set(key, add(all.get(key) ?? ZERO, sums));
  }

  const ids = [...byProduct.keys()];
  const info = ids.length
    ? await db
        .select({ id: products.id, code: products.code, name: products.name, unit: products.unit })
        .from(products)
        .where(
          sql`${products.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
    : [];
  const productRows: ProductReportProduct[] = info
    .map((p) => {
      const sums = byProduct.get(p.id) ?? new Map<string, Sums>();
      const buckets: ProductReportPeriod[] = periods
        .filter((b) => sums.has(b.key))
        .map((b) => ({ ...b, ...figuresOf(sums.get(b.key) ?? ZERO) }));
      return {
        productId: p.id,
        productCode: p.code,
        productName: p.name,
        unit: p.unit,
        ...figuresOf([...sums.values()].reduce(add, ZERO)),
        buckets,
      };
    })
    .sort((a, b) => a.productCode.localeCompare(b.productCode));
  return {
    startDt: q.startDt,
    endDt: q.endDt,
    bucket: q.bucket,
    buckets: periods.map((b) => ({ ...b, ...figuresOf(all.get(b.key) ?? ZERO) })),
    products: productRows,
    total: figuresOf([...all.values()].reduce(add, ZERO)),
  };
}
