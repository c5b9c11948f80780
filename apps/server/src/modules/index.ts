import type { ModuleDefinition } from '../platform/modules.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { bizPartnerRoutes } from './biz-partner/biz-partner.routes.ts';
import { businessReferences } from './business/business.references.ts';
import { businessRoutes } from './business/business.routes.ts';
import { businessOrdersProvider } from './business/business.views.ts';
import { bizPartnerOrdersProvider } from './biz-partner/biz-partner.service.ts';
import { orderReferences } from './order/order.references.ts';
import { orderRoutes } from './order/order.routes.ts';
import { partnerOrderTree } from './order/order.tree.ts';
import { businessOrderNodes } from './order/order.views.ts';
import { outSourcingReferences } from './out-sourcing/out-sourcing.references.ts';
import { outSourcingRoutes } from './out-sourcing/out-sourcing.routes.ts';
import { productionProductStockReferences } from './production-product-stock/production-product-stock.references.ts';
import { productionProductStockRoutes } from './production-product-stock/production-product-stock.routes.ts';
import { lotMayReleaseProvider } from './production-product-stock/production-product-stock.service.ts';
import {
  consumedLotExpiry,
  consumeProductsForResult,
} from './production-product-stock/production-product-stock.consume.ts';
import {
  resultConsumedLotExpiryProvider,
  resultConsumeProductsProvider,
} from './production-result/production-result.consume.ts';
import { shipmentReferences } from './shipment/shipment.references.ts';
import { shipmentRoutes } from './shipment/shipment.routes.ts';
import { traceRoutes } from './trace/trace.routes.ts';
import { heldLots, heldStocks } from './quality/quality-hold.service.ts';
import { qualityReferences } from './quality/quality.references.ts';
import { qualityRoutes } from './quality/quality.routes.ts';
import { inspectionSpecOuts } from './quality/quality-spec-out.ts';
import { dailyQualityReferences } from './daily-quality/daily-quality.references.ts';
import { dailyQualityRoutes } from './daily-quality/daily-quality.routes.ts';
import { measurementResultReferences } from './measurement-result/measurement-result.references.ts';
import { measurementResultRoutes } from './measurement-result/measurement-result.routes.ts';
import { claimReferences } from './claim/claim.references.ts';
import { claimRoutes } from './claim/claim.routes.ts';
import { haccpFiles } from './haccp/haccp.files.ts';
import { haccpReferences } from './haccp/haccp.references.ts';
import { haccpRoutes } from './haccp/haccp.routes.ts';
import { equipmentRoutes } from './equipment/equipment.routes.ts';
import { equipmentStockReferences } from './equipment-stock/equipment-stock.references.ts';
import { equipmentStockRoutes } from './equipment-stock/equipment-stock.routes.ts';
import { inspectionReportFiles } from './inspection-report/inspection-report.files.ts';
import { inspectionReportReferences } from './inspection-report/inspection-report.references.ts';
import { inspectionReportRoutes } from './inspection-report/inspection-report.routes.ts';
import { kpiReportFiles } from './kpi-report/kpi-report.files.ts';
import { kpiReportRoutes } from './kpi-report/kpi-report.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { reportRoutes } from './report/report.routes.ts';
import { testReportFiles } from './test-report/test-report.files.ts';
import { testReportReferences } from './test-report/test-report.references.ts';
import { testReportRoutes } from './test-report/test-report.routes.ts';
import { lotMayShipProvider } from './shipment/shipment.service.ts';
import { materialMayReleaseProvider } from './production-material/production-material.service.ts';
import { trackingRoutes } from './tracking/tracking.routes.ts';
import { defectReportFiles } from './defect-report/defect-report.files.ts';
import { defectReportRoutes } from './defect-report/defect-report.routes.ts';
import { productReportFiles } from './product-report/product-report.files.ts';
import { productReportRoutes } from './product-report/product-report.routes.ts';
import { widgetRoutes } from './widget/widget.routes.ts';
import { spcRoutes } from './spc/spc.routes.ts';
import { productSales, shipmentOperationOutput } from './shipment/shipment.views.ts';
import { productSalesProvider } from './material-stock/material-sales.service.ts';
import { bomReferences } from './bom/bom.references.ts';
import { bomRoutes } from './bom/bom.routes.ts';
import { codeReferences } from './code/code.references.ts';
import { codeRoutes } from './code/code.routes.ts';
import { conditionRoutes } from './condition/condition.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { customExtRoutes } from './custom-ext/custom-ext.routes.ts';
import { historyRoutes } from './history/history.routes.ts';
import { lotRoutes } from './lot/lot.routes.ts';
import { lotLabelRoutes } from './lot-label/lot-label.routes.ts';
import { locationReferences } from './location/location.references.ts';
import { locationRoutes } from './location/location.routes.ts';
import { materialReferences } from './material/material.references.ts';
import { materialRoutes } from './material/material.routes.ts';
import { materialStockReferences } from './material-stock/material-stock.references.ts';
import { materialStockRoutes } from './material-stock/material-stock.routes.ts';
import { stockOnHand } from './material-stock/material-stock.service.ts';
import { bomStockProvider } from './bom/bom.stock.ts';
import { provide } from '../platform/providers.ts';
import { noticeReferences } from './notice/notice.references.ts';
import { noticeRoutes } from './notice/notice.routes.ts';
import { operPlanReferences } from './oper-plan/oper-plan.references.ts';
import { operPlanRoutes } from './oper-plan/oper-plan.routes.ts';
import { operationRoutes } from './operation/operation.routes.ts';
import { operationOutputProvider } from './operation/operation.service.ts';
import { productionMaterialReferences } from './production-material/production-material.references.ts';
import { productionMaterialRoutes } from './production-material/production-material.routes.ts';
import { productionResultRoutes } from './production-result/production-result.routes.ts';
import { barcodeLotProvider } from './material-stock/barcode.service.ts';
import { productStockReferences } from './product-stock/product-stock.references.ts';
import { productStockRoutes } from './product-stock/product-stock.routes.ts';
import { barcodeLot } from './product-stock/product-stock.views.ts';
import { productionPlanReferences } from './production-plan/production-plan.references.ts';
import { productionPlanRoutes } from './production-plan/production-plan.routes.ts';
import { parameterReferences } from './parameter/parameter.references.ts';
import { parameterRoutes } from './parameter/parameter.routes.ts';
import { dataCollectionRoutes } from './data-collection/data-collection.routes.ts';
import { dataCollectionReferences } from './data-collection/data-collection.references.ts';
import { specOutInspectionsProvider } from './data-collection/spec-out.service.ts';
import { authenticateIngestKey } from './data-collection/ingest-key.service.ts';
import { ingestKeyProvider } from '../platform/auth/ingest-key.ts';
import { productReferences } from './product/product.references.ts';
import { productRoutes } from './product/product.routes.ts';
import { roleRoutes } from './role/role.routes.ts';
import { routeReferences } from './route/route.references.ts';
import { routeRoutes } from './route/route.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { toolReferences } from './tool/tool.references.ts';
import { toolRoutes } from './tool/tool.routes.ts';
import { vehicleReferences } from './vehicle/vehicle.references.ts';
import { vehicleRoutes } from './vehicle/vehicle.routes.ts';
// issue 16: molds and records (h4)
import { moldReferences } from './mold/mold.references.ts';
import { moldRoutes } from './mold/mold.routes.ts';
import { recordReferences } from './record/record.references.ts';
import { recordRoutes } from './record/record.routes.ts';
import { userReferences } from './user/user.references.ts';
import { userRoutes } from './user/user.routes.ts';
import { workerReferences } from './worker/worker.references.ts';
import { workerRoutes } from './worker/worker.routes.ts';

