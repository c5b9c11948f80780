import { type DemoHaccpResult, seedDemoHaccp } from './demo-haccp.ts';
import { type DemoSanitationResult, seedDemoSanitation } from './demo-sanitation.ts';
import { seedDemoVisual } from './demo-visual.ts';
import { type DemoDashboardResult, seedDemoDashboards } from './demo-dashboards.ts';
import { eq } from 'drizzle-orm';
import { type Flags, MENU_INDEX, MENU_TREE, type MenuNode, type RoleItemNode } from '@eqms/contract';
import type { Db, Tx } from '../client.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { sanitizeHtml } from '../../platform/html.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from '../../modules/code/code.table.ts';
import { locations } from '../../modules/location/location.table.ts';
import { notices } from '../../modules/notice/notice.table.ts';
import { addDays, todayIn } from '../../platform/dates.ts';
import { type DemoPlanResult, seedDemoPlans } from './demo-plans.ts';
import { type DemoResultResult, seedDemoResults } from './demo-results.ts';
import { type DemoOrderResult, seedDemoOrders } from './demo-orders.ts';
import { type DemoShipmentResult, seedDemoShipments } from './demo-shipments.ts';
import { type DemoQualityResult, seedDemoQuality } from './demo-quality.ts';
import { modules } from '../../modules/index.ts';
import { registriesOf } from '../../platform/modules.ts';
import { type DemoStockResult, seedDemoStock } from './demo-stock.ts';
import { seedDemoTrace } from './demo-trace.ts';
import { seedDemoClaims } from './demo-claims.ts';
import { type DemoEquipmentResult, seedDemoEquipment } from './demo-equipment.ts';
import { type DemoMoldRecordResult, seedDemoMoldsRecords } from './demo-molds-records.ts';
import { type DemoReportResult, seedDemoReports } from './demo-reports.ts';
import { type DemoMeasurementResult, seedDemoMeasurements } from './demo-measurements.ts';
import { type DemoWorkerResult, seedDemoWorkers } from './demo-workers.ts';
import { type DemoVehicleResult, seedDemoVehicles } from './demo-vehicles.ts';
import { roles } from '../../modules/role/role.table.ts';
import { userRoles, users } from '../../modules/user/user.table.ts';
import { customExtFields } from '../../modules/custom-ext/custom-ext.table.ts';
import { bizPartnerContacts, bizPartners } from '../../modules/biz-partner/biz-partner.table.ts';
import { boms } from '../../modules/bom/bom.table.ts';
import { materials } from '../../modules/material/material.table.ts';
import { operPlans } from '../../modules/oper-plan/oper-plan.table.ts';
import { operations } from '../../modules/operation/operation.table.ts';
import { parameters } from '../../modules/parameter/parameter.table.ts';
import { products } from '../../modules/product/product.table.ts';
import { routeOpers, routes } from '../../modules/route/route.table.ts';
import { toolInspectHistories, tools } from '../../modules/tool/tool.table.ts';
import {
  DEMO_BOMS,
  DEMO_MATERIALS,
  DEMO_OPERATIONS,
  DEMO_PARAMETERS,
  DEMO_PARTNERS,
  DEMO_PRODUCTS,
  DEMO_ROUTES,
  DEMO_TOOL_INSPECTIONS,
  DEMO_TOOLS,
  MACHINE,
  DEMO_CODES,
  DEMO_CUSTOM_FIELDS,
  DEMO_NOTICES,
  DEMO_PLACES,
  DEMO_ROLES,
  DEMO_USERS,
  type PlaceSpec,
} from './demo-data.ts';

export const DEMO_PASSWORD = 'demo1234';

export type DemoSeedResult = {
  locationIds: number[];
  roleIds: number[];
  userIds: number[];
  categoryIds: number[];
  codeIds: number[];
  noticeIds: number[];
  customFieldIds: number[];
} & BaseInfoSeedResult &
  DemoHaccpResult &
  DemoSanitationResult &
  DemoStockResult &
  DemoPlanResult &
  DemoWorkerResult &
  DemoVehicleResult &
  DemoResultResult &
  DemoQualityResult &
  DemoMeasurementResult &
  DemoOrderResult &
  DemoShipmentResult &
  DemoReportResult &
  DemoEquipmentResult &
  DemoMoldRecordResult &
  DemoDashboardResult;

