import type { CustomExtTable, CustomFieldData, Flags } from '@eqms/contract';

// The demo factory's master data: a small Korean plant with two factories. Codes are stable so the demo
// reads the same on every fresh start; nothing here is used by tests as fixed ids.

export type PlaceSpec = {
  name: string;
  code: string;
  type: 'SITE' | 'FACTORY' | 'LINE' | 'WAREHOUSE' | 'SHELF';
  description?: string;
  /** Values of the demo custom fields (DEMO_CUSTOM_FIELDS). */
  ext?: Record<string, string>;
  children?: PlaceSpec[];
};

const shelves = (warehouseCode: string, count: number): PlaceSpec[] =>
  Array.from({ length: count }, (_, i) => {
    const no = String(i + 1).padStart(2, '0');
    return { name: `A-${no}`, code: `${warehouseCode}-A${no}`, type: 'SHELF' };
  });

export const DEMO_PLACES: PlaceSpec = {
  name: '본사 사업장',
  code: 'SITE01',
  type: 'SITE',
  description: '경기도 화성시 본사 및 생산 사업장',
  children: [
    {
      name: '제1공장',
      code: 'F01',
      type: 'FACTORY',
      description: '사출 성형 및 조립',
      ext: { building: 'A' },
      children: [
        { name: '사출 1라인', code: 'F01-L01', type: 'LINE' },
        { name: '사출 2라인', code: 'F01-L02', type: 'LINE' },
        { name: '조립 라인', code: 'F01-L03', type: 'LINE' },
        { name: '원자재 창고', code: 'F01-W01', type: 'WAREHOUSE', children: shelves('F01-W01', 3) },
        { name: '완제품 창고', code: 'F01-W02', type: 'WAREHOUSE', children: shelves('F01-W02', 2) },
      ],
    },
    {
      name: '제2공장',
      code: 'F02',
      type: 'FACTORY',
      description: '조립 및 포장',
      ext: { building: 'B' },
      children: [
        { name: '조립 라인', code: 'F02-L01', type: 'LINE' },
        { name: '포장 라인', code: 'F02-L02', type: 'LINE' },
        { name: '원자재 창고', code: 'F02-W01', type: 'WAREHOUSE', children: shelves('F02-W01', 2) },
        { name: '완제품 창고', code: 'F02-W02', type: 'WAREHOUSE', children: shelves('F02-W02', 4) },
      ],
    },
  ],
};

const ALL: Flags = { all: true, view: true, create: true, modify: true, delete: true };
const VIEW: Flags = { view: true };
const EDIT: Flags = { view: true, create: true, modify: true };

/** Grants per menu name (packages/contract menu.ts); a node without its own grant inherits its parent's. */
export const DEMO_ROLES: { name: string; description: string; grants: Record<string, Flags> }[] = [
  {
    name: '생산',
    description: 'Production: 생산 계획·실적, BOM, 데이터 수집',
    grants: {
      production: ALL,
      bom: ALL,
      dataCollection: ALL,
      baseinfo: VIEW,
      material: VIEW,
      report: VIEW,
      notice: VIEW,
      dashboard: VIEW,
    },
  },
  {
    name: '창고',
    description: 'Warehouse: 자재 입출고, 출하, 제품 재고',
    grants: { material: ALL, shipment: EDIT, prodStock: EDIT, baseinfo: VIEW, notice: VIEW, dashboard: VIEW },
  },
  {
    name: '품질',
    description: 'Quality: 품질 검사, HACCP, 기록 관리',
    grants: {
      quality: ALL,
      haccp: ALL,
      record: ALL,
      production: VIEW,
      report: VIEW,
      baseinfo: VIEW,
      notice: VIEW,
      dashboard: VIEW,
    },
  },
];

export type DemoUser = {
  userId: string;
  username: string;
  role: string | null;
  place: string;
  phone: string;
  /** Values of the demo custom fields (DEMO_CUSTOM_FIELDS). */
  ext?: Record<string, string>;
};

