import type {
  Recall,
  RecallCanceled,
  RecallDelivery,
  RecallLot,
  RecallLotCustomer,
  RecallPackage,
  RecallPlan,
  RecallQuery,
  TraceNode,
} from '@eqms/contract';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { todayIn } from '../../platform/dates.ts';
import { round5 } from '../../platform/qty.ts';
import type { ForwardSubject } from './trace.walk.ts';
import { elapsedSince, graphOf, now, onSnapshot, walkedForward } from './trace.views.ts';
import { intArray } from '../../db/int-array.ts';

// The mock recall (README.md "Mock recall"): the forward walk from a supplier lot (or one package), then each
// package's and each reached lot's mass balance from the ledgers and balances that own the quantities — every term
// read on its own, so the residual is a real check of the ledgers, not a difference that is zero by construction.
// All of it on one snapshot: a movement committed in the middle cannot make a residual.

const num = (v: unknown) => round5(Number(v ?? 0));

type PackageRow = Record<string, unknown>;

/**
 * received (SHIP_IN) = on the shelf + at the lines + consumed + sold + corrected + disposed (returned or scrapped),
 * per package; and the residual.
 */
async function packageBalances(db: Executor, ids: number[]): Promise<RecallPackage[]> {
  if (ids.length === 0) return [];
  const res = await db.execute(sql`
    select b.*, b.received - b.in_stock - b.at_line - b.consumed - b.sold - b.corrected - b.disposed as residual from (
      select s.id, s.package_id, s.material_id, m.code, m.name, m.unit, s.supplier_lot,
        s.received_date::text as received_date, s.expiry_date::text as expiry_date,
        coalesce((select sum(h.qty) from material_histories h where h.stock_id = s.id and h.type = 'SHIP_IN'), 0)
          as received,
        s.qty as in_stock,
        coalesce((select sum(p.qty) from production_material_stocks p where p.stock_id = s.id), 0) as at_line,
        coalesce((select -sum(h.qty) from production_material_stocks p
          join production_material_histories h on h.prod_stock_id = p.id and h.type = 'CONSUME'
          where p.stock_id = s.id), 0) as consumed,
        coalesce((select sum(ms.qty) from material_sales ms where ms.stock_id = s.id), 0) as sold,
        coalesce((select -sum(h.qty) from material_histories h where h.stock_id = s.id and h.type = 'CORRECT'), 0)
          as corrected,
        coalesce((select -sum(h.qty) from material_histories h where h.stock_id = s.id and h.type in ('RETURN', 'SCRAP')),
          0) as disposed
      from material_stocks s join materials m on m.id = s.material_id
      where s.id = any(${intArray(ids)})
    ) b order by b.received_date, b.id
  `);
  return rowsOf<PackageRow>(res).map((r) => ({
    stockId: Number(r.id),
    packageId: String(r.package_id),
    materialId: Number(r.material_id),
    materialCode: String(r.code),
    materialName: String(r.name),
    unit: String(r.unit),
    supplierLot: (r.supplier_lot as string | null) ?? null,
    receivedDate: String(r.received_date),
    expiryDate: (r.expiry_date as string | null) ?? null,
    receivedQty: num(r.received),
    inStockQty: num(r.in_stock),
    atLineQty: num(r.at_line),
    consumedQty: num(r.consumed),
    soldQty: num(r.sold),
    correctedQty: num(r.corrected),
    disposedQty: num(r.disposed),
    residualQty: num(r.residual),
  }));
}

type LotBalance = Omit<
  RecallLot,
  | 'lotId'
  | 'productId'
  | 'productCode'
  | 'productName'
  | 'unit'
  | 'day'
  | 'expiryDate'
  | 'planId'
  | 'level'
  | 'customers'
>;

/**
 * produced (PRODUCE + ADD) = on the shelves + shipped (lines of shipments not canceled) + consumed by higher plans
 * (production product ledger) + at the lines (production product stock) + disposed + adjusted, per lot.
 */
