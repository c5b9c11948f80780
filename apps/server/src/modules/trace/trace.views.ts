import type {
  TraceBackwardQuery,
  TraceEdge,
  TraceForwardQuery,
  TraceGraph,
  TraceNode,
  TraceNodeKind,
} from '@eqms/contract';
import { TRACE_MAX_DEPTH } from '@eqms/contract';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { type BackwardSubject, type ForwardSubject, type WalkRow, walkBackward, walkForward } from './trace.walk.ts';
import { intArray } from '../../db/int-array.ts';

// The graph of a walk (README.md): the walk's ids decorated with names in one query, turned into nodes and edges
// along which the goods flowed (supplier lot → package → lot → … → shipment → customer), each node's level its
// distance from the subject.

type Named = {
  kind: 'PACKAGE' | 'LOT' | 'PLAN' | 'SHIPMENT' | 'CUSTOMER';
  id: number;
  label: string;
  code: string | null;
  name: string | null;
  unit: string | null;
  qty: number | null;
  day: string | null;
  expiryDate: string | null;
  partnerId: number | null;
  partnerCode: string | null;
  partnerName: string | null;
  supplierLot: string | null;
  planId: number | null;
  canceled: boolean;
};

/** One id list as one text parameter (a recall may reach thousands: no parameter per id). */

/**
 * The names of what a walk reached, in one query: packages (material, supplier, received qty), lots (product,
 * produced qty: PRODUCE and ADD of their stock rows' ledger), plans without a lot, shipments (product, customer) and
 * customers of material sales.
 */
export async function nameIds(
  db: Executor,
  ids: { packages: number[]; lots: number[]; plans: number[]; shipments: number[]; customers: number[] },
): Promise<Named[]> {
  const res = await db.execute(sql`
    select 'PACKAGE' as kind, s.id, s.package_id as label, m.code, m.name, m.unit, s.received_qty as qty,
      s.received_date::text as day, s.expiry_date::text as expiry, s.supplier_id as partner_id,
      bp.code as partner_code, bp.name as partner_name, s.supplier_lot, null::int as plan_id, false as canceled
    from material_stocks s join materials m on m.id = s.material_id left join biz_partners bp on bp.id = s.supplier_id
    where s.id = any(${intArray(ids.packages)})
    union all
    select 'LOT', l.id, l.lot_id, p.code, p.name, p.unit,
      (select coalesce(sum(h.qty), 0) from product_stocks ps
        join product_stock_histories h on h.product_stock_id = ps.id and h.type in ('PRODUCE', 'ADD')
        where ps.lot_row_id = l.id),
      l.day::text, l.expiry_date::text, null, null, null, null, l.plan_id, false
    from lots l join products p on p.id = l.product_id
    where l.id = any(${intArray(ids.lots)})
    union all
    select 'PLAN', pl.id, p.code, p.code, p.name, p.unit, pl.qty, pl.start_dt::text, null, null, null, null, null,
      pl.id, false
    from production_plans pl join products p on p.id = pl.product_id
    where pl.id = any(${intArray(ids.plans)})
    union all
    select 'SHIPMENT', s.id, s.shipment_no, p.code, p.name, p.unit, null, s.shipment_dt::text, null, s.biz_partner_id,
      bp.code, bp.name, null, null, s.canceled
    from shipments s join products p on p.id = s.product_id join biz_partners bp on bp.id = s.biz_partner_id
    where s.id = any(${intArray(ids.shipments)})
    union all
    select 'CUSTOMER', bp.id, bp.name, bp.code, bp.name, null, null, null, null, bp.id, bp.code, bp.name, null, null,
      false
    from biz_partners bp
    where bp.id = any(${intArray(ids.customers)})
  `);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    kind: r.kind as Named['kind'],
    id: Number(r.id),
    label: String(r.label),
    code: (r.code as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    unit: (r.unit as string | null) ?? null,
    qty: r.qty == null ? null : round5(Number(r.qty)),
    day: (r.day as string | null) ?? null,
    expiryDate: (r.expiry as string | null) ?? null,
    partnerId: r.partner_id == null ? null : Number(r.partner_id),
    partnerCode: (r.partner_code as string | null) ?? null,
    partnerName: (r.partner_name as string | null) ?? null,
    supplierLot: (r.supplier_lot as string | null) ?? null,
    planId: r.plan_id == null ? null : Number(r.plan_id),
    canceled: r.canceled === true || r.canceled === 't',
  }));
}

