import type { Action } from '@eqms/contract';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../app/lazy-page.ts';

// Each feature's screens, by menu name (packages/contract menu.ts). The router, side menu and breadcrumbs are
// built from the menu tree plus this list: a menu entry without a route here is not shown (nothing unfinished
// reaches the menu).
export type FeatureRoute = {
  /** Menu name: the permission key and the source of path and label. */
  name: string;
  /** Defaults to the menu node's path; extra sub-paths like '/dashboard/:id?' may be given. */
  path?: string;
  element: LazyExoticComponent<ComponentType>;
};

export const featureRoutes: FeatureRoute[] = [
  // Dashboards (issue 17): the slideshow's static path wins over the optional id.
  {
    name: 'dashboard',
    path: '/dashboard/:id?',
    element: lazyPage(() => import('./dashboard/pages/DashboardPage.tsx')),
  },
  { name: 'dashboardSlides', element: lazyPage(() => import('./dashboard/pages/SlidesPage.tsx')) },
  { name: 'notice', element: lazyPage(() => import('./notice/pages/NoticePage.tsx')) },
  { name: 'user', element: lazyPage(() => import('./user/pages/UserPage.tsx')) },
  { name: 'role', element: lazyPage(() => import('./role/pages/RolePage.tsx')) },
  { name: 'code', element: lazyPage(() => import('./code/pages/CodePage.tsx')) },
  { name: 'location', element: lazyPage(() => import('./location/pages/LocationPage.tsx')) },
  { name: 'config', element: lazyPage(() => import('./config/pages/ConfigPage.tsx')) },
  { name: 'history', element: lazyPage(() => import('./history/pages/HistoryPage.tsx')) },
  { name: 'pageHit', element: lazyPage(() => import('./page-hit/pages/PageHitPage.tsx')) },
  { name: 'customExt', element: lazyPage(() => import('./custom-ext/pages/CustomExtPage.tsx')) },
  { name: 'productInfo', element: lazyPage(() => import('./product/pages/ProductPage.tsx')) },
  { name: 'materialInfo', element: lazyPage(() => import('./material/pages/MaterialPage.tsx')) },
  { name: 'tools', element: lazyPage(() => import('./tool/pages/ToolPage.tsx')) },
  { name: 'parameter', element: lazyPage(() => import('./parameter/pages/ParameterPage.tsx')) },
  { name: 'trend', element: lazyPage(() => import('./data-collection/pages/TrendPage.tsx')) },
  { name: 'correlation', element: lazyPage(() => import('./data-collection/pages/CorrelationPage.tsx')) },
  { name: 'bom', element: lazyPage(() => import('./bom/pages/BomPage.tsx')) },
  { name: 'operation', element: lazyPage(() => import('./operation/pages/OperationPage.tsx')) },
  { name: 'route', element: lazyPage(() => import('./route/pages/RoutePage.tsx')) },
  { name: 'operPlan', element: lazyPage(() => import('./oper-plan/pages/OperPlanPage.tsx')) },
  { name: 'bizPartner', element: lazyPage(() => import('./biz-partner/pages/BizPartnerPage.tsx')) },
  { name: 'materialStock', element: lazyPage(() => import('./material-stock/pages/MaterialStockPage.tsx')) },
  { name: 'materialHistory', element: lazyPage(() => import('./material-stock/pages/MaterialHistoryPage.tsx')) },
  { name: 'materialSales', element: lazyPage(() => import('./material-stock/pages/MaterialSalesPage.tsx')) },
  { name: 'materialProdSales', element: lazyPage(() => import('./material-stock/pages/ItemSalesPage.tsx')) },
  {
    name: 'stockOutRestock',
    element: lazyPage(() => import('./production-material/pages/StockOutRestockPage.tsx')),
  },
  { name: 'productionPlan', element: lazyPage(() => import('./production-plan/pages/ProductionPlanPage.tsx')) },
  {
    name: 'productionProfit',
    element: lazyPage(() => import('./production-result/pages/ProductionResultPage.tsx')),
  },
  { name: 'worker', element: lazyPage(() => import('./worker/pages/WorkerPage.tsx')) },
  { name: 'orderInfo', element: lazyPage(() => import('./order-info/pages/OrderInfoPage.tsx')) },
  { name: 'outSourcing', element: lazyPage(() => import('./out-sourcing/pages/OutSourcingPage.tsx')) },
  {
    name: 'productStockOutRestock',
    element: lazyPage(() => import('./product-issue/pages/ProductStockOutRestockPage.tsx')),
  },
  { name: 'shipment', element: lazyPage(() => import('./shipment/pages/ShipmentPage.tsx')) },
  { name: 'prodStock', element: lazyPage(() => import('./product-stock/pages/ProductStockPage.tsx')) },
  { name: 'kpiReport', element: lazyPage(() => import('./kpi-report/pages/KpiReportPage.tsx')) },
  { name: 'lotReport', element: lazyPage(() => import('./lot-report/pages/LotReportPage.tsx')) },
  // Traceability (issue 14): a page under the lot report, on its right; the lot, stock and shipment screens link to it.
  { name: 'lotReport', path: '/report/lot/trace', element: lazyPage(() => import('./trace/pages/TracePage.tsx')) },
  { name: 'trackingReport', element: lazyPage(() => import('./tracking/pages/TrackingPage.tsx')) },
  { name: 'defectReport', element: lazyPage(() => import('./defect-report/pages/DefectReportPage.tsx')) },
  { name: 'productReport', element: lazyPage(() => import('./product-report/pages/ProductReportPage.tsx')) },
  // SPC (issue 15): a page under the trend, on its right; the quality results screens open its SpcDrawer.
  { name: 'trend', path: '/dataCollection/trend/spc', element: lazyPage(() => import('./spc/pages/SpcPage.tsx')) },
  { name: 'productQualityInfo', element: lazyPage(() => import('./quality/pages/ProductQualityInfoPage.tsx')) },
  { name: 'productQualityResult', element: lazyPage(() => import('./quality/pages/ProductQualityResultPage.tsx')) },
  { name: 'materialQualityInfo', element: lazyPage(() => import('./quality/pages/MaterialQualityInfoPage.tsx')) },
  { name: 'materialQualityResult', element: lazyPage(() => import('./quality/pages/MaterialQualityResultPage.tsx')) },
  { name: 'dailyQualityResult', element: lazyPage(() => import('./daily-quality/pages/DailyQualityPage.tsx')) },
  {
    name: 'measurementResult',
    element: lazyPage(() => import('./measurement-result/pages/MeasurementResultPage.tsx')),
  },
  // issue 16 (h4): molds and record sheets
  { name: 'moldInfo', element: lazyPage(() => import('./mold/pages/MoldPage.tsx')) },
  { name: 'record', element: lazyPage(() => import('./record/pages/RecordPage.tsx')) },
  { name: 'claimManagement', element: lazyPage(() => import('./claim/pages/ClaimPage.tsx')) },
  {
    name: 'inspectionReport',
    element: lazyPage(() => import('./inspection-report/pages/InspectionReportPage.tsx')),
  },
  { name: 'inspectReport', element: lazyPage(() => import('./test-report/pages/TestReportPage.tsx')) },
  // Vehicles and parts (issue 16).
  { name: 'vehicleInfo', element: lazyPage(() => import('./vehicle/pages/VehicleInfoPage.tsx')) },
  { name: 'partInfo', element: lazyPage(() => import('./vehicle/pages/PartInfoPage.tsx')) },
  // HACCP (issue 16)
  { name: 'ccpMonitoring', element: lazyPage(() => import('./haccp/pages/CcpMonitoringPage.tsx')) },
  {
    name: 'sanitationProcessCheckList',
    element: lazyPage(() => import('./haccp/pages/SanitationCheckListPage.tsx')),
  },
  { name: 'visualInspection', element: lazyPage(() => import('./haccp/pages/VisualInspectionPage.tsx')) },
  // Equipment (issue 16): kinds, stock (trees, move, discard, edit) and the ledger.
  { name: 'equipment', element: lazyPage(() => import('./equipment/pages/EquipmentPage.tsx')) },
  { name: 'equipmentStock', element: lazyPage(() => import('./equipment/pages/EquipmentStockPage.tsx')) },
  { name: 'equipmentHistory', element: lazyPage(() => import('./equipment/pages/EquipmentHistoryPage.tsx')) },
  // The AI assistant (issue 17), open to every signed-in user; the shell's chat widget holds the same conversation.
  { name: 'aiChat', element: lazyPage(() => import('./ai-chat/pages/AiChatPage.tsx')) },
];