/** The base information of issue 4 (ids of every row, by table). */
export type BaseInfoSeedResult = {
  toolIds: number[];
  toolInspectionIds: number[];
  operationIds: number[];
  routeIds: number[];
  routeOperIds: number[];
  bizPartnerIds: number[];
  bizPartnerContactIds: number[];
  materialIds: number[];
  productIds: number[];
  operPlanIds: number[];
  parameterIds: number[];
  bomIds: number[];
};

const audit = { createdBy: SYSTEM_ACTOR.userId, updatedBy: SYSTEM_ACTOR.userId };
const NONE: Required<Flags> = { all: false, view: false, create: false, modify: false, delete: false };

/** A role item over the whole menu tree (as the role editor saves it); a node inherits its parent's grant. */
export function roleItemFor(grants: Record<string, Flags>): RoleItemNode[] {
  for (const name of Object.keys(grants)) {
    if (!MENU_INDEX.has(name)) throw new Error(`Unknown menu '${name}' in a demo role.`);
  }
  const build = (nodes: MenuNode[], inherited: Flags): RoleItemNode[] =>
    nodes.map((node) => {
      const flags = { ...NONE, ...(grants[node.name] ?? inherited) };
      return { name: node.name, ...flags, ...(node.children ? { children: build(node.children, flags) } : {}) };
    });
  return build(MENU_TREE, NONE);
}

/**
 * The demo factory on an empty database, after seedAdmin: places, roles, the demo logins and operators,
 * the code categories the modules use, a few custom fields with values and a few notices. One transaction by
 * the system actor, so the change history shows where every row came from.
 */
export async function seedDemo(db: Db, timeZone: string, traceHours: number): Promise<DemoSeedResult> {
  const passwordHash = await demoPasswordHash();
  return withTx(db, SYSTEM_ACTOR, (tx) => seedDemoIn(tx, passwordHash, timeZone, traceHours));
}

/** The demo logins' password hash, made before a transaction opens (scrypt takes a while). */
export const demoPasswordHash = () => hashPassword(DEMO_PASSWORD);