async function lotBalances(db: Executor, ids: number[]): Promise<Map<number, LotBalance & { productId: number }>> {
  const out = new Map<number, LotBalance & { productId: number }>();
  if (ids.length === 0) return out;
  const res = await db.execute(sql`
    select b.*, b.produced - b.in_stock - b.shipped - b.consumed - b.at_line - b.disposed - b.adjusted as residual
    from (
      select l.id, l.product_id,
        coalesce(led.produced, 0) as produced, coalesce(led.disposed, 0) as disposed,
        coalesce(led.adjusted, 0) as adjusted,
        coalesce((select sum(ps.qty) from product_stocks ps where ps.lot_row_id = l.id), 0) as in_stock,
        coalesce((select sum(sl.qty) from shipment_lots sl join shipments s on s.id = sl.shipment_id
          where sl.lot_row_id = l.id and not s.canceled), 0) as shipped,
        coalesce((select -sum(h.qty) from production_product_stocks p
          join production_product_histories h on h.prod_product_stock_id = p.id and h.type = 'CONSUME'
          where p.lot_row_id = l.id), 0) as consumed,
        coalesce((select sum(p.qty) from production_product_stocks p where p.lot_row_id = l.id), 0) as at_line
      from lots l
      left join lateral (
        select sum(h.qty) filter (where h.type in ('PRODUCE', 'ADD')) as produced,
          -sum(h.qty) filter (where h.type = 'DISPOSE') as disposed,
          -sum(h.qty) filter (where h.type = 'ADJUST') as adjusted
        from product_stocks ps join product_stock_histories h on h.product_stock_id = ps.id
        where ps.lot_row_id = l.id
      ) led on true
      where l.id = any(${intArray(ids)})
    ) b
  `);
  for (const r of rowsOf<Record<string, unknown>>(res))
    out.set(Number(r.id), {
      lotRowId: Number(r.id),
      productId: Number(r.product_id),
      producedQty: num(r.produced),
      inStockQty: num(r.in_stock),
      shippedQty: num(r.shipped),
      consumedQty: num(r.consumed),
      atLineQty: num(r.at_line),
      disposedQty: num(r.disposed),
      adjustedQty: num(r.adjusted),
      residualQty: num(r.residual),
    });
  return out;
}

export function recallSubject(q: RecallQuery): ForwardSubject {
  return q.stockId !== undefined ? { stockId: q.stockId } : { supplierId: q.supplierId!, supplierLot: q.supplierLot! };
}