const KEY_PREFIX: Record<Named['kind'], string> = {
  PACKAGE: 'PK',
  LOT: 'LT',
  PLAN: 'PL',
  SHIPMENT: 'SH',
  CUSTOMER: 'CU',
};
export const keyOf = (kind: Named['kind'], id: number) => `${KEY_PREFIX[kind]}:${id}`;
/** A supplier's lot: its packages share the supplier and the lot text (any case). */
export const supplierLotKey = (supplierId: number, supplierLot: string) =>
  `SL:${supplierId}:${supplierLot.toLowerCase()}`;

const KIND_ORDER: Record<TraceNodeKind, number> = {
  SUPPLIER_LOT: 0,
  PACKAGE: 1,
  LOT: 2,
  PLAN: 3,
  SHIPMENT: 4,
  CUSTOMER: 5,
};

/** What a walk answered, in the shape the graph and the recall both read. */
export type Walked = {
  rows: WalkRow[];
  names: Named[];
  seedPackages: number[];
  seedLots: number[];
  seedShipment: number | null;
  /** plan → its lot row */
  lotOfPlan: Map<number, number>;
  /** plans reached → their level of lots (forward: 1 = consumed the subject) */
  planDepth: Map<number, number>;
  deepest: number;
};

/** Collects the ids a walk reached and names them. */
async function decorate(db: Executor, rows: WalkRow[]): Promise<Walked> {
  const packages = new Set<number>();
  const lots = new Set<number>();
  const plans = new Set<number>();
  const shipments = new Set<number>();
  const customers = new Set<number>();
  const lotOfPlan = new Map<number, number>();
  const planDepth = new Map<number, number>();
  const seedPackages: number[] = [];
  const seedLots: number[] = [];
  let seedShipment: number | null = null;
  let deepest = 0;
  for (const r of rows) {
    const a = r.a as number;
    const b = r.b as number;
    switch (r.k) {
      case 'SEED_PKG':
        seedPackages.push(a);
        packages.add(a);
        break;
      case 'SEED_LOT':
        seedLots.push(a);
        lots.add(a);
        if (r.b != null) lotOfPlan.set(b, a);
        break;
      case 'SEED_SHIP':
        seedShipment = a;
        shipments.add(a);
        break;
      case 'PKG_PLAN':
        packages.add(a);
        plans.add(b);
        break;
      case 'LOT_PLAN':
        lots.add(a);
        plans.add(b);
        break;
      case 'PLAN_LOT':
        lotOfPlan.set(a, b);
        lots.add(b);
        if (r.depth != null) planDepth.set(a, r.depth);
        break;
      case 'PLAN':
        plans.add(a);
        if (r.depth != null) planDepth.set(a, r.depth);
        break;
      case 'LOT_SHIP':
        lots.add(a);
        shipments.add(b);
        break;
      case 'PKG_SALE':
        customers.add(b);
        break;
      case 'DEPTH':
        deepest = r.a ?? 0;
        break;
    }
  }
  const plansWithoutLot = [...plans].filter((p) => !lotOfPlan.has(p));
  const names = await nameIds(db, {
    packages: [...packages],
    lots: [...lots],
    plans: plansWithoutLot,
    shipments: [...shipments],
    customers: [...customers],
  });
  return { rows, names, seedPackages, seedLots, seedShipment, lotOfPlan, planDepth, deepest };
}

export async function walkedForward(db: Executor, subject: ForwardSubject): Promise<Walked> {
  const walked = await decorate(db, await walkForward(db, subject));
  if ('stockId' in subject && walked.seedPackages.length === 0) throw notFound('Material stock');
  if ('supplierId' in subject && walked.seedPackages.length === 0) throw notFound('Supplier lot');
  if ('lotId' in subject && walked.seedLots.length === 0) throw notFound('Lot');
  return walked;
}

export async function walkedBackward(db: Executor, subject: BackwardSubject): Promise<Walked> {
  const walked = await decorate(db, await walkBackward(db, subject));
  if ('lotId' in subject && walked.seedLots.length === 0) throw notFound('Lot');
  if ('shipmentId' in subject && walked.seedShipment == null) throw notFound('Shipment');
  return walked;
}

const emptyNode = (key: string, kind: TraceNodeKind, id: number, label: string): TraceNode => ({
  key,
  kind,
  id,
  label,
  code: null,
  name: null,
  unit: null,
  qty: null,
  day: null,
  expiryDate: null,
  partnerId: null,
  partnerCode: null,
  partnerName: null,
  supplierLot: null,
  planId: null,
  canceled: false,
  level: 0,
});