/**
 * The module list (platform/modules.ts): every module is one entry — its routes, the references its tables hold on
 * other modules' rows (`<module>.references.ts`) and the answers it gives other modules' questions
 * (`provides: [provide(<lower module's provider>, <its answer>)]`). app.ts builds the routes and the app's registries
 * from this list; a new module is one line here.
 *
 * Base modules first, each after the modules it depends on. That order is also the order of the related-data
 * dialog's rows when several modules refer to one table (a location: child locations, users, notices, tools).
 * material-stock answers bom.stock (bom/bom.stock.ts: stock on hand per material); shipment answers operation.output
 * (operation/operation.service.ts: completed quantity per operation, from production-plan, and shipped quantity) and
 * sales.products (material-stock/material-sales.service.ts: shipments as product sales); product-stock answers barcode.lot
 * (material-stock/barcode.service.ts: the lot a scanned LOT ID names); order answers business.orders
 * (business/business.views.ts: a business's orders) and bizPartner.orders (biz-partner/biz-partner.service.ts: a
 * partner's order trees); production-product-stock answers result.consume-products
 * (production-result/production-result.consume.ts: a result's consumption of semi-finished lots released to its plan).
 */
export const modules: readonly ModuleDefinition[] = [
  { name: 'custom-ext', routes: customExtRoutes },
  { name: 'code', routes: codeRoutes, references: codeReferences },
  { name: 'location', routes: locationRoutes, references: locationReferences },
  { name: 'role', routes: roleRoutes },
  { name: 'user', routes: userRoutes, references: userReferences },
  { name: 'auth', routes: authRoutes },
  { name: 'settings', routes: settingsRoutes },
  { name: 'system', routes: systemRoutes },
  { name: 'condition', routes: conditionRoutes },
  { name: 'history', routes: historyRoutes },
  { name: 'notice', routes: noticeRoutes, references: noticeReferences },
  { name: 'biz-partner', routes: bizPartnerRoutes },
  { name: 'tool', routes: toolRoutes, references: toolReferences },
  { name: 'parameter', routes: parameterRoutes, references: parameterReferences },
  {
    name: 'data-collection',
    routes: dataCollectionRoutes,
    references: dataCollectionReferences,
    provides: [provide(ingestKeyProvider, authenticateIngestKey)],
  },
  { name: 'operation', routes: operationRoutes },
  { name: 'route', routes: routeRoutes, references: routeReferences },
  { name: 'product', routes: productRoutes, references: productReferences },
  // Widget settings name locations, tools, parameters and products.
  { name: 'dashboard', routes: dashboardRoutes },
  { name: 'material', routes: materialRoutes, references: materialReferences },
  { name: 'oper-plan', routes: operPlanRoutes, references: operPlanReferences },
  { name: 'bom', routes: bomRoutes, references: bomReferences },
  {
    name: 'material-stock',
    routes: materialStockRoutes,
    references: materialStockReferences,
    provides: [provide(bomStockProvider, stockOnHand)],
  },
  { name: 'production-plan', routes: productionPlanRoutes, references: productionPlanReferences },
  { name: 'production-material', routes: productionMaterialRoutes, references: productionMaterialReferences },
  { name: 'worker', routes: workerRoutes, references: workerReferences },
  {
    name: 'product-stock',
    routes: productStockRoutes,
    references: productStockReferences,
    provides: [provide(barcodeLotProvider, barcodeLot)],
  },
  { name: 'production-result', routes: productionResultRoutes },
  { name: 'lot', routes: lotRoutes },
  { name: 'lot-label', routes: lotLabelRoutes },
  // Issue 14's tables are in place; their routes land module by module (until then, none).
  { name: 'business', routes: businessRoutes, references: businessReferences },
  {
    name: 'order',
    routes: orderRoutes,
    references: orderReferences,
    provides: [
      provide(businessOrdersProvider, businessOrderNodes),
      provide(bizPartnerOrdersProvider, partnerOrderTree),
    ],
  },
  { name: 'out-sourcing', routes: outSourcingRoutes, references: outSourcingReferences },
  {
    name: 'production-product-stock',
    routes: productionProductStockRoutes,
    references: productionProductStockReferences,
    provides: [
      provide(resultConsumeProductsProvider, consumeProductsForResult),
      provide(resultConsumedLotExpiryProvider, consumedLotExpiry),
    ],
  },
  {
    name: 'shipment',
    routes: shipmentRoutes,
    references: shipmentReferences,
    provides: [provide(operationOutputProvider, shipmentOperationOutput), provide(productSalesProvider, productSales)],
  },
  // Quality answers shipment's, production-material's and production-product-stock's hold questions (a failed lot may
  // not ship, be released to production or consumed there; a failed package may not be released or consumed) and
  // adds its failed samples to data-collection's spec-out list: after all four.
  {
    name: 'quality',
    routes: qualityRoutes,
    references: qualityReferences,
    provides: [
      provide(lotMayShipProvider, heldLots),
      provide(lotMayReleaseProvider, heldLots),
      provide(materialMayReleaseProvider, heldStocks),
      provide(specOutInspectionsProvider, inspectionSpecOuts),
    ],
  },
  // Files of a product's measured values judged by its standard items (refers to products, lots, quality_standards).
  { name: 'measurement-result', routes: measurementResultRoutes, references: measurementResultReferences },
  // Refers to customers, products and lots: after quality, as the quality menu's last screen.
  { name: 'claim', routes: claimRoutes, references: claimReferences },
  // Built from product quality results, for a customer's lot: after quality. Its PDF/Excel are report files.
  {
    name: 'inspection-report',
    routes: inspectionReportRoutes,
    references: inspectionReportReferences,
    reports: [inspectionReportFiles],
  },
  // A product's test record with its design image; shares the inspection report's numbering and result pick list.
  { name: 'test-report', routes: testReportRoutes, references: testReportReferences, reports: [testReportFiles] },
  // Reads production results and quality results: after both.
  { name: 'daily-quality', routes: dailyQualityRoutes, references: dailyQualityReferences },
  // Reads quality results and collected trace data: after quality and data-collection.
  { name: 'spc', routes: spcRoutes },
  // Reads orders, plans, results, shipments, stock and BOMs: after all of them.
  { name: 'tracking', routes: trackingRoutes },
  // Issue 17 reports over the production results (daily plans, their defects) and plans: after production-result.
  { name: 'defect-report', routes: defectReportRoutes, reports: [defectReportFiles] },
  { name: 'product-report', routes: productReportRoutes, reports: [productReportFiles] },
  { name: 'widget', routes: widgetRoutes },
  // Reads every stock ledger (materials, production, lots, shipments): after all of them.
  { name: 'trace', routes: traceRoutes },
  // HACCP records (issue 16): CCP monitoring and sanitation check lists with signatures, review and amendments; refers
  // to users and locations (a check list's area).
  { name: 'haccp', routes: haccpRoutes, references: haccpReferences, reports: [haccpFiles] },
  // Issue 16, equipment: kinds (codes), then their stock at locations and tools (reads material-stock's place paths).
  { name: 'equipment', routes: equipmentRoutes },
  { name: 'equipment-stock', routes: equipmentStockRoutes, references: equipmentStockReferences },
  // Issue 16 (h4): molds (on shelves and tools, making products) and record sheets.
  { name: 'mold', routes: moldRoutes, references: moldReferences },
  { name: 'record', routes: recordRoutes, references: recordReferences },
  // Issue 17: the KPI report and the workshop KPI page; reads plans, results, lots, quality results and claims.
  { name: 'kpi-report', routes: kpiReportRoutes, reports: [kpiReportFiles] },
  // The generic report files (GET /report/pdf|excel/{name}/{type}) over every module's `reports`.
  { name: 'report', routes: reportRoutes },
  // Vehicles, their parts and replacement history, maintenance alerts (issue 16). Refers to locations only.
  { name: 'vehicle', routes: vehicleRoutes, references: vehicleReferences },
  // Issue 17: the AI chat's questions to the configured Flowise chatflow. Refers to nothing.
  { name: 'chat', routes: chatRoutes },
  // Issue 17: the MCP server for AI assistants (read-only tools over the modules above) and the users' API tokens.
  { name: 'mcp', routes: mcpRoutes },
];
