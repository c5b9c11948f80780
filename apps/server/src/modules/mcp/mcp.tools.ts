import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { can, HACCP_PERIOD_MAX_DAYS, type Locale, MENU_INDEX, type Permissions, type TraceNode } from '@eqms/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { listClaims } from '../claim/claim.service.ts';
import { listMonitorings } from '../haccp/ccp.service.ts';
import { traceBackward, traceForward } from '../trace/trace.views.ts';
import { intArray } from '../../db/int-array.ts';
import { goodBadStatus, prodStatus, productStockStatus } from '../widget/widget.service.ts';

// The MCP server's read-only tools (README.md): each answers what one screen shows and needs that screen's view right,
// checked on every call against the token user's rights of the moment. Inputs are what a person says (codes, names,
// dates), not row ids: an assistant knows no ids. Answers are JSON for the assistant to read; nothing here writes.

export type ToolContext = { db: Db; timeZone: string; permissions: Permissions; locale: Locale };

/** A period an assistant may ask for at once (a year and a day: "this year against last year's same day"). */
const MAX_PERIOD_DAYS = 366;
/** Rows a list tool answers at most; it says when there were more. */
const LIST_MAX = 100;

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd')
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'a real day',
    )
    .describe(`${what} (yyyy-MM-dd, the factory's calendar)`);
const text = (what: string) => z.string().trim().min(1).max(100).describe(what);

const MESSAGES = {
  forbidden: {
    kr: (screen: string) => `권한이 없습니다: '${screen}' 화면의 조회 권한이 필요합니다.`,
    en: (screen: string) => `Not permitted: this needs the view right on the '${screen}' screen.`,
  },
  period: {
    kr: (max: number) => `기간은 시작일부터 종료일까지 ${max}일 이내여야 합니다.`,
    en: (max: number) => `The period runs from the start to the end day, ${max} days at most.`,
  },
  notFound: {
    kr: (what: string) => `찾을 수 없습니다: ${what}`,
    en: (what: string) => `Not found: ${what}`,
  },
  lotSubject: {
    kr: () => 'lotId와 supplierLot 중 하나만 주세요.',
    en: () => 'Give one of lotId and supplierLot.',
  },
} as const;

const answer = (data: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(data) }],
});
const refusal = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

/** Days from `from` to `to`, both counted; negative when `to` is earlier. */
const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** Drops null and empty fields: the assistant reads less and guesses nothing from an empty value. */
function compact<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  ) as Partial<T>;
}

type Tool = {
  name: string;
  title: string;
  description: string;
  /** The screen whose view right the tool needs. */
  menu: string;
  input: z.ZodRawShape;
  run: (ctx: ToolContext, args: Record<string, unknown>) => Promise<CallToolResult>;
};

/** A period's two days, checked: null when it is fine, else the refusal. */
function periodRefusal(ctx: ToolContext, from: string, to: string, max = MAX_PERIOD_DAYS): CallToolResult | null {
  const days = spanDays(from, to);
  return days >= 1 && days <= max ? null : refusal(MESSAGES.period[ctx.locale](max));
}

/** The locations whose code or name is the text (any case), else whose name contains it; lines and factories first. */
async function findLocations(db: Db, q: string) {
  return rowsOf<{ id: number; code: string | null; name: string; type: string }>(
    await db.execute(sql`
      select id, code, name, type from locations
      where lower(code) = lower(${q}) or lower(name) = lower(${q})
         or (not exists (select 1 from locations x where lower(x.code) = lower(${q}) or lower(x.name) = lower(${q}))
             and name ilike ${`%${q}%`})
      order by case type when 'SITE' then 0 when 'FACTORY' then 1 when 'LINE' then 2 else 3 end, name
      limit 10`),
  );
}