/** seedDemo inside the caller's transaction (the first start seeds the admin and the demo factory in one). */
export async function seedDemoIn(
  tx: Tx,
  passwordHash: string,
  timeZone: string,
  traceHours: number,
): Promise<DemoSeedResult> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.userId, 'admin'));
  if (!admin) throw new Error('seedDemo runs after seedAdmin: the admin user is missing.');

  const placeIds = await seedPlaces(tx, DEMO_PLACES, null, 1, new Map());
  const roleIds = new Map<string, number>();
  for (const role of DEMO_ROLES) {
    const [row] = await tx
      .insert(roles)
      .values({ name: role.name, description: role.description, roleItem: roleItemFor(role.grants), ...audit })
      .returning({ id: roles.id });
    roleIds.set(role.name, row.id);
  }

  const userIds: number[] = [];
  for (const u of DEMO_USERS) {
    const [row] = await tx
      .insert(users)
      .values({
        userId: u.userId,
        username: u.username,
        passwordHash,
        email: `${u.userId}@eqms.example`,
        phone: u.phone,
        locationId: placeId(placeIds, u.place),
        ext: u.ext ?? null,
        ...audit,
      })
      .returning({ id: users.id });
    userIds.push(row.id);
    if (u.role) await tx.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(u.role)! });
  }

  const categoryIds: number[] = [];
  const codeIds: number[] = [];
  const codeIdOf = new Map<string, number>();
  for (const [sort, cat] of DEMO_CODES.entries()) {
    const [category] = await tx
      .insert(codeCategories)
      .values({ category: cat.category, name: cat.name, description: cat.description, sort: sort + 1, ...audit })
      .returning({ id: codeCategories.id });
    categoryIds.push(category.id);
    for (const [i, code] of cat.codes.entries()) {
      const parentId = code.parent ? codeIdOf.get(`${cat.parentCategory}:${code.parent}`) : undefined;
      if (code.parent && !parentId) throw new Error(`Demo code ${cat.category}:${code.code} names a missing parent.`);
      const [row] = await tx
        .insert(codes)
        .values({
          categoryId: category.id,
          code: code.code,
          codeName: code.codeName,
          codeNameEn: code.codeNameEn,
          parentId: parentId ?? null,
          sort: i + 1,
          ...audit,
        })
        .returning({ id: codes.id });
      codeIds.push(row.id);
      codeIdOf.set(`${cat.category}:${code.code}`, row.id);
    }
  }

  const customFieldIds: number[] = [];
  for (const [i, f] of DEMO_CUSTOM_FIELDS.entries()) {
    const [row] = await tx
      .insert(customExtFields)
      .values({
        tableName: f.table,
        field: f.field,
        display: f.display,
        type: f.type,
        sequence: i + 1,
        data: f.data,
        ...audit,
      })
      .returning({ id: customExtFields.id });
    customFieldIds.push(row.id);
  }

  const today = todayIn(timeZone);
  const noticeIds: number[] = [];
  for (const n of DEMO_NOTICES) {
    const [row] = await tx
      .insert(notices)
      .values({
        title: n.title,
        contents: sanitizeHtml(n.contents),
        locationId: n.place ? placeId(placeIds, n.place) : null,
        startDt: addDays(today, n.fromDays),
        endDt: addDays(today, n.toDays),
        authorId: admin.id,
        ...audit,
      })
      .returning({ id: notices.id });
    noticeIds.push(row.id);
  }

  const userIdOf = new Map(DEMO_USERS.map((u, i) => [u.userId, userIds[i]]));
  const baseInfo = await seedBaseInfo(tx, today, placeIds, userIdOf);
  const stock = await seedDemoStock(tx, today, placeIds);
  const plans = await seedDemoPlans(tx, today);
  const workerRows = await seedDemoWorkers(tx, placeIds, userIdOf);
  // The modules' cross-module answers (a result consuming released sub-assemblies, a shipment's checks), as the app
  // has them.
  const { providers } = registriesOf(modules);
  const results = await seedDemoResults(tx, today, plans.productionPlanIds, placeIds, timeZone, providers);
  const orderRows = await seedDemoOrders(tx, today, plans.productionPlanIds);
  const deliveries = await seedDemoShipments(tx, today, timeZone, providers, plans.productionPlanIds);
  const quality = await seedDemoQuality(tx, today, timeZone, plans.productionPlanIds, placeIds);
  await seedDemoTrace(tx, traceHours);
  await seedDemoClaims(tx, today);
  // Issue 16 (h4): molds with in/out history and record sheets with files.
  const moldsRecords = await seedDemoMoldsRecords(tx, today);
  const reports = await seedDemoReports(tx, today);
  const measurements = await seedDemoMeasurements(tx, today, timeZone);
  const vehicleRows = await seedDemoVehicles(tx, today, placeIds);
  const haccp = await seedDemoHaccp(tx, today, timeZone);
  const sanitation = await seedDemoSanitation(tx, today, timeZone, placeIds);
  const visual = await seedDemoVisual(tx, today, timeZone);
  const equipment = await seedDemoEquipment(tx, today, placeIds);
  // Issue 17: the home dashboards of the demo logins and the administrator.
  const homeDashboards = await seedDemoDashboards(tx, placeIds);

  return {
    ...haccp,
    ...sanitation,
    ...visual,
    ...baseInfo,
    ...stock,
    ...plans,
    ...workerRows,
    ...results,
    ...orderRows,
    ...deliveries,
    ...quality,
    ...reports,
    ...measurements,
    ...vehicleRows,
    ...equipment,
    ...moldsRecords,
    ...homeDashboards,
    locationIds: [...placeIds.values()],
    roleIds: [...roleIds.values()],
    userIds,
    categoryIds,
    codeIds,
    noticeIds,
    customFieldIds,
  };
}

async function seedPlaces(tx: Tx, place: PlaceSpec, parentId: number | null, sort: number, out: Map<string, number>) {
  const [row] = await tx
    .insert(locations)
    .values({
      name: place.name,
      code: place.code,
      type: place.type,
      parentId,
      sort,
      description: place.description ?? null,
      ext: place.ext ?? null,
      ...audit,
    })
    .returning({ id: locations.id });
  out.set(place.code, row.id);
  for (const [i, child] of (place.children ?? []).entries()) await seedPlaces(tx, child, row.id, i + 1, out);
  return out;
}

function placeId(placeIds: Map<string, number>, code: string) {
  const id = placeIds.get(code);
  if (!id) throw new Error(`Demo data names an unknown location code '${code}'.`);
  return id;
}