/** Nodes and edges of a walk; `subject` says which nodes it started from. */
export function graphOf(
  walked: Walked,
  direction: TraceGraph['direction'],
  subject: 'packages' | 'supplierLot' | 'lot' | 'shipment',
): Omit<TraceGraph, 'elapsedMs'> {
  const nodes = new Map<string, TraceNode>();
  const named = new Map<string, TraceNode>();
  for (const n of walked.names) {
    const key = keyOf(n.kind, n.id);
    named.set(key, { ...n, key, level: 0 });
  }
  const use = (key: string): TraceNode | undefined => {
    const had = nodes.get(key);
    if (had) return had;
    const n = named.get(key);
    if (n) nodes.set(key, n);
    return n;
  };
  const edges: TraceEdge[] = [];
  const edge = (from: string, to: string, kind: TraceEdge['kind'], qty: number, unit: string | null, extra = {}) => {
    if (!use(from) || !use(to)) return;
    edges.push({ from, to, kind, qty: round5(qty), unit, dailyPlanIds: [], canceled: false, ...extra });
  };
  const consumer = (planId: number) => {
    const lot = walked.lotOfPlan.get(planId);
    return lot != null ? keyOf('LOT', lot) : keyOf('PLAN', planId);
  };
  const unitOf = (key: string) => named.get(key)?.unit ?? null;

  // The subject's own nodes first, so a subject with no movement still shows.
  for (const id of walked.seedPackages) use(keyOf('PACKAGE', id));
  for (const id of walked.seedLots) use(keyOf('LOT', id));
  if (walked.seedShipment != null) use(keyOf('SHIPMENT', walked.seedShipment));

  for (const r of walked.rows) {
    const a = r.a as number;
    const b = r.b as number;
    if (r.k === 'PKG_PLAN') {
      const from = keyOf('PACKAGE', a);
      edge(from, consumer(b), 'CONSUMED', r.qty, unitOf(from), { dailyPlanIds: r.dps });
    } else if (r.k === 'LOT_PLAN') {
      const from = keyOf('LOT', a);
      edge(from, consumer(b), 'CONSUMED', r.qty, unitOf(from), { dailyPlanIds: r.dps });
    } else if (r.k === 'LOT_SHIP') {
      const from = keyOf('LOT', a);
      const to = keyOf('SHIPMENT', b);
      edge(from, to, 'SHIPPED', r.qty, unitOf(from), { canceled: named.get(to)?.canceled ?? false });
    } else if (r.k === 'PKG_SALE') {
      const from = keyOf('PACKAGE', a);
      edge(from, keyOf('CUSTOMER', b), 'SOLD', r.qty, unitOf(from));
    } else if (r.k === 'PLAN' && !walked.lotOfPlan.has(a)) {
      use(keyOf('PLAN', a));
    }
  }

  // A shipment's quantity is its lines of the graph's lots; one not canceled goes on to its customer.
  for (const n of nodes.values()) {
    if (n.kind !== 'SHIPMENT') continue;
    n.qty = round5(edges.filter((e) => e.to === n.key).reduce((s, e) => s + e.qty, 0));
    if (n.canceled || n.partnerId == null) continue;
    const key = keyOf('CUSTOMER', n.partnerId);
    if (!nodes.has(key))
      nodes.set(key, {
        ...emptyNode(key, 'CUSTOMER', n.partnerId, n.partnerName ?? ''),
        code: n.partnerCode,
        name: n.partnerName,
        partnerId: n.partnerId,
        partnerCode: n.partnerCode,
        partnerName: n.partnerName,
      });
    edges.push({
      from: n.key,
      to: key,
      kind: 'DELIVERED',
      qty: n.qty,
      unit: n.unit,
      dailyPlanIds: [],
      canceled: false,
    });
  }

  // Each package of a supplier's lot hangs from that lot: received, per package.
  for (const n of [...nodes.values()]) {
    if (n.kind !== 'PACKAGE' || n.partnerId == null || n.supplierLot == null) continue;
    const key = supplierLotKey(n.partnerId, n.supplierLot);
    let lot = nodes.get(key);
    if (!lot) {
      lot = {
        ...emptyNode(key, 'SUPPLIER_LOT', n.partnerId, n.supplierLot),
        code: n.code,
        name: n.name,
        unit: n.unit,
        qty: 0,
        partnerId: n.partnerId,
        partnerCode: n.partnerCode,
        partnerName: n.partnerName,
        supplierLot: n.supplierLot,
      };
      nodes.set(key, lot);
    } else if (lot.code !== n.code) {
      // Packages of several materials under one supplier lot: the lot names none of them.
      lot.code = null;
      lot.name = null;
    }
    lot.qty = lot.unit === n.unit ? round5((lot.qty ?? 0) + (n.qty ?? 0)) : null;
    if (lot.unit !== n.unit) lot.unit = null;
    edges.push({
      from: key,
      to: n.key,
      kind: 'RECEIVED',
      qty: n.qty ?? 0,
      unit: n.unit,
      dailyPlanIds: [],
      canceled: false,
    });
  }

  // A customer's total when everything it received shares one unit.
  for (const n of nodes.values()) {
    if (n.kind !== 'CUSTOMER') continue;
    const incoming = edges.filter((e) => e.to === n.key);
    const units = new Set(incoming.map((e) => e.unit));
    n.unit = units.size === 1 ? [...units][0] : null;
    n.qty = units.size === 1 ? round5(incoming.reduce((s, e) => s + e.qty, 0)) : null;
  }

  const subjectKeys =
    subject === 'supplierLot'
      ? [...nodes.values()].filter((n) => n.kind === 'SUPPLIER_LOT').map((n) => n.key)
      : subject === 'packages'
        ? walked.seedPackages.map((id) => keyOf('PACKAGE', id))
        : subject === 'lot'
          ? walked.seedLots.map((id) => keyOf('LOT', id))
          : walked.seedShipment != null
            ? [keyOf('SHIPMENT', walked.seedShipment)]
            : [];
  levelFrom(subjectKeys, nodes, edges);
  const ordered = [...nodes.values()].sort(
    (a, b) => a.level - b.level || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.label.localeCompare(b.label),
  );
  return { direction, subjectKeys, nodes: ordered, edges, truncated: walked.deepest >= TRACE_MAX_DEPTH };
}