/**
 * Full-screen pages (SPEC §2: /kiosk, opened in a new window, and the embedded /fs/… pages): signed in, no chrome,
 * no menu right to open (what they read still needs its rights).
 */
export type FullScreenRoute = { path: string; element: LazyExoticComponent<ComponentType> };

export const fullScreenRoutes: FullScreenRoute[] = [
  { path: '/kiosk', element: lazyPage(() => import('./kiosk/pages/KioskPage.tsx')) },
  {
    path: '/fs/production-plan-calendar',
    element: lazyPage(() => import('./production-plan/pages/PlanCalendarFullScreen.tsx')),
  },
  {
    path: '/fs/good-bad-status',
    element: lazyPage(() => import('./dashboard/widgets/fs/GoodBadStatusFullScreen.tsx')),
  },
  {
    path: '/fs/production-status',
    element: lazyPage(() => import('./dashboard/widgets/fs/ProductionStatusFullScreen.tsx')),
  },
];

/**
 * The phone's screens (SPEC §2 mobile routes): the router, the mobile drawer, the page title and the scan sheet's
 * actions are built from this list. `label` is the key under common `mobile.routes`; `perm` the right the screen needs
 * (none: every signed-in user).
 */
export type MobileRoute = {
  path: string;
  label: string;
  perm?: { menu: string; action: Action };
  /**
   * Listed in the drawer only when this runtime flag is on; routable either way (SPEC §2: /m/dashboard is for one
   * deployment flavour, MOBILE_DASHBOARD=1).
   */
  listedWhen?: 'mobileDashboard';
  element: LazyExoticComponent<ComponentType>;
};