/** The three demo logins (demo-logins.ts) and the shop-floor operators, placed by location code. */
export const DEMO_USERS: DemoUser[] = [
  {
    userId: 'prod01',
    username: '김생산',
    role: '생산',
    place: 'F01-L01',
    phone: '010-2345-1001',
    ext: { shift: 'DAY', employeeNo: 'E-1001' },
  },
  {
    userId: 'wh01',
    username: '이창고',
    role: '창고',
    place: 'F01-W01',
    phone: '010-2345-1002',
    ext: { shift: 'DAY', employeeNo: 'E-1002' },
  },
  {
    userId: 'qc01',
    username: '박품질',
    role: '품질',
    place: 'F01',
    phone: '010-2345-1003',
    ext: { employeeNo: 'E-1003' },
  },
  {
    userId: 'op01',
    username: '최민수',
    role: null,
    place: 'F01-L01',
    phone: '010-3456-2001',
    ext: { shift: 'DAY', employeeNo: 'E-2001' },
  },
  {
    userId: 'op02',
    username: '정수진',
    role: null,
    place: 'F01-L02',
    phone: '010-3456-2002',
    ext: { shift: 'NIGHT', employeeNo: 'E-2002' },
  },
  {
    userId: 'op03',
    username: '강지훈',
    role: null,
    place: 'F01-L03',
    phone: '010-3456-2003',
    ext: { shift: 'DAY', employeeNo: 'E-2003' },
  },
  {
    userId: 'op04',
    username: '조은영',
    role: null,
    place: 'F02-L01',
    phone: '010-3456-2004',
    ext: { shift: 'DAY', employeeNo: 'E-2004' },
  },
  {
    userId: 'op05',
    username: '윤서준',
    role: null,
    place: 'F02-L02',
    phone: '010-3456-2005',
    ext: { shift: 'NIGHT', employeeNo: 'E-2005' },
  },
  { userId: 'op06', username: '장하늘', role: null, place: 'F02-L02', phone: '010-3456-2006', ext: { shift: 'NIGHT' } },
];

export type CodeSpec = { code: string; codeName: string; codeNameEn: string; parent?: string };
export type CategorySpec = {
  category: string;
  name: string;
  description: string;
  codes: CodeSpec[];
  parentCategory?: string;
};

const c = (code: string, codeName: string, codeNameEn: string, parent?: string): CodeSpec => ({
  code,
  codeName,
  codeNameEn,
  parent,
});

/** Code categories the modules look up; a sub-type's `parent` is a code of its parentCategory. */
export const DEMO_CODES: CategorySpec[] = [
  {
    category: 'UNIT',
    name: '단위',
    description: '수량 단위',
    codes: [
      c('EA', '개', 'Each'),
      c('KG', '킬로그램', 'Kilogram'),
      c('M', '미터', 'Meter'),
      c('L', '리터', 'Liter'),
      c('BOX', '박스', 'Box'),
      c('SET', '세트', 'Set'),
    ],
  },
  {
    category: 'PRODUCT_TYPE',
    name: '제품 유형',
    description: '완제품 / 반제품',
    codes: [c('FINISHED', '완제품', 'Finished product'), c('SEMI', '반제품', 'Semi-finished product')],
  },
  {
    category: 'MATERIAL_TYPE',
    name: '자재 유형',
    description: '원자재 / 부자재 / 포장재',
    codes: [
      c('RAW', '원자재', 'Raw material'),
      c('SUB', '부자재', 'Subsidiary material'),
      c('PACKAGING', '포장재', 'Packaging material'),
    ],
  },
  {
    category: 'BIZ_PARTNER_TYPE',
    name: '거래처 유형',
    description: '고객사 / 공급사 / 외주사',
    codes: [
      c('CUSTOMER', '고객사', 'Customer'),
      c('SUPPLIER', '공급사', 'Supplier'),
      c('OUTSOURCER', '외주사', 'Outsourcer'),
    ],
  },
  {
    category: 'DEFECT_TYPE',
    name: '불량 유형',
    description: '생산 실적·검사의 불량 분류',
    codes: [
      c('APPEARANCE', '외관 불량', 'Appearance defect'),
      c('DIMENSION', '치수 불량', 'Dimensional defect'),
      c('FUNCTION', '기능 불량', 'Functional defect'),
      c('FOREIGN_MATTER', '이물 혼입', 'Foreign matter'),
      c('PACKAGING', '포장 불량', 'Packaging defect'),
    ],
  },
  {
    category: 'EQUIPMENT_TYPE',
    name: '비품 유형',
    description: '비품(예비품·소모품) 분류',
    codes: [
      c('CONSUMABLE', '소모품', 'Consumable'),
      c('SPARE_PART', '예비 부품', 'Spare part'),
      c('SAFETY', '안전용품', 'Safety equipment'),
    ],
  },
  {
    category: 'EQUIPMENT_SUB_TYPE',
    name: '비품 세부 유형',
    description: '비품 유형별 세부 분류',
    parentCategory: 'EQUIPMENT_TYPE',
    codes: [
      c('GLOVE', '작업 장갑', 'Work gloves', 'CONSUMABLE'),
      c('LUBRICANT', '윤활유', 'Lubricant', 'CONSUMABLE'),
      c('FILTER', '필터', 'Filter', 'CONSUMABLE'),
      c('BEARING', '베어링', 'Bearing', 'SPARE_PART'),
      c('BELT', '벨트', 'Belt', 'SPARE_PART'),
      c('HEATER', '히터 밴드', 'Heater band', 'SPARE_PART'),
      c('HELMET', '안전모', 'Safety helmet', 'SAFETY'),
      c('GOGGLES', '보안경', 'Safety goggles', 'SAFETY'),
    ],
  },
  {
    category: 'INSPECTION_METHOD',
    name: '검사 방법',
    description: '품질 기준의 검사 방법',
    codes: [
      c('VISUAL', '육안', 'Visual'),
      c('MEASURE', '측정', 'Measurement'),
      c('FUNCTION_TEST', '기능시험', 'Functional test'),
    ],
  },
  {
    category: 'CCP_TYPE',
    name: 'CCP 유형',
    description: 'HACCP 중요관리점',
    codes: [
      c('HEATING', '가열', 'Heating'),
      c('COOLING', '냉각', 'Cooling'),
      c('METAL_DETECTION', '금속검출', 'Metal detection'),
    ],
  },
  {
    category: 'TOOL_TYPE',
    name: '설비 유형',
    description: '설비(툴) 분류',
    codes: [
      c('INJECTION', '사출기', 'Injection molding machine'),
      c('PRESS', '프레스', 'Press'),
      c('ASSEMBLY', '조립기', 'Assembly machine'),
      c('PACKING', '포장기', 'Packing machine'),
      c('RACK', '랙', 'Rack'),
    ],
  },
  {
    category: 'OPERATION_TYPE',
    name: '공정 유형',
    description: '공정(작업 단계) 분류',
    codes: [
      c('PROCESSING', '가공', 'Processing'),
      c('ASSEMBLY', '조립', 'Assembly'),
      c('INSPECTION', '검사', 'Inspection'),
      c('PACKAGING', '포장', 'Packaging'),
      c('OUTSOURCING', '외주', 'Outsourcing'),
    ],
  },
  {
    category: 'WORK_SHIFT',
    name: '근무조',
    description: '작업 근무조',
    codes: [c('DAY', '주간', 'Day shift'), c('NIGHT', '야간', 'Night shift')],
  },
];