/** Ids by code of rows just inserted (never by position: the codes are the stable keys). */
const idsByCode = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code, r.id]));

function idOf(map: Map<string, number>, code: string, what: string) {
  const id = map.get(code);
  if (!id) throw new Error(`Demo data names an unknown ${what} '${code}'.`);
  return id;
}

/**
 * Tools, operations, routes, partners, materials, products with their operation plans, parameters and BOMs:
 * one multi-row insert per table (every e2e run and test file seeds, so the row count must not cost round trips).
 */
async function seedBaseInfo(
  tx: Tx,
  today: string,
  placeIds: Map<string, number>,
  userIdOf: Map<string, number>,
): Promise<BaseInfoSeedResult> {
  const toolRows = await tx
    .insert(tools)
    .values(
      DEMO_TOOLS.map((t, i) => ({
        code: t.code,
        name: t.name,
        type: t.type,
        locationId: placeId(placeIds, t.place),
        managerId: t.manager ? idOf(userIdOf, t.manager, 'user') : null,
        specification: t.specification,
        manufacturer: t.manufacturer,
        serialNo: t.serialNo,
        installDate: t.installDate,
        sort: i + 1,
        ...audit,
      })),
    )
    .returning({ id: tools.id, code: tools.code });
  const toolId = idsByCode(toolRows);

  const inspectionRows = await tx
    .insert(toolInspectHistories)
    .values(
      DEMO_TOOL_INSPECTIONS.map((h) => ({
        toolId: idOf(toolId, h.tool, 'tool'),
        inspectDate: addDays(today, h.day),
        inspector: h.inspector,
        content: h.content,
        result: h.result,
        nextInspectDate: h.nextDay == null ? null : addDays(today, h.nextDay),
        ...audit,
      })),
    )
    .returning({ id: toolInspectHistories.id });

  const operationRows = await tx
    .insert(operations)
    .values(DEMO_OPERATIONS.map((o) => ({ ...o, ...audit })))
    .returning({ id: operations.id, code: operations.code });
  const operationId = idsByCode(operationRows);

  const routeRows = await tx
    .insert(routes)
    .values(DEMO_ROUTES.map((r) => ({ code: r.code, name: r.name, description: r.description, ...audit })))
    .returning({ id: routes.id, code: routes.code });
  const routeId = idsByCode(routeRows);
  const routeOperRows = await tx
    .insert(routeOpers)
    .values(
      DEMO_ROUTES.flatMap((r) =>
        r.opers.map((o, i) => ({
          routeId: idOf(routeId, r.code, 'route'),
          operationId: idOf(operationId, o.op, 'operation'),
          seq: (i + 1) * 10,
          ...audit,
        })),
      ),
    )
    .returning({ id: routeOpers.id });

  const partnerRows = await tx
    .insert(bizPartners)
    .values(
      DEMO_PARTNERS.map((p) => ({
        code: p.code,
        clientCode: p.clientCode ?? null,
        name: p.name,
        types: p.types,
        bizRegNo: p.bizRegNo,
        corpRegNo: p.corpRegNo ?? null,
        ceoName: p.ceoName,
        phone: p.phone,
        fax: p.fax ?? null,
        email: p.email,
        address: p.address,
        description: p.description ?? null,
        ext: p.paymentTerms ? { paymentTerms: p.paymentTerms } : null,
        ...audit,
      })),
    )
    .returning({ id: bizPartners.id, code: bizPartners.code });
  const partnerId = idsByCode(partnerRows);
  const contactRows = await tx
    .insert(bizPartnerContacts)
    .values(
      DEMO_PARTNERS.flatMap((p) =>
        p.contacts.map((c, i) => ({
          bizPartnerId: idOf(partnerId, p.code, 'partner'),
          name: c.name,
          department: c.department ?? null,
          position: c.position ?? null,
          phone: c.phone ?? null,
          email: c.email ?? null,
          sort: i + 1,
          ...audit,
        })),
      ),
    )
    .returning({ id: bizPartnerContacts.id });

  const materialRows = await tx
    .insert(materials)
    .values(
      DEMO_MATERIALS.map((m, i) => ({
        code: m.code,
        name: m.name,
        type: m.type,
        specification: m.specification,
        unit: m.unit,
        barcode: `880970${String(i + 1).padStart(7, '0')}`,
        safetyStock: m.safetyStock,
        shelfLifeDays: m.shelfLifeDays ?? null,
        supplierId: idOf(partnerId, m.supplier, 'partner'),
        ...audit,
      })),
    )
    .returning({ id: materials.id, code: materials.code });
  const materialId = idsByCode(materialRows);

  const productRows = await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((p, i) => ({
        code: p.code,
        name: p.name,
        type: p.type,
        specification: p.specification,
        unit: p.unit,
        barcode: `880123${String(i + 1).padStart(7, '0')}`,
        routeId: idOf(routeId, p.route, 'route'),
        lotQty: p.lotQty,
        packQty: p.packQty,
        safetyStock: p.safetyStock,
        shelfLifeDays: p.shelfLifeDays ?? null,
        ...audit,
      })),
    )
    .returning({ id: products.id, code: products.code });
  const productId = idsByCode(productRows);

  // A product's operation plan is its route's operations, each on the route's usual tool (the moulding step on
  // the product's own machine) with the operation's standard time, or the product's moulding cycle.
  const routeByCode = new Map(DEMO_ROUTES.map((r) => [r.code, r]));
  const standardTime = new Map(DEMO_OPERATIONS.map((o) => [o.code, o.standardTime]));
  const operPlanRows = await tx
    .insert(operPlans)
    .values(
      DEMO_PRODUCTS.flatMap((p) =>
        routeByCode.get(p.route)!.opers.map((o, i) => {
          const toolCode = o.tool === MACHINE ? p.machine : o.tool;
          if (o.tool === MACHINE && !p.machine) throw new Error(`Demo product ${p.code} has no injection machine.`);
          const cycleTime = o.tool === MACHINE ? (p.cycle ?? null) : (standardTime.get(o.op) ?? null);
          return {
            productId: idOf(productId, p.code, 'product'),
            operationId: idOf(operationId, o.op, 'operation'),
            seq: (i + 1) * 10,
            toolId: toolCode ? idOf(toolId, toolCode, 'tool') : null,
            cycleTime,
            capacity: cycleTime ? Math.round(3600 / cycleTime) : null,
            ...audit,
          };
        }),
      ),
    )
    .returning({ id: operPlans.id });

  const parameterRows = await tx
    .insert(parameters)
    .values(
      Object.entries(DEMO_PARAMETERS).flatMap(([toolCode, list]) =>
        list.map((p, i) => ({
          toolId: idOf(toolId, toolCode, 'tool'),
          code: p.code,
          name: p.name,
          unit: p.unit,
          dataType: 'NUMBER',
          lowerLimit: p.lowerLimit,
          upperLimit: p.upperLimit,
          target: p.target,
          sampleInterval: p.sampleInterval,
          sort: i + 1,
          ...audit,
        })),
      ),
    )
    .returning({ id: parameters.id });

  const unitOf = new Map<string, string>([
    ...DEMO_PRODUCTS.map((p) => [p.code, p.unit] as const),
    ...DEMO_MATERIALS.map((m) => [m.code, m.unit] as const),
  ]);
  const bomRows = await tx
    .insert(boms)
    .values(
      Object.entries(DEMO_BOMS).flatMap(([parent, lines]) =>
        lines.map((l, i) => {
          const isProduct = productId.has(l.child);
          return {
            parentProductId: idOf(productId, parent, 'product'),
            childProductId: isProduct ? productId.get(l.child)! : null,
            materialId: isProduct ? null : idOf(materialId, l.child, 'product or material'),
            qty: l.qty,
            unit: unitOf.get(l.child)!,
            lossRate: l.lossRate ?? 0,
            seq: (i + 1) * 10,
            ...audit,
          };
        }),
      ),
    )
    .returning({ id: boms.id });

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    toolIds: ids(toolRows),
    toolInspectionIds: ids(inspectionRows),
    operationIds: ids(operationRows),
    routeIds: ids(routeRows),
    routeOperIds: ids(routeOperRows),
    bizPartnerIds: ids(partnerRows),
    bizPartnerContactIds: ids(contactRows),
    materialIds: ids(materialRows),
    productIds: ids(productRows),
    operPlanIds: ids(operPlanRows),
    parameterIds: ids(parameterRows),
    bomIds: ids(bomRows),
  };
}