/** GET /trace/recall: the forward walk and the mass balances of what it reached, with the time they took. */
export async function mockRecall(db: Db, q: RecallQuery, timeZone: string): Promise<Recall> {
  const start = now();
  const subject = recallSubject(q);
  const { walked, packages, balances } = await onSnapshot(db, async (tx) => {
    const walked = await walkedForward(tx, subject);
    const packages = await packageBalances(tx, walked.seedPackages);
    const lotIds = walked.names.filter((n) => n.kind === 'LOT').map((n) => n.id);
    return { walked, packages, balances: await lotBalances(tx, lotIds) };
  });
  const graph = graphOf(walked, 'FORWARD', 'stockId' in subject ? 'packages' : 'supplierLot');
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));

  // What each lot went out as, per customer, and what each customer received in all.
  const lotCustomers = new Map<string, Map<number, RecallLotCustomer>>();
  const deliveries = new Map<string, RecallDelivery>();
  const deliver = (partner: TraceNode, kind: RecallDelivery['kind'], item: TraceNode, qty: number, ref: string) => {
    const key = `${partner.partnerId}|${kind}|${item.code}|${item.unit}`;
    const had = deliveries.get(key);
    if (had) {
      had.qty = round5(had.qty + qty);
      if (!had.refs.includes(ref)) had.refs.push(ref);
    } else
      deliveries.set(key, {
        bizPartnerId: partner.partnerId!,
        bizPartnerCode: partner.partnerCode,
        bizPartnerName: partner.partnerName ?? '',
        kind,
        itemCode: item.code ?? '',
        itemName: item.name ?? '',
        unit: item.unit ?? '',
        qty: round5(qty),
        refs: [ref],
      });
  };
  const canceledShipments = new Map<number, RecallCanceled>();
  for (const e of graph.edges) {
    const from = byKey.get(e.from)!;
    const to = byKey.get(e.to)!;
    if (e.kind === 'SHIPPED' && to.canceled) {
      const had = canceledShipments.get(to.id);
      if (had) had.qty = round5(had.qty + e.qty);
      else
        canceledShipments.set(to.id, {
          shipmentId: to.id,
          shipmentNo: to.label,
          shipmentDt: to.day ?? '',
          bizPartnerName: to.partnerName ?? '',
          productCode: to.code ?? '',
          productName: to.name ?? '',
          unit: to.unit ?? '',
          qty: e.qty,
        });
    } else if (e.kind === 'SHIPPED') {
      const perLot = lotCustomers.get(from.key) ?? new Map<number, RecallLotCustomer>();
      lotCustomers.set(from.key, perLot);
      const had = perLot.get(to.partnerId!);
      if (had) {
        had.qty = round5(had.qty + e.qty);
        if (!had.shipmentNos.includes(to.label)) had.shipmentNos.push(to.label);
      } else
        perLot.set(to.partnerId!, {
          bizPartnerId: to.partnerId!,
          bizPartnerCode: to.partnerCode,
          bizPartnerName: to.partnerName ?? '',
          qty: e.qty,
          shipmentNos: [to.label],
        });
      deliver(to, 'SHIPPED', to, e.qty, to.label);
    } else if (e.kind === 'SOLD') {
      deliver(to, 'SOLD', from, e.qty, from.label);
    }
  }

  const lots: RecallLot[] = graph.nodes
    .filter((n) => n.kind === 'LOT')
    .map((n) => {
      const b = balances.get(n.id)!;
      return {
        ...b,
        lotRowId: n.id,
        lotId: n.label,
        productId: b.productId,
        productCode: n.code ?? '',
        productName: n.name ?? '',
        unit: n.unit ?? '',
        day: n.day ?? '',
        expiryDate: n.expiryDate,
        planId: n.planId,
        level: (n.planId != null ? walked.planDepth.get(n.planId) : undefined) ?? n.level,
        customers: [...(lotCustomers.get(n.key)?.values() ?? [])].sort((a, b) =>
          a.bizPartnerName.localeCompare(b.bizPartnerName),
        ),
      };
    })
    .sort((a, b) => a.level - b.level || a.lotId.localeCompare(b.lotId));
  const plans: RecallPlan[] = graph.nodes
    .filter((n) => n.kind === 'PLAN')
    .map((n) => ({
      planId: n.id,
      productCode: n.code ?? '',
      productName: n.name ?? '',
      unit: n.unit ?? '',
      qty: n.qty ?? 0,
      startDt: n.day ?? '',
    }));

  const first = packages[0];
  const today = todayIn(timeZone);
  const supplier = first ? (byKey.get(`PK:${first.stockId}`) ?? null) : null;
  const fromDate = packages.reduce((d, p) => (p.receivedDate < d ? p.receivedDate : d), today);
  return {
    supplierId: supplier?.partnerId ?? null,
    supplierCode: supplier?.partnerCode ?? null,
    supplierName: supplier?.partnerName ?? null,
    supplierLot: 'supplierLot' in subject ? (first?.supplierLot ?? subject.supplierLot) : (first?.supplierLot ?? null),
    stockId: 'stockId' in subject ? subject.stockId : null,
    packageId: 'stockId' in subject ? (first?.packageId ?? null) : null,
    fromDate,
    toDate: today,
    packages,
    lots,
    plans,
    deliveries: [...deliveries.values()].sort(
      (a, b) => a.bizPartnerName.localeCompare(b.bizPartnerName) || a.kind.localeCompare(b.kind),
    ),
    canceledShipments: [...canceledShipments.values()].sort((a, b) => a.shipmentNo.localeCompare(b.shipmentNo)),
    balanced: packages.every((p) => p.residualQty === 0) && lots.every((l) => l.residualQty === 0),
    truncated: graph.truncated,
    computedAt: new Date().toISOString(),
    elapsedMs: elapsedSince(start),
  };
}
