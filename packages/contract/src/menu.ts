// The menu tree: every screen's name (the permission key), its parent and path (SPEC §2).
// One source for the router, side menu, breadcrumbs, role editor and the server's permission names.
export type MenuNode = {
  name: string;
  path: string;
  label: { kr: string; en: string };
  icon?: string;
  /** Hidden from the side menu (still routable, still permission-checked). */
  hidden?: boolean;
  /** No permission needed to enter (SPEC §2: root, login, kiosk and /fs pages; aiChat always). */
  public?: boolean;
  children?: MenuNode[];
};

const n = (name: string, path: string, kr: string, en: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  name,
  path,
  label: { kr, en },
  ...extra,
});

export const MENU_TREE: MenuNode[] = [
  n('dashboard', '/dashboard', '대시보드', 'Dashboard', {
    icon: 'dashboard',
    children: [n('dashboardSlides', '/dashboard/slides', '슬라이드쇼', 'Slideshow', { hidden: true })],
  }),
  n('notice', '/notice', '공지사항', 'Notices', { icon: 'notification' }),
  n('baseinfo', '/baseinfo', '기준정보', 'Base info', {
    icon: 'database',
    children: [
      n('location', '/baseinfo/location', '위치 관리', 'Locations'),
      n('tools', '/baseinfo/tools', '설비(툴) 관리', 'Tools'),
      n('productInfo', '/baseinfo/productInfo', '제품 관리', 'Products'),
      n('operation', '/baseinfo/operation', '공정 관리', 'Operations'),
      n('route', '/baseinfo/route', '라우팅 관리', 'Routes'),
      n('operPlan', '/baseinfo/operPlan', '공정 계획', 'Operation plans'),
      n('bizPartner', '/baseinfo/bizPartner', '거래처 관리', 'Business partners'),
    ],
  }),
  n('material', '/material', '자재 관리', 'Materials', {
    icon: 'inbox',
    children: [
      n('materialInfo', '/material/material', '자재 정보', 'Material info'),
      n('materialStock', '/material/stock', '자재 재고', 'Material stock'),
      n('materialHistory', '/material/history', '자재 이력', 'Material history'),
      n('stockOutRestock', '/material/stockOutRestock', '생산 자재 출고/재입고', 'Production material issue'),
      n('materialSales', '/material/sales', '자재 판매', 'Material sales'),
    ],
  }),
  n('production', '/production', '생산 관리', 'Production', {
    icon: 'build',
    children: [
      n('productionPlan', '/production/plan', '생산 계획', 'Production plans'),
      n('productionProfit', '/production/profit', '생산 실적', 'Production results'),
      n('orderInfo', '/production/orderInfo', '영업/수주', 'Business and orders'),
      n('shipment', '/production/shipment', '출하 관리', 'Shipments'),
      n('outSourcing', '/production/outSourcing', '외주 생산', 'Outsourcing'),
      n('prodStock', '/production/prodStock', '제품 재고', 'Product stock'),
      n('productStockOutRestock', '/production/productStockOutRestock', '제품 출고/재입고', 'Product issue'),
      n('worker', '/production/worker', '작업자 관리', 'Workers'),
    ],
  }),
  n('sales', '/sales', '판매', 'Sales', {
    icon: 'shopping',
    children: [n('materialProdSales', '/sales/materialProdSales', '품목/자재 판매', 'Item and material sales')],
  }),
  n('vehicle', '/vehicle', '차량 관리', 'Vehicles', {
    icon: 'car',
    children: [
      n('vehicleInfo', '/vehicle/vehicleInfo', '차량 정보', 'Vehicle info'),
      n('partInfo', '/vehicle/partInfo', '부품 정보', 'Parts'),
    ],
  }),
  n('quality', '/quality', '품질 관리', 'Quality', {
    icon: 'safety',
    children: [
      n('productQualityInfo', '/quality/product/info', '제품 품질 기준', 'Product quality standards'),
      n('productQualityResult', '/quality/product/result', '제품 검사 결과', 'Product inspection results'),
      n('measurementResult', '/quality/product/measurementResult', '측정 결과', 'Measurement results'),
      n('materialQualityInfo', '/quality/material/info', '자재 품질 기준', 'Material quality standards'),
      n('materialQualityResult', '/quality/material/result', '자재 검사 결과', 'Material inspection results'),
      n('dailyQualityResult', '/quality/daily/result', '일일 품질 실적', 'Daily quality results'),
      n('claimManagement', '/quality/claim/claim-management', '클레임 관리', 'Claims'),
      n('inspectionReport', '/quality/report/inspection-report', '검사 성적서', 'Inspection reports'),
    ],
  }),
  n('dataCollection', '/dataCollection', '데이터 수집', 'Data collection', {
    icon: 'lineChart',
    children: [
      n('parameter', '/dataCollection/parameter', '파라미터', 'Parameters'),
      n('trend', '/dataCollection/trend', '트렌드', 'Trend'),
      n('correlation', '/dataCollection/correlation', '상관 분석', 'Correlation'),
    ],
  }),
  n('report', '/report', '리포트', 'Reports', {
    icon: 'fileText',
    children: [
      n('defectReport', '/report/defect', '불량 리포트', 'Defect report'),
      n('inspectReport', '/report/inspect', '시험 성적서', 'Test report'),
      n('productReport', '/report/product', '제품 리포트', 'Product report'),
      n('kpiReport', '/report/kpi', 'KPI 리포트', 'KPI report'),
      n('lotReport', '/report/lot', 'LOT 리포트', 'Lot report'),
      n('trackingReport', '/report/tracking', '품목/자재 소요 추적', 'Requirement tracking'),
    ],
  }),
  n('bom', '/bom', 'BOM', 'BOM', { icon: 'apartment' }),
  n('equipmentManagement', '/equipmentManagement', '비품 관리', 'Equipment', {
    icon: 'tool',
    children: [
      n('equipment', '/equipmentManagement/equipment', '비품 정보', 'Equipment info'),
      n('equipmentStock', '/equipmentManagement/equipmentStock', '비품 재고', 'Equipment stock'),
      n('equipmentHistory', '/equipmentManagement/equipmentHistory', '비품 이력', 'Equipment history'),
    ],
  }),
  n('mold', '/mold', '금형 관리', 'Molds', {
    icon: 'block',
    children: [n('moldInfo', '/mold/moldInfo', '금형 정보', 'Mold info')],
  }),
  n('haccp', '/haccp', 'HACCP', 'HACCP', {
    icon: 'experiment',
    children: [
      n('ccpMonitoring', '/haccp/ccpMonitoringPage', 'CCP 모니터링', 'CCP monitoring'),
      n('sanitationProcessCheckList', '/haccp/sanitationProcessCheckList', '위생 공정 점검표', 'Sanitation check list'),
      n('visualInspection', '/haccp/visualInspection', '육안 검사', 'Visual inspection'),
    ],
  }),
  n('record', '/record', '기록 관리', 'Records', { icon: 'folder' }),
  n('system', '/admin', '시스템 관리', 'System management', {
    icon: 'setting',
    children: [
      n('user', '/admin/user', '사용자 관리', 'Users'),
      n('config', '/admin/config', '메뉴 설정', 'Configuration', { hidden: true }),
      n('code', '/admin/code', '코드 관리', 'Codes'),
      n('role', '/admin/role', '권한 관리', 'Roles'),
      n('history', '/admin/history', '변경 이력', 'Change history'),
      n('pageHit', '/admin/page-hit', '화면 사용 통계', 'Page hits'),
      n('customExt', '/admin/custom-ext', '사용자 정의 항목', 'Custom fields'),
    ],
  }),
  n('OSS', '/OSS', '오픈소스 고지', 'Open-source notice', { hidden: true, public: true }),
  n('kiosk', '/kiosk', '키오스크', 'Kiosk', { hidden: true, public: true }),
  n('aiChat', '/ai-chat', 'AI 채팅', 'AI chat', { hidden: true, public: true }),
];