export type CustomFieldSpec = {
  table: CustomExtTable;
  field: string;
  display: string;
  type: 'list' | 'other';
  data: CustomFieldData | null;
};

/** Custom extension fields of the demo (SPEC §3), so the user and location screens show some from the start. */
export const DEMO_CUSTOM_FIELDS: CustomFieldSpec[] = [
  { table: 'users', field: 'shift', display: '근무조', type: 'list', data: { category: 'WORK_SHIFT' } },
  { table: 'users', field: 'employeeNo', display: '사번', type: 'other', data: null },
  {
    table: 'locations',
    field: 'building',
    display: '건물',
    type: 'list',
    data: {
      items: [
        { value: 'A', label: 'A동' },
        { value: 'B', label: 'B동' },
        { value: 'C', label: 'C동' },
      ],
    },
  },
];

export type NoticeSpec = { title: string; contents: string; place: string | null; fromDays: number; toDays: number };

/** Periods are days relative to today in the factory time zone. */
export const DEMO_NOTICES: NoticeSpec[] = [
  {
    title: 'eQMS 시스템 사용 안내',
    contents:
      '<h2>eQMS 시스템을 오픈했습니다</h2><p>생산 계획, 실적, 자재와 품질 기록을 이제 <strong>eQMS</strong>에서 관리합니다.</p>' +
      '<ul><li><p>로그인 후 우측 상단 종 아이콘에서 공지를 확인하세요.</p></li><li><p>문의: 정보시스템팀 (내선 1234)</p></li></ul>',
    place: null,
    fromDays: -3,
    toDays: 30,
  },
  {
    title: '하계 안전 교육 실시 안내',
    contents:
      '<p>전 직원을 대상으로 <strong>하계 안전 교육</strong>을 실시합니다.</p>' +
      '<ol><li><p>일시: 이번 주 금요일 14:00</p></li><li><p>장소: 본관 2층 교육장</p></li></ol><p><em>교육 미이수자는 다음 주에 재교육을 받습니다.</em></p>',
    place: null,
    fromDays: 0,
    toDays: 14,
  },
  {
    title: '제1공장 사출기 정기 점검',
    contents:
      '<p>제1공장 <strong>사출 1·2라인</strong> 사출기 정기 점검을 진행합니다.</p><p>점검 시간 동안 해당 라인의 작업이 일시 중지되니 생산 계획에 반영해 주세요.</p>',
    place: 'F01',
    fromDays: -1,
    toDays: 7,
  },
  {
    title: '제2공장 포장재 변경 안내',
    contents:
      '<p>제2공장 <strong>포장 라인</strong>의 박스 포장재가 신규 규격으로 변경됩니다.</p><blockquote><p>기존 포장재는 원자재 창고 A-01 선반에 별도 보관합니다.</p></blockquote>',
    place: 'F02',
    fromDays: 0,
    toDays: 10,
  },
  {
    title: '설 연휴 생산 일정 안내',
    contents: '<p>설 연휴 기간에는 전 라인 생산을 중단합니다. 연휴 전날 설비 전원 차단 여부를 확인해 주세요.</p>',
    place: null,
    fromDays: -40,
    toDays: -20,
  },
];