/** Items (materials or products) whose code is the text, else whose code or name contains it. */
async function findItems(db: Db, table: 'materials' | 'products', q: string) {
  const t = sql.raw(table);
  return rowsOf<{ id: number; code: string; name: string }>(
    await db.execute(sql`
      select id, code, name from ${t}
      where lower(code) = lower(${q})
         or (not exists (select 1 from ${t} x where lower(x.code) = lower(${q}))
             and (code ilike ${`%${q}%`} or name ilike ${`%${q}%`}))
      order by code limit 20`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
}

/** A trace graph as an assistant reads it: each node's kind, name and quantities, by level. */
const traceNodes = (nodes: TraceNode[]) =>
  nodes.map((n) =>
    compact({
      level: n.level,
      kind: n.kind,
      label: n.label,
      code: n.code,
      name: n.name,
      qty: n.qty,
      unit: n.unit,
      day: n.day,
      expiryDate: n.expiryDate,
      partner: n.partnerName,
      supplierLot: n.supplierLot,
      canceled: n.canceled || null,
    }),
  );

export const TOOLS: Tool[] = [
  {
    name: 'production_status',
    title: 'Production status',
    description:
      "Planned, good and bad quantity, achievement and defect rate per product and in total over a period (the product report's figures).",
    menu: 'productReport',
    input: { fromDate: day('First day'), toDate: day('Last day') },
    async run(ctx, a) {
      const [from, to] = [String(a.fromDate), String(a.toDate)];
      return periodRefusal(ctx, from, to) ?? answer(await prodStatus(ctx.db, from, to));
    },
  },
  {
    name: 'good_bad_by_line',
    title: 'Good and bad by line',
    description:
      'Good and bad quantity and defect rate of one day per production line and machine (tool), under a location (a factory or line, by code or name; every top-level location when left out).',
    menu: 'productionPlan',
    input: { date: day('The day'), location: text('Location code or name (a factory or line)').optional() },
    async run(ctx, a) {
      const date = String(a.date);
      const places = a.location
        ? (await findLocations(ctx.db, String(a.location))).slice(0, 1)
        : rowsOf<{ id: number; code: string | null; name: string; type: string }>(
            await ctx.db.execute(
              sql`select id, code, name, type from locations where parent_id is null order by sort, name`,
            ),
          );
      if (places.length === 0) return refusal(MESSAGES.notFound[ctx.locale](String(a.location ?? 'location')));
      const out = [];
      for (const place of places) {
        const status = await goodBadStatus(ctx.db, Number(place.id), date);
        out.push({ location: compact({ code: place.code, name: place.name, type: place.type }), ...status });
      }
      return answer(out.map(({ locationId: _, ...rest }) => rest));
    },
  },
  {
    name: 'material_stock',
    title: 'Material stock',
    description:
      'Stock on hand of a material (by code, or part of its code or name): the total and per warehouse shelf or machine, with the nearest expiry and the supplier lots.',
    menu: 'materialStock',
    input: { material: text('Material code, or part of its code or name') },
    async run(ctx, a) {
      const items = await findItems(ctx.db, 'materials', String(a.material));
      if (items.length === 0) return refusal(MESSAGES.notFound[ctx.locale](String(a.material)));
      const rows = rowsOf<Record<string, unknown>>(
        await ctx.db.execute(sql`
          select m.id, m.code, m.name, m.unit,
              coalesce(l.name, t.name) as place, (case when s.tool_id is null then 'SHELF' else 'TOOL' end) as place_kind,
              sum(s.qty)::text as qty, count(*)::int as packages, min(s.expiry_date)::text as next_expiry,
              string_agg(distinct s.supplier_lot, ', ') as supplier_lots
            from materials m
            left join material_stocks s on s.material_id = m.id and s.qty > 0
            left join locations l on l.id = s.location_id
            left join tools t on t.id = s.tool_id
            where m.id = any(${intArray(items.map((i) => i.id))})
            group by m.id, m.code, m.name, m.unit, coalesce(l.name, t.name), s.tool_id is null
            order by m.code, place nulls last`),
      );
      const byMaterial = new Map<
        number,
        { code: string; name: string; unit: string; total: number; places: object[] }
      >();
      for (const r of rows) {
        const id = Number(r.id);
        const m = byMaterial.get(id) ?? {
          code: String(r.code),
          name: String(r.name),
          unit: String(r.unit),
          total: 0,
          places: [],
        };
        byMaterial.set(id, m);
        if (r.place == null) continue;
        const qty = round5(Number(r.qty));
        m.total = round5(m.total + qty);
        m.places.push(
          compact({
            place: r.place,
            kind: r.place_kind,
            qty,
            packages: r.packages,
            nextExpiry: r.next_expiry,
            supplierLots: r.supplier_lots,
          }),
        );
      }
      return answer([...byMaterial.values()]);
    },
  },
  {
    name: 'product_stock',
    title: 'Product stock',
    description:
      'Stock of a product (by code, or part of its code or name) not disposed: quantity, number of lots, safety stock and whether it is below it.',
    menu: 'prodStock',
    input: { product: text('Product code, or part of its code or name') },
    async run(ctx, a) {
      const items = await findItems(ctx.db, 'products', String(a.product));
      if (items.length === 0) return refusal(MESSAGES.notFound[ctx.locale](String(a.product)));
      const status = await productStockStatus(
        ctx.db,
        items.map((i) => i.id),
      );
      return answer(status.map(({ productId: _, ...rest }) => rest));
    },
  },
  {
    name: 'lot_genealogy',
    title: 'Lot genealogy',
    description:
      "A lot's genealogy from the stock ledgers. With lotId: what went into it (materials, supplier lots, lower lots) and where it went (higher lots, shipments, customers). With supplierLot: where that supplier's lot went, down to the customers who received products made from it.",
    menu: 'lotReport',
    input: {
      lotId: text('A LOT ID (any case)').optional(),
      supplierLot: text("A supplier's lot number as received (any case)").optional(),
    },
    async run(ctx, a) {
      if ((a.lotId === undefined) === (a.supplierLot === undefined)) return refusal(MESSAGES.lotSubject[ctx.locale]());
      if (a.lotId !== undefined) {
        const lotId = String(a.lotId);
        const [backward, forward] = await Promise.all([
          traceBackward(ctx.db, { lotId }),
          traceForward(ctx.db, { lotId }),
        ]).catch((e) => {
          if (e instanceof AppError && e.status === 404) return [null, null] as const;
          throw e;
        });
        if (!backward || !forward) return refusal(MESSAGES.notFound[ctx.locale](lotId));
        return answer({
          lotId,
          cameFrom: traceNodes(backward.nodes),
          wentTo: traceNodes(forward.nodes),
          truncated: backward.truncated || forward.truncated,
        });
      }
      // The same lot number from two suppliers is two supplier lots: each is walked.
      const supplierLot = String(a.supplierLot);
      const suppliers = rowsOf<{ supplier_id: number; supplier_lot: string }>(
        await ctx.db.execute(sql`
          select distinct supplier_id, supplier_lot from material_stocks
          where lower(supplier_lot) = lower(${supplierLot}) and supplier_id is not null order by supplier_id limit 10`),
      );
      if (suppliers.length === 0) return refusal(MESSAGES.notFound[ctx.locale](supplierLot));
      const out = [];
      for (const s of suppliers) {
        const graph = await traceForward(ctx.db, { supplierId: Number(s.supplier_id), supplierLot: s.supplier_lot });
        const nodes = traceNodes(graph.nodes);
        out.push({
          supplierLot: s.supplier_lot,
          supplier: graph.nodes.find((n) => n.kind === 'SUPPLIER_LOT')?.partnerName ?? null,
          customers: nodes.filter((n) => n.kind === 'CUSTOMER'),
          wentTo: nodes,
          truncated: graph.truncated,
        });
      }
      return answer(out);
    },
  },
  {
    name: 'open_claims',
    title: 'Open claims',
    description:
      'Customer claims not closed yet (received, investigating or countermeasure), newest first, optionally matching a text (customer, product, LOT ID, content).',
    menu: 'claimManagement',
    input: { q: text('Text to look for').optional() },
    async run(ctx, a) {
      const { data } = await listClaims(ctx.db, { q: a.q === undefined ? undefined : String(a.q) }, null);
      const open = data.filter((c) => c.status !== 'CLOSED');
      return answer({
        total: open.length,
        claims: open.slice(0, LIST_MAX).map((c) =>
          compact({
            receivedDt: c.receivedDt,
            status: c.status,
            customer: c.bizPartnerName,
            productCode: c.productCode,
            productName: c.productName,
            lotId: c.lotId,
            claimQty: c.claimQty,
            content: c.content,
            cause: c.cause,
            countermeasure: c.countermeasure,
          }),
        ),
      });
    },
  },
  {
    name: 'ccp_deviations',
    title: 'CCP deviations',
    description: `HACCP critical control point checks outside their critical limits over a period (${HACCP_PERIOD_MAX_DAYS} days at most), newest first, with the corrective action taken and the record status.`,
    menu: 'ccpMonitoring',
    input: { fromDate: day('First day'), toDate: day('Last day') },
    async run(ctx, a) {
      const [from, to] = [String(a.fromDate), String(a.toDate)];
      const refused = periodRefusal(ctx, from, to, HACCP_PERIOD_MAX_DAYS);
      if (refused) return refused;
      const { data } = await listMonitorings(ctx.db, { startDt: from, endDt: to }, ctx.timeZone);
      const deviations = data.filter((m) => m.deviation);
      return answer({
        total: deviations.length,
        deviations: deviations.slice(0, LIST_MAX).map((m) =>
          compact({
            checkedAt: m.checkedAt,
            ccp: m.ccpName,
            type: m.ccpType,
            min: m.minValue,
            max: m.maxValue,
            unit: m.unit,
            measured: m.measuredValue,
            passed: m.passed,
            productAction: m.productAction,
            cause: m.cause,
            actionBy: m.actionBy,
            operator: m.operatorName,
            status: m.status,
          }),
        ),
      });
    },
  },
];

/** A server for one request (the transport is stateless): every tool, each checking the right it needs when called. */
export function mcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'eqms', version: '1.0.0' }, { capabilities: { tools: {} } });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: `${tool.description} Needs the view right on the '${MENU_INDEX.get(tool.menu)?.label.en}' screen.`,
        inputSchema: tool.input,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        if (!can(ctx.permissions, tool.menu, 'view')) {
          const label = MENU_INDEX.get(tool.menu)?.label[ctx.locale] ?? tool.menu;
          return refusal(MESSAGES.forbidden[ctx.locale](label));
        }
        return tool.run(ctx, args);
      },
    );
  }
  return server;
}