export type MenuIndexEntry = MenuNode & { parentName: string | null; depth: number };

function index(nodes: MenuNode[], parentName: string | null, depth: number, out: Map<string, MenuIndexEntry>) {
  for (const node of nodes) {
    out.set(node.name, { ...node, parentName, depth });
    if (node.children) index(node.children, node.name, depth + 1, out);
  }
  return out;
}

export const MENU_INDEX: ReadonlyMap<string, MenuIndexEntry> = index(MENU_TREE, null, 0, new Map());
export const MENU_NAMES = [...MENU_INDEX.keys()];

/** The node's name followed by its ancestors' names, nearest first. */
export function menuAncestry(name: string): string[] {
  const chain: string[] = [];
  let cur = MENU_INDEX.get(name);
  while (cur) {
    chain.push(cur.name);
    cur = cur.parentName ? MENU_INDEX.get(cur.parentName) : undefined;
  }
  return chain;
}

export function menuDescendants(name: string): string[] {
  const node = MENU_INDEX.get(name);
  const out: string[] = [];
  const walk = (ns?: MenuNode[]) =>
    ns?.forEach((c) => {
      out.push(c.name);
      walk(c.children);
    });
  walk(node?.children);
  return out;
}

/** The menu node whose path is the longest prefix of the given pathname. */
export function menuForPath(pathname: string): MenuIndexEntry | undefined {
  let best: MenuIndexEntry | undefined;
  for (const entry of MENU_INDEX.values()) {
    if (pathname === entry.path || pathname.startsWith(`${entry.path}/`)) {
      if (!best || entry.path.length > best.path.length) best = entry;
    }
  }
  return best;
}