export const mobileRoutes: MobileRoute[] = [
  { path: '/m/notice', label: 'notice', element: lazyPage(() => import('./notice/pages/MobileNoticePage.tsx')) },
  {
    path: '/m/material/stock',
    label: 'materialStock',
    perm: { menu: 'materialStock', action: 'view' },
    element: lazyPage(() => import('./material-stock/mobile/pages/MobileStockPage.tsx')),
  },
  {
    path: '/m/material/in',
    label: 'materialIn',
    perm: { menu: 'materialStock', action: 'create' },
    element: lazyPage(() => import('./material-stock/mobile/pages/MobileShipInPage.tsx')),
  },
  {
    path: '/m/material/out',
    label: 'materialOut',
    perm: { menu: 'stockOutRestock', action: 'create' },
    element: lazyPage(() => import('./production-material/mobile/pages/MobileReleasePage.tsx')),
  },
  {
    path: '/m/material/re-in',
    label: 'materialReIn',
    perm: { menu: 'stockOutRestock', action: 'create' },
    element: lazyPage(() => import('./production-material/mobile/pages/MobileRestockPage.tsx')),
  },
  {
    path: '/m/production/stock',
    label: 'productStock',
    perm: { menu: 'prodStock', action: 'view' },
    element: lazyPage(() => import('./product-stock/mobile/MobileProductStockPage.tsx')),
  },
  {
    path: '/m/production/shipment',
    label: 'shipment',
    perm: { menu: 'shipment', action: 'create' },
    element: lazyPage(() => import('./shipment/mobile/MobileShipmentPage.tsx')),
  },
  {
    path: '/m/production/shipmentList',
    label: 'shipmentList',
    perm: { menu: 'shipment', action: 'view' },
    element: lazyPage(() => import('./shipment/mobile/MobileShipmentListPage.tsx')),
  },
  {
    path: '/m/dashboard',
    label: 'dashboard',
    perm: { menu: 'dashboard', action: 'view' },
    listedWhen: 'mobileDashboard',
    element: lazyPage(() => import('./dashboard/pages/MobileDashboardPage.tsx')),
  },
];