/** Each node's level: its distance from the subject over the edges, either way (breadth first). */
function levelFrom(start: string[], nodes: Map<string, TraceNode>, edges: TraceEdge[]) {
  const next = new Map<string, string[]>();
  const link = (a: string, b: string) => next.set(a, [...(next.get(a) ?? []), b]);
  for (const e of edges) {
    link(e.from, e.to);
    link(e.to, e.from);
  }
  const seen = new Set(start);
  let frontier = start;
  let level = 0;
  while (frontier.length > 0) {
    const following: string[] = [];
    for (const key of frontier) {
      const n = nodes.get(key);
      if (n) n.level = level;
      for (const k of next.get(key) ?? []) {
        if (seen.has(k)) continue;
        seen.add(k);
        following.push(k);
      }
    }
    frontier = following;
    level++;
  }
}

/**
 * A repeatable-read, read-only transaction, so every query of a trace sees one committed state (the recall's residuals
 * cannot come from a movement committed in between). JIT is off on the pool's connections (db/client.ts): the
 * recursive query's estimates are far above what it reads, which made the server compile it for 70–100 ms.
 */
export const onSnapshot = <T>(db: Db, fn: (tx: Executor) => Promise<T>) =>
  db.transaction(fn, { isolationLevel: 'repeatable read', accessMode: 'read only' });

const now = () => performance.now();
const elapsedSince = (start: number) => Math.round((now() - start) * 10) / 10;

export function forwardSubject(q: TraceForwardQuery): ForwardSubject {
  if (q.stockId !== undefined) return { stockId: q.stockId };
  if (q.lotId !== undefined) return { lotId: q.lotId };
  return { supplierId: q.supplierId!, supplierLot: q.supplierLot! };
}

/** GET /trace/forward: the walk, its names and the graph, with the time they took. */
export async function traceForward(db: Db, q: TraceForwardQuery): Promise<TraceGraph> {
  const start = now();
  const subject = forwardSubject(q);
  const walked = await onSnapshot(db, (tx) => walkedForward(tx, subject));
  const graph = graphOf(
    walked,
    'FORWARD',
    'stockId' in subject ? 'packages' : 'lotId' in subject ? 'lot' : 'supplierLot',
  );
  return { ...graph, elapsedMs: elapsedSince(start) };
}

/** GET /trace/backward. */
export async function traceBackward(db: Db, q: TraceBackwardQuery): Promise<TraceGraph> {
  const start = now();
  const subject: BackwardSubject = q.lotId !== undefined ? { lotId: q.lotId } : { shipmentId: q.shipmentId! };
  const walked = await onSnapshot(db, (tx) => walkedBackward(tx, subject));
  const graph = graphOf(walked, 'BACKWARD', 'lotId' in subject ? 'lot' : 'shipment');
  return { ...graph, elapsedMs: elapsedSince(start) };
}

export { elapsedSince, now };
