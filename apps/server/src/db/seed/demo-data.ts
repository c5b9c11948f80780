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
    description: 'Production: 생산 계획·실적, BOM, 데이터 수집, 금형',
    grants: {
      production: ALL,
      bom: ALL,
      dataCollection: ALL,
      // Molds are the presses' tooling: production mounts and returns them.
      mold: ALL,
      baseinfo: VIEW,
      material: VIEW,
      report: VIEW,
      notice: VIEW,
      // Dashboards are each user's own: every role arranges its own.
      dashboard: ALL,
    },
  },
  {
    name: '창고',
    description: 'Warehouse: 자재 입출고, 출하, 제품 재고, 비품, 차량',
    // Spare parts and the delivery vehicles are the warehouse's: it sees their alerts on login.
    grants: {
      material: ALL,
      shipment: EDIT,
      prodStock: EDIT,
      equipmentManagement: ALL,
      vehicle: ALL,
      baseinfo: VIEW,
      notice: VIEW,
      dashboard: ALL,
    },
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
      // The test report is the quality staff's own document under the reports menu.
      inspectReport: ALL,
      baseinfo: VIEW,
      notice: VIEW,
      dashboard: ALL,
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
  op('op07', '한지민', 'F01-L01', 'DAY'),
  op('op08', '오세훈', 'F01-L02', 'NIGHT'),
  op('op09', '서유리', 'F01-L03', 'DAY'),
  op('op10', '임도현', 'F02-L01', 'NIGHT'),
  op('op11', '배수아', 'F01-L01', 'NIGHT'),
  op('op12', '신재원', 'F02', 'DAY'),
];

/** A shop-floor operator: no role, placed at a line (or a factory), with a shift and an employee number. */
function op(userId: string, username: string, place: string, shift: 'DAY' | 'NIGHT'): DemoUser {
  const n = userId.slice(2);
  return { userId, username, role: null, place, phone: `010-3456-20${n}`, ext: { shift, employeeNo: `E-20${n}` } };
}

/**
 * The workers (the worker screen, /production/worker): the operators on the lines of both factories, two or three a
 * line, each on the line they are placed at, and a new hire not yet assigned to a line (line null).
 */
export const DEMO_WORKERS: { user: string; line: string | null; description?: string }[] = [
  { user: 'op01', line: 'F01-L01', description: '사출기 셋업 담당' },
  { user: 'op07', line: 'F01-L01' },
  { user: 'op11', line: 'F01-L01', description: '야간조' },
  { user: 'op02', line: 'F01-L02', description: '야간조' },
  { user: 'op08', line: 'F01-L02', description: '야간조' },
  { user: 'op03', line: 'F01-L03', description: '조립 반장' },
  { user: 'op09', line: 'F01-L03' },
  { user: 'op04', line: 'F02-L01' },
  { user: 'op10', line: 'F02-L01', description: '야간조' },
  { user: 'op05', line: 'F02-L02', description: '포장 반장' },
  { user: 'op06', line: 'F02-L02', description: '야간조' },
  { user: 'op12', line: null, description: '신규 입사, 교육 중' },
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
      c('INSPECTION', '검사기', 'Inspection machine'),
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
  {
    table: 'biz_partners',
    field: 'paymentTerms',
    display: '결제 조건',
    type: 'list',
    data: {
      items: [
        { value: 'CASH', label: '현금' },
        { value: 'NET30', label: '월말 마감 30일' },
        { value: 'NET60', label: '월말 마감 60일' },
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

// ---------------------------------------------------------------------------------------------------------------
// Base information (issue 4): a small-appliance maker. Factory 1 injection-moulds the plastic parts (PP, ABS,
// PC/ABS, AS) and builds sub-assemblies; factory 2 assembles kettles, hair dryers, humidifiers and fans, tests and
// packs them. Everything refers to everything else by code.

export type ToolSpec = {
  code: string;
  name: string;
  type: string;
  /** Location code: a LINE or a WAREHOUSE (SPEC §5 placement). */
  place: string;
  /** userId of a demo user. */
  manager: string | null;
  specification: string;
  manufacturer: string;
  serialNo: string;
  installDate: string;
};

const tool = (
  code: string,
  name: string,
  type: string,
  place: string,
  manager: string | null,
  specification: string,
  manufacturer: string,
  installDate: string,
): ToolSpec => ({ code, name, type, place, manager, specification, manufacturer, serialNo: `SN-${code}`, installDate });

export const DEMO_TOOLS: ToolSpec[] = [
  tool(
    'INJ-101',
    '사출기 1호기',
    'INJECTION',
    'F01-L01',
    'op01',
    '형체력 280톤, 샷 중량 620g',
    'LS엠트론',
    '2019-03-15',
  ),
  tool(
    'INJ-102',
    '사출기 2호기',
    'INJECTION',
    'F01-L01',
    'op01',
    '형체력 280톤, 샷 중량 620g',
    'LS엠트론',
    '2019-03-15',
  ),
  tool(
    'INJ-103',
    '사출기 3호기',
    'INJECTION',
    'F01-L01',
    'prod01',
    '형체력 450톤, 샷 중량 1,350g',
    '우진플라임',
    '2021-06-01',
  ),
  tool(
    'INJ-201',
    '사출기 4호기',
    'INJECTION',
    'F01-L02',
    'op02',
    '형체력 180톤, 샷 중량 310g',
    '동신유압',
    '2018-09-10',
  ),
  tool(
    'INJ-202',
    '사출기 5호기',
    'INJECTION',
    'F01-L02',
    'op02',
    '형체력 180톤, 샷 중량 310g',
    '동신유압',
    '2018-09-10',
  ),
  tool(
    'INJ-203',
    '사출기 6호기',
    'INJECTION',
    'F01-L02',
    'op02',
    '형체력 350톤, 샷 중량 980g',
    '우진플라임',
    '2022-02-21',
  ),
  tool('TRM-201', '트리밍 프레스', 'PRESS', 'F01-L02', 'op02', '유압식 10톤, 게이트 절단', '화천기계', '2020-04-08'),
  tool(
    'VIS-201',
    '비전 검사기 1호',
    'INSPECTION',
    'F01-L02',
    'op02',
    '500만 화소 카메라 2대, 외관 검사',
    '코그넥스',
    '2023-01-12',
  ),
  tool(
    'ASM-301',
    '조립 컨베이어 1호',
    'ASSEMBLY',
    'F01-L03',
    'op03',
    '벨트 컨베이어 12m, 작업대 6개',
    '한국컨베이어',
    '2020-07-01',
  ),
  tool(
    'ASM-302',
    '스크류 체결기 1호',
    'ASSEMBLY',
    'F01-L03',
    'op03',
    '전동 드라이버 토크 0.5~3.0 N·m',
    '하이오스',
    '2020-07-01',
  ),
  tool('PRS-301', '모터 압입기', 'PRESS', 'F01-L03', 'op03', '서보 압입 2톤, 하중 모니터링', '화천기계', '2021-11-15'),
  tool(
    'INS-301',
    '기능 검사기 1호',
    'INSPECTION',
    'F01-L03',
    'op03',
    '모터 회전수·전류 측정',
    '세원계측',
    '2021-11-15',
  ),
  tool(
    'ASM-401',
    '조립 컨베이어 2호',
    'ASSEMBLY',
    'F02-L01',
    'op04',
    '벨트 컨베이어 18m, 작업대 8개',
    '한국컨베이어',
    '2022-05-02',
  ),
  tool('ASM-402', '스크류 체결기 2호', 'ASSEMBLY', 'F02-L01', 'op04', '다축 체결기 4축', '하이오스', '2022-05-02'),
  tool('ASM-403', '초음파 융착기', 'ASSEMBLY', 'F02-L01', 'op04', '20kHz, 출력 2,000W', '브랜슨', '2022-05-20'),
  tool(
    'INS-401',
    '내전압 검사기',
    'INSPECTION',
    'F02-L01',
    'op04',
    'AC 1,500V 1분, 누설전류 측정',
    '세원계측',
    '2022-05-20',
  ),
  tool(
    'INS-402',
    '기능 검사기 2호',
    'INSPECTION',
    'F02-L01',
    'op04',
    '소비전력·온도 상승 측정',
    '세원계측',
    '2022-06-10',
  ),
  tool('PKG-501', '자동 포장기', 'PACKING', 'F02-L02', 'op05', '단상자 자동 투입·실링', '삼화포장기계', '2023-03-01'),
  tool(
    'PKG-502',
    '자동 테이핑기',
    'PACKING',
    'F02-L02',
    'op06',
    '상하 동시 테이핑, 박스 폭 150~500mm',
    '삼화포장기계',
    '2023-03-01',
  ),
  tool(
    'PKG-503',
    '스트레치 랩핑기',
    'PACKING',
    'F02-L02',
    'op06',
    '팔레트 랩핑, 턴테이블 1,650mm',
    '대한랩핑',
    '2023-04-17',
  ),
  tool(
    'INS-501',
    '중량 검사기',
    'INSPECTION',
    'F02-L02',
    'op05',
    '체크웨이어 최대 10kg, 정밀도 ±2g',
    '카스',
    '2023-03-01',
  ),
  tool('RCK-101', '원자재 랙 A', 'RACK', 'F01-W01', 'wh01', '파렛트 랙 3단 4열', '대진랙', '2019-01-20'),
  tool('RCK-102', '원자재 랙 B', 'RACK', 'F01-W01', 'wh01', '파렛트 랙 3단 4열', '대진랙', '2019-01-20'),
  tool('RCK-201', '완제품 랙', 'RACK', 'F01-W02', 'wh01', '경량 랙 5단', '대진랙', '2019-01-20'),
  tool('RCK-301', '부자재 랙', 'RACK', 'F02-W01', 'wh01', '경량 랙 5단, 빈 박스 40개', '대진랙', '2022-04-11'),
  tool('RCK-401', '출하 대기 랙', 'RACK', 'F02-W02', 'wh01', '파렛트 랙 2단 6열', '대진랙', '2022-04-11'),
];

export type ToolInspectionSpec = {
  tool: string;
  /** Days relative to today. */
  day: number;
  inspector: string;
  content: string;
  result: 'PASS' | 'FAIL';
  /** Days relative to today, or none. */
  nextDay: number | null;
};

export const DEMO_TOOL_INSPECTIONS: ToolInspectionSpec[] = [
  {
    tool: 'INJ-101',
    day: -35,
    inspector: '김생산',
    content: '월간 정기 점검: 유압유 레벨, 히터 밴드, 형체 평행도',
    result: 'PASS',
    nextDay: -5,
  },
  {
    tool: 'INJ-101',
    day: -5,
    inspector: '김생산',
    content: '월간 정기 점검: 유압유 레벨, 노즐 누유 확인',
    result: 'PASS',
    nextDay: 25,
  },
  {
    tool: 'INJ-203',
    day: -12,
    inspector: '정수진',
    content: '실린더 3존 히터 밴드 단선, 교체 필요',
    result: 'FAIL',
    nextDay: -10,
  },
  {
    tool: 'INJ-203',
    day: -10,
    inspector: '정수진',
    content: '히터 밴드 교체 후 온도 편차 확인 (±2℃)',
    result: 'PASS',
    nextDay: 80,
  },
  { tool: 'PRS-301', day: -20, inspector: '강지훈', content: '로드셀 하중 교정', result: 'PASS', nextDay: 160 },
  {
    tool: 'INS-401',
    day: -60,
    inspector: '조은영',
    content: '외부 교정 기관 교정 (성적서 첨부)',
    result: 'PASS',
    nextDay: 305,
  },
  {
    tool: 'PKG-501',
    day: -3,
    inspector: '윤서준',
    content: '실링 바 온도 점검, 테프론 시트 교체',
    result: 'PASS',
    nextDay: 27,
  },
];

export type OperationSpec = {
  code: string;
  name: string;
  type: string;
  /** Seconds per unit. */
  standardTime: number | null;
  defectYn: boolean;
  description: string;
};

export const DEMO_OPERATIONS: OperationSpec[] = [
  {
    code: 'OP-010',
    name: '사출 성형',
    type: 'PROCESSING',
    standardTime: 35,
    defectYn: true,
    description: '수지 건조 후 사출 성형, 초품 검사 포함',
  },
  {
    code: 'OP-020',
    name: '트리밍',
    type: 'PROCESSING',
    standardTime: 8,
    defectYn: true,
    description: '게이트·버 제거',
  },
  {
    code: 'OP-030',
    name: '도장',
    type: 'OUTSOURCING',
    standardTime: null,
    defectYn: true,
    description: '외주 UV 도장 (미래도장)',
  },
  {
    code: 'OP-040',
    name: '서브 조립',
    type: 'ASSEMBLY',
    standardTime: 40,
    defectYn: true,
    description: '모터·진동자·커넥터 서브 조립',
  },
  {
    code: 'OP-050',
    name: '초음파 융착',
    type: 'ASSEMBLY',
    standardTime: 15,
    defectYn: true,
    description: '하우징 융착',
  },
  {
    code: 'OP-060',
    name: '본체 조립',
    type: 'ASSEMBLY',
    standardTime: 60,
    defectYn: true,
    description: '서브 조립품과 사출 부품 본체 조립',
  },
  {
    code: 'OP-070',
    name: '나사 체결',
    type: 'ASSEMBLY',
    standardTime: 20,
    defectYn: true,
    description: '토크 관리 나사 체결',
  },
  {
    code: 'OP-080',
    name: '모터 압입',
    type: 'ASSEMBLY',
    standardTime: 12,
    defectYn: true,
    description: '모터 축·팬 압입, 하중 기록',
  },
  {
    code: 'OP-090',
    name: '내전압 검사',
    type: 'INSPECTION',
    standardTime: 10,
    defectYn: true,
    description: 'AC 1,500V 1분 (전수)',
  },
  {
    code: 'OP-100',
    name: '기능 검사',
    type: 'INSPECTION',
    standardTime: 30,
    defectYn: true,
    description: '동작·소비전력·온도 상승 검사',
  },
  {
    code: 'OP-110',
    name: '외관 검사',
    type: 'INSPECTION',
    standardTime: 6,
    defectYn: true,
    description: '긁힘·미성형·색상 편차',
  },
  {
    code: 'OP-120',
    name: '포장',
    type: 'PACKAGING',
    standardTime: 18,
    defectYn: false,
    description: '단상자 포장 후 외박스 4입',
  },
  {
    code: 'OP-130',
    name: '출하 검사',
    type: 'INSPECTION',
    standardTime: 12,
    defectYn: true,
    description: '중량·라벨·구성품 확인',
  },
];

export type RouteSpec = {
  code: string;
  name: string;
  description: string;
  /** Operation codes in sequence, each with the line tool that usually runs it (null: outsourced). */
  opers: { op: string; tool: string | null }[];
};

/** OP-010 runs on the product's own injection machine (ProductSpec.machine); MACHINE marks that step. */
export const MACHINE = 'MACHINE';

export const DEMO_ROUTES: RouteSpec[] = [
  {
    code: 'RT-01',
    name: '사출 부품 공정',
    description: '사출 → 트리밍 → 외관 검사',
    opers: [
      { op: 'OP-010', tool: MACHINE },
      { op: 'OP-020', tool: 'TRM-201' },
      { op: 'OP-110', tool: 'VIS-201' },
    ],
  },
  {
    code: 'RT-02',
    name: '도장 사출 부품 공정',
    description: '사출 → 트리밍 → 외주 도장 → 외관 검사',
    opers: [
      { op: 'OP-010', tool: MACHINE },
      { op: 'OP-020', tool: 'TRM-201' },
      { op: 'OP-030', tool: null },
      { op: 'OP-110', tool: 'VIS-201' },
    ],
  },
  {
    code: 'RT-03',
    name: '서브 조립 공정',
    description: '서브 조립 → 모터 압입 → 기능 검사 (제1공장 조립 라인)',
    opers: [
      { op: 'OP-040', tool: 'ASM-301' },
      { op: 'OP-080', tool: 'PRS-301' },
      { op: 'OP-100', tool: 'INS-301' },
    ],
  },
  {
    code: 'RT-04',
    name: '가열 제품 조립 공정',
    description: '주전자·가습기: 본체 조립 → 나사 체결 → 내전압 → 기능 검사 → 포장 → 출하 검사',
    opers: [
      { op: 'OP-060', tool: 'ASM-401' },
      { op: 'OP-070', tool: 'ASM-402' },
      { op: 'OP-090', tool: 'INS-401' },
      { op: 'OP-100', tool: 'INS-402' },
      { op: 'OP-120', tool: 'PKG-501' },
      { op: 'OP-130', tool: 'INS-501' },
    ],
  },
  {
    code: 'RT-05',
    name: '회전 제품 조립 공정',
    description: '드라이어·선풍기: 본체 조립 → 초음파 융착 → 나사 체결 → 기능 검사 → 포장 → 출하 검사',
    opers: [
      { op: 'OP-060', tool: 'ASM-401' },
      { op: 'OP-050', tool: 'ASM-403' },
      { op: 'OP-070', tool: 'ASM-402' },
      { op: 'OP-100', tool: 'INS-402' },
      { op: 'OP-120', tool: 'PKG-501' },
      { op: 'OP-130', tool: 'INS-501' },
    ],
  },
];

export type ContactSpec = { name: string; department?: string; position?: string; phone?: string; email?: string };
export type PartnerSpec = {
  code: string;
  clientCode?: string;
  name: string;
  types: ('CUSTOMER' | 'SUPPLIER' | 'OUTSOURCER')[];
  bizRegNo: string;
  corpRegNo?: string;
  ceoName: string;
  phone: string;
  fax?: string;
  email: string;
  address: string;
  description?: string;
  paymentTerms?: 'CASH' | 'NET30' | 'NET60';
  contacts: ContactSpec[];
};

export const DEMO_PARTNERS: PartnerSpec[] = [
  {
    code: 'BP-C001',
    clientCode: 'HB-V0231',
    name: '(주)한빛가전',
    types: ['CUSTOMER'],
    bizRegNo: '124-81-23456',
    corpRegNo: '134811-0123456',
    ceoName: '김한빛',
    phone: '02-3456-7800',
    fax: '02-3456-7801',
    email: 'order@hanbit-appliance.example',
    address: '서울특별시 영등포구 여의대로 108',
    description: '주전자·가습기 OEM 주력 고객',
    paymentTerms: 'NET60',
    contacts: [
      {
        name: '이정민',
        department: '구매팀',
        position: '차장',
        phone: '010-4821-3301',
        email: 'jm.lee@hanbit-appliance.example',
      },
      {
        name: '박소영',
        department: '품질보증팀',
        position: '과장',
        phone: '010-7712-4410',
        email: 'sy.park@hanbit-appliance.example',
      },
    ],
  },
  {
    code: 'BP-C002',
    clientCode: 'HNM-55120',
    name: '하나마트유통(주)',
    types: ['CUSTOMER'],
    bizRegNo: '220-87-11223',
    corpRegNo: '110111-2345678',
    ceoName: '정하나',
    phone: '02-555-1200',
    email: 'md-home@hanamart.example',
    address: '서울특별시 송파구 올림픽로 300',
    paymentTerms: 'NET30',
    contacts: [
      {
        name: '최유리',
        department: '생활가전 MD',
        position: '대리',
        phone: '010-3398-2044',
        email: 'yuri.choi@hanamart.example',
      },
    ],
  },
  {
    code: 'BP-C003',
    clientCode: 'GHS-0087',
    name: '그린홈쇼핑',
    types: ['CUSTOMER'],
    bizRegNo: '215-86-54321',
    ceoName: '오민재',
    phone: '1588-7788',
    email: 'vendor@greenhome.example',
    address: '서울특별시 금천구 가산디지털1로 168',
    paymentTerms: 'NET30',
    contacts: [{ name: '한지수', department: 'TV홈쇼핑팀', position: 'PD', phone: '010-2277-9045' }],
  },
  {
    code: 'BP-C004',
    clientCode: 'SL-2024-019',
    name: '스마트리빙(주)',
    types: ['CUSTOMER'],
    bizRegNo: '314-81-77889',
    corpRegNo: '160111-0456789',
    ceoName: '유승호',
    phone: '042-864-2200',
    fax: '042-864-2201',
    email: 'scm@smartliving.example',
    address: '대전광역시 유성구 테크노2로 187',
    paymentTerms: 'NET60',
    contacts: [
      {
        name: '문경태',
        department: 'SCM팀',
        position: '부장',
        phone: '010-5530-1187',
        email: 'kt.moon@smartliving.example',
      },
    ],
  },
  {
    code: 'BP-C005',
    clientCode: 'DS-77310',
    name: '(주)대성전자',
    types: ['CUSTOMER', 'OUTSOURCER'],
    bizRegNo: '129-81-40506',
    corpRegNo: '131111-0098765',
    ceoName: '장대성',
    phone: '031-789-4500',
    fax: '031-789-4501',
    email: 'biz@daesung-elec.example',
    address: '경기도 성남시 중원구 둔촌대로 474',
    description: '선풍기 완제품 구매, 모터 권선 외주 가공',
    paymentTerms: 'NET30',
    contacts: [
      {
        name: '신동욱',
        department: '영업1팀',
        position: '과장',
        phone: '010-6645-2290',
        email: 'dw.shin@daesung-elec.example',
      },
      { name: '권미래', department: '생산관리팀', position: '대리', phone: '010-8831-0452' },
    ],
  },
  {
    code: 'BP-S001',
    name: '(주)한국케미칼',
    types: ['SUPPLIER'],
    bizRegNo: '610-81-12345',
    corpRegNo: '230111-0011223',
    ceoName: '윤석진',
    phone: '052-278-3300',
    fax: '052-278-3301',
    email: 'resin@kchem.example',
    address: '울산광역시 남구 용잠로 255',
    description: 'PP·ABS 수지 (25kg 포대)',
    paymentTerms: 'NET30',
    contacts: [
      {
        name: '배성훈',
        department: '수지영업팀',
        position: '과장',
        phone: '010-9012-3345',
        email: 'sh.bae@kchem.example',
      },
    ],
  },
  {
    code: 'BP-S002',
    name: '동양수지(주)',
    types: ['SUPPLIER'],
    bizRegNo: '135-86-22334',
    ceoName: '한동양',
    phone: '031-491-7700',
    email: 'sales@dongyang-resin.example',
    address: '경기도 안산시 단원구 산단로 63',
    description: 'PC·AS·TPE 수지',
    paymentTerms: 'NET30',
    contacts: [{ name: '서지원', department: '영업부', position: '대리', phone: '010-4402-1198' }],
  },
  {
    code: 'BP-S003',
    name: '대한컬러',
    types: ['SUPPLIER'],
    bizRegNo: '137-05-66778',
    ceoName: '남궁철',
    phone: '032-815-4420',
    email: 'mb@daehancolor.example',
    address: '인천광역시 남동구 남동대로 215',
    description: '마스터배치',
    paymentTerms: 'CASH',
    contacts: [{ name: '남궁현', position: '실장', phone: '010-3381-7720' }],
  },
  {
    code: 'BP-S004',
    name: '성진볼트',
    types: ['SUPPLIER'],
    bizRegNo: '514-12-34567',
    ceoName: '조성진',
    phone: '053-592-1100',
    fax: '053-592-1101',
    email: 'order@sjbolt.example',
    address: '대구광역시 달서구 성서공단로 11',
    description: '나사·볼트류',
    paymentTerms: 'CASH',
    contacts: [{ name: '조민호', department: '영업', position: '주임', phone: '010-2234-5567' }],
  },
  {
    code: 'BP-S005',
    name: '(주)우성스프링',
    types: ['SUPPLIER'],
    bizRegNo: '123-81-98765',
    corpRegNo: '124611-0345678',
    ceoName: '이우성',
    phone: '031-432-8800',
    email: 'sales@woosung-spring.example',
    address: '경기도 시흥시 공단1대로 204',
    description: '스프링, 실리콘 패킹, 고무 부품',
    paymentTerms: 'NET30',
    contacts: [
      {
        name: '김태희',
        department: '영업팀',
        position: '사원',
        phone: '010-7789-0012',
        email: 'th.kim@woosung-spring.example',
      },
    ],
  },
  {
    code: 'BP-S006',
    name: '대영전선(주)',
    types: ['SUPPLIER'],
    bizRegNo: '301-81-45678',
    corpRegNo: '150111-0567890',
    ceoName: '박대영',
    phone: '043-270-5500',
    fax: '043-270-5501',
    email: 'cord@daeyoung-wire.example',
    address: '충청북도 청주시 흥덕구 직지대로 436',
    description: '전원 코드, 커넥터',
    paymentTerms: 'NET30',
    contacts: [{ name: '임수빈', department: '국내영업팀', position: '대리', phone: '010-6623-4478' }],
  },
  {
    code: 'BP-S007',
    name: '(주)태광모터',
    types: ['SUPPLIER', 'OUTSOURCER'],
    bizRegNo: '608-81-23344',
    corpRegNo: '194211-0234567',
    ceoName: '강태광',
    phone: '055-285-6600',
    fax: '055-285-6601',
    email: 'motor@tkmotor.example',
    address: '경상남도 창원시 성산구 공단로 271',
    description: '모터·히터 공급, 모터 조립 외주',
    paymentTerms: 'NET60',
    contacts: [
      {
        name: '강민석',
        department: '영업팀',
        position: '부장',
        phone: '010-1123-9987',
        email: 'ms.kang@tkmotor.example',
      },
      { name: '이하은', department: '품질팀', position: '사원', phone: '010-5567-3321' },
    ],
  },
  {
    code: 'BP-S008',
    name: '세원전자',
    types: ['SUPPLIER', 'OUTSOURCER'],
    bizRegNo: '402-16-55667',
    ceoName: '송세원',
    phone: '063-214-3300',
    email: 'pcb@sewon-elec.example',
    address: '전북특별자치도 전주시 덕진구 팔과정로 113',
    description: 'PCB·진동자·LED 공급, SMT 외주',
    paymentTerms: 'NET30',
    contacts: [
      {
        name: '송유진',
        department: '영업',
        position: '과장',
        phone: '010-8890-2234',
        email: 'yj.song@sewon-elec.example',
      },
    ],
  },
  {
    code: 'BP-S009',
    name: '(주)삼화포장',
    types: ['SUPPLIER'],
    bizRegNo: '126-81-11122',
    corpRegNo: '135011-0678901',
    ceoName: '문삼화',
    phone: '031-634-2200',
    fax: '031-634-2201',
    email: 'box@samhwa-pack.example',
    address: '경기도 이천시 부발읍 황무로 1960',
    description: '단상자, 외박스, 완충재, 폴리백, 인쇄물',
    paymentTerms: 'NET30',
    contacts: [
      {
        name: '유재석',
        department: '영업부',
        position: '차장',
        phone: '010-2019-3345',
        email: 'js.yoo@samhwa-pack.example',
      },
    ],
  },
  {
    code: 'BP-O001',
    name: '미래도장',
    types: ['OUTSOURCER'],
    bizRegNo: '138-09-87654',
    ceoName: '고미래',
    phone: '031-355-1234',
    email: 'paint@mirae-coating.example',
    address: '경기도 화성시 향남읍 제약단지로 52',
    description: '사출품 UV 도장 외주',
    paymentTerms: 'CASH',
    contacts: [{ name: '고은비', position: '실장', phone: '010-4456-7789' }],
  },
  {
    code: 'BP-O002',
    name: '정밀금형',
    types: ['OUTSOURCER'],
    bizRegNo: '143-12-24680',
    ceoName: '백정밀',
    phone: '031-8059-4400',
    email: 'mold@jm-mold.example',
    address: '경기도 화성시 팔탄면 서해로 1012',
    description: '금형 수리·보수 외주',
    paymentTerms: 'NET30',
    contacts: [{ name: '백승우', department: '금형부', position: '팀장', phone: '010-3341-5562' }],
  },
];

export type MaterialSpec = {
  code: string;
  name: string;
  type: 'RAW' | 'SUB' | 'PACKAGING';
  specification: string;
  unit: string;
  safetyStock: number;
  /** Code of a SUPPLIER partner. */
  supplier: string;
  /** Days from manufacture to expiry (resins and food-contact parts): receipts propose their expiry from it. */
  shelfLifeDays?: number;
};

const mat = (
  code: string,
  name: string,
  type: MaterialSpec['type'],
  specification: string,
  unit: string,
  safetyStock: number,
  supplier: string,
): MaterialSpec => ({ code, name, type, specification, unit, safetyStock, supplier });

export const DEMO_MATERIALS: MaterialSpec[] = [
  mat('RM-001', 'PP 수지 (화이트)', 'RAW', '호모 PP, MI 12, 25kg 포대', 'KG', 1500, 'BP-S001'),
  mat('RM-002', 'PP 수지 (블랙)', 'RAW', '호모 PP, MI 12, 25kg 포대', 'KG', 800, 'BP-S001'),
  mat('RM-003', 'ABS 수지 (화이트)', 'RAW', '내열 ABS, 25kg 포대', 'KG', 1200, 'BP-S001'),
  mat('RM-004', 'ABS 수지 (그레이)', 'RAW', '범용 ABS, 25kg 포대', 'KG', 500, 'BP-S001'),
  mat('RM-005', 'PC/ABS 수지 (블랙)', 'RAW', '난연 V-0, 25kg 포대', 'KG', 600, 'BP-S002'),
  mat('RM-006', 'AS 수지 (투명)', 'RAW', 'SAN, 투명, 25kg 포대', 'KG', 900, 'BP-S002'),
  mat('RM-007', 'PC 수지 (투명)', 'RAW', '광학용 PC, 25kg 포대', 'KG', 200, 'BP-S002'),
  { ...mat('RM-008', '마스터배치 (화이트)', 'RAW', 'TiO2 50%, 20kg', 'KG', 60, 'BP-S003'), shelfLifeDays: 365 },
  { ...mat('RM-009', '마스터배치 (블루)', 'RAW', '프탈로 블루, 20kg', 'KG', 20, 'BP-S003'), shelfLifeDays: 365 },
  { ...mat('RM-010', 'TPE 수지 (블랙)', 'RAW', '쇼어 A 60, 미끄럼 방지', 'KG', 100, 'BP-S002'), shelfLifeDays: 730 },
  mat('SM-001', '나사 M3×8', 'SUB', '십자 냄비머리, 아연 도금', 'EA', 20000, 'BP-S004'),
  mat('SM-002', '나사 M4×12', 'SUB', '십자 냄비머리, 아연 도금', 'EA', 10000, 'BP-S004'),
  mat('SM-003', '태핑나사 3×10', 'SUB', '1종 태핑, 니켈 도금', 'EA', 20000, 'BP-S004'),
  mat('SM-004', '뚜껑 개폐 스프링', 'SUB', 'SUS304, 선경 0.8mm', 'EA', 3000, 'BP-S005'),
  mat('SM-005', '스위치 복귀 스프링', 'SUB', 'SWP-A, 선경 0.4mm', 'EA', 3000, 'BP-S005'),
  { ...mat('SM-006', '실리콘 패킹 (주전자)', 'SUB', '식품용 실리콘, Ø160', 'EA', 2000, 'BP-S005'), shelfLifeDays: 540 },
  mat('SM-007', '전원 코드 1.2m', 'SUB', '2P, 0.75SQ, KC 인증', 'EA', 2000, 'BP-S006'),
  mat('SM-008', '전원 코드 1.8m', 'SUB', '2P, 1.0SQ, KC 인증', 'EA', 2000, 'BP-S006'),
  mat('SM-009', '360도 전원 커넥터', 'SUB', '10A 250V, 주전자 베이스용', 'EA', 1500, 'BP-S006'),
  mat('SM-010', '히팅 플레이트 1.7kW', 'SUB', '스테인리스, 220V 1,700W', 'EA', 1000, 'BP-S007'),
  mat('SM-011', '히팅 플레이트 1.0kW', 'SUB', '스테인리스, 220V 1,000W', 'EA', 600, 'BP-S007'),
  mat('SM-012', 'DC 모터 (드라이어)', 'SUB', '18V, 20,000rpm', 'EA', 800, 'BP-S007'),
  mat('SM-013', '니크롬 히터 1,800W', 'SUB', '마이카 권선형', 'EA', 800, 'BP-S007'),
  mat('SM-014', '니크롬 히터 1,200W', 'SUB', '마이카 권선형', 'EA', 500, 'BP-S007'),
  mat('SM-015', '초음파 진동자', 'SUB', '1.7MHz, Ø20', 'EA', 1000, 'BP-S008'),
  mat('SM-016', '가습기 제어 PCB', 'SUB', 'FR-4, 무드등 단자 포함', 'EA', 1000, 'BP-S008'),
  mat('SM-017', 'AC 모터 9인치용', 'SUB', '220V 25W, 콘덴서 내장', 'EA', 600, 'BP-S007'),
  mat('SM-018', 'AC 모터 14인치용', 'SUB', '220V 45W, 콘덴서 내장', 'EA', 600, 'BP-S007'),
  mat('SM-019', '로커 스위치', 'SUB', '3단, 6A 250V', 'EA', 3000, 'BP-S008'),
  mat('SM-020', '온도 퓨즈', 'SUB', '152℃, 10A', 'EA', 3000, 'BP-S008'),
  mat('SM-021', 'LED 무드등 모듈', 'SUB', 'RGB 3색, 5V', 'EA', 500, 'BP-S008'),
  mat('SM-022', '고무 발', 'SUB', 'NBR, Ø12', 'EA', 8000, 'BP-S005'),
  mat('SM-023', '정격 라벨', 'SUB', 'PET 은무지, 40×25', 'EA', 10000, 'BP-S009'),
  mat('PM-001', '단상자 (주전자)', 'PACKAGING', 'SC 마닐라 4도 인쇄, 230×190×250', 'EA', 2000, 'BP-S009'),
  mat('PM-002', '단상자 (드라이어)', 'PACKAGING', 'SC 마닐라 4도 인쇄, 280×110×230', 'EA', 2000, 'BP-S009'),
  mat('PM-003', '단상자 (가습기)', 'PACKAGING', 'SC 마닐라 4도 인쇄, 220×220×330', 'EA', 1500, 'BP-S009'),
  mat('PM-004', '단상자 (선풍기 소형)', 'PACKAGING', 'B골 골판지, 300×180×330', 'EA', 1000, 'BP-S009'),
  mat('PM-005', '단상자 (선풍기 대형)', 'PACKAGING', 'B골 골판지, 450×200×600', 'EA', 800, 'BP-S009'),
  mat('PM-006', 'EPS 완충재', 'PACKAGING', '상하 1조', 'SET', 3000, 'BP-S009'),
  mat('PM-007', 'PE 폴리백', 'PACKAGING', 'LDPE 0.05t, 400×500', 'EA', 5000, 'BP-S009'),
  mat('PM-008', '사용설명서', 'PACKAGING', 'A5 중철 16p, 국영문', 'EA', 5000, 'BP-S009'),
  mat('PM-009', '외박스 (4입)', 'PACKAGING', 'AB골 골판지, 무지 1도', 'BOX', 1000, 'BP-S009'),
  mat('PM-010', 'OPP 테이프', 'PACKAGING', '투명 48mm', 'M', 5000, 'BP-S009'),
];

export type ProductSpec = {
  code: string;
  name: string;
  type: 'FINISHED' | 'SEMI';
  specification: string;
  unit: string;
  route: string;
  /** The injection machine of OP-010 (routes RT-01/RT-02) and its moulding cycle time in seconds. */
  machine?: string;
  cycle?: number;
  lotQty: number;
  packQty: number | null;
  safetyStock: number;
  /**
   * Days a lot keeps from its production day (its expiry = production day + this), for the food-contact products:
   * kettles a year and humidifiers half a year (silicone packing, water tank coating); their moulded food-contact
   * parts are to be assembled within 90 days (kettle bodies) or 30 days (water tanks). The rest do not expire.
   */
  shelfLifeDays?: number;
};

const semi = (
  code: string,
  name: string,
  specification: string,
  route: string,
  lotQty: number,
  safetyStock: number,
  machine?: string,
  cycle?: number,
): ProductSpec => ({
  code,
  name,
  type: 'SEMI',
  specification,
  unit: 'EA',
  route,
  machine,
  cycle,
  lotQty,
  packQty: null,
  safetyStock,
});
const fin = (code: string, name: string, specification: string, route: string, safetyStock: number): ProductSpec => ({
  code,
  name,
  type: 'FINISHED',
  specification,
  unit: 'EA',
  route,
  lotQty: 500,
  packQty: 4,
  safetyStock,
});

export const DEMO_PRODUCTS: ProductSpec[] = [
  { ...fin('FG-1001', '전기 주전자 1.7L', 'EK-170, 220V 1,700W, 화이트', 'RT-04', 300), shelfLifeDays: 365 },
  { ...fin('FG-1002', '전기 주전자 1.0L', 'EK-100, 220V 1,000W, 화이트', 'RT-04', 200), shelfLifeDays: 365 },
  fin('FG-2001', '헤어드라이어 1800W', 'HD-1800, 3단 풍량, 블랙', 'RT-05', 300),
  fin('FG-2002', '헤어드라이어 미니 1200W', 'HD-1200M, 접이식, 블랙', 'RT-05', 150),
  { ...fin('FG-3001', '초음파 가습기 3L', 'UH-300, 분무량 250ml/h', 'RT-04', 200), shelfLifeDays: 180 },
  { ...fin('FG-3002', '초음파 가습기 5L', 'UH-500, 분무량 350ml/h', 'RT-04', 150), shelfLifeDays: 180 },
  { ...fin('FG-3003', '초음파 가습기 3L 무드등', 'UH-300L, RGB 무드등', 'RT-04', 100), shelfLifeDays: 180 },
  fin('FG-4001', '탁상용 선풍기 9인치', 'DF-09, 3단 풍량', 'RT-05', 200),
  fin('FG-4002', '스탠드 선풍기 14인치', 'SF-14, 높이 조절, 회전', 'RT-05', 200),
  fin('FG-4003', '벽걸이 선풍기 14인치', 'WF-14, 줄 스위치', 'RT-05', 100),
  {
    ...semi('SA-1101', '주전자 몸체 1.7L', 'PP 화이트, 2캐비티', 'RT-01', 1000, 400, 'INJ-103', 42),
    shelfLifeDays: 90,
  },
  {
    ...semi('SA-1102', '주전자 몸체 1.0L', 'PP 화이트, 2캐비티', 'RT-01', 1000, 300, 'INJ-103', 38),
    shelfLifeDays: 90,
  },
  semi('SA-1103', '주전자 뚜껑', 'PP 화이트, 4캐비티', 'RT-01', 2000, 600, 'INJ-101', 24),
  semi('SA-1104', '주전자 손잡이', 'PP 화이트 + TPE 이중 사출', 'RT-01', 2000, 600, 'INJ-102', 30),
  semi('SA-1110', '주전자 전원 베이스 ASSY', '커넥터·코드 조립품', 'RT-03', 1000, 300),
  semi('SA-1111', '주전자 베이스 하우징', 'PP 블랙, 2캐비티', 'RT-01', 2000, 500, 'INJ-201', 26),
  semi('SA-2101', '드라이어 하우징 세트', 'PC/ABS 블랙, 좌우 1조, UV 도장', 'RT-02', 1000, 400, 'INJ-202', 36),
  semi('SA-2102', '드라이어 노즐', 'PC 투명', 'RT-01', 2000, 500, 'INJ-201', 22),
  semi('SA-2110', '드라이어 모터·팬 ASSY', 'DC 모터 + 팬 압입', 'RT-03', 1000, 300),
  semi('SA-2111', '드라이어 팬', 'ABS 화이트, 8캐비티', 'RT-01', 4000, 800, 'INJ-202', 18),
  { ...semi('SA-3101', '가습기 물통 3L', 'AS 투명', 'RT-01', 1000, 300, 'INJ-203', 40), shelfLifeDays: 30 },
  { ...semi('SA-3102', '가습기 물통 5L', 'AS 투명', 'RT-01', 1000, 200, 'INJ-103', 48), shelfLifeDays: 30 },
  semi('SA-3103', '가습기 본체 하우징', 'ABS 화이트 + 블루 포인트', 'RT-01', 1000, 300, 'INJ-203', 44),
  semi('SA-3110', '가습기 진동자 ASSY', '진동자 + 제어 PCB', 'RT-03', 1000, 300),
  semi('SA-3111', '진동자 브래킷', 'ABS 화이트, 4캐비티', 'RT-01', 4000, 800, 'INJ-201', 20),
  semi('SA-4101', '선풍기 날개 9인치', 'AS 투명, 5엽', 'RT-01', 2000, 400, 'INJ-101', 28),
  semi('SA-4102', '선풍기 날개 14인치', 'AS 투명, 5엽', 'RT-01', 2000, 400, 'INJ-102', 34),
  semi('SA-4103', '선풍기 가드', 'PP 블랙, 앞·뒤 공용', 'RT-01', 2000, 600, 'INJ-203', 38),
  semi('SA-4110', '선풍기 모터 ASSY 9인치', 'AC 25W + 모터 커버', 'RT-03', 1000, 300),
  semi('SA-4111', '선풍기 모터 커버', 'ABS 그레이, 2캐비티', 'RT-01', 2000, 500, 'INJ-202', 27),
  semi('SA-4112', '선풍기 모터 ASSY 14인치', 'AC 45W + 모터 커버', 'RT-03', 1000, 300),
];

export type BomLineSpec = {
  /** A product code (SA-…/FG-…) or a material code (RM-/SM-/PM-…). */
  child: string;
  qty: number;
  /** Percent. */
  lossRate?: number;
};

/** Per parent product code, its direct children. Finished → sub-assembly → moulded part → resin: 3 levels. */
export const DEMO_BOMS: Record<string, BomLineSpec[]> = {
  'FG-1001': [
    { child: 'SA-1101', qty: 1 },
    { child: 'SA-1103', qty: 1 },
    { child: 'SA-1104', qty: 1 },
    { child: 'SA-1110', qty: 1 },
    { child: 'SM-010', qty: 1 },
    { child: 'SM-006', qty: 1, lossRate: 1 },
    { child: 'SM-020', qty: 1 },
    { child: 'SM-001', qty: 6, lossRate: 2 },
    { child: 'SM-023', qty: 1, lossRate: 1 },
    { child: 'PM-001', qty: 1 },
    { child: 'PM-006', qty: 1 },
    { child: 'PM-007', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'FG-1002': [
    { child: 'SA-1102', qty: 1 },
    { child: 'SA-1103', qty: 1 },
    { child: 'SA-1104', qty: 1 },
    { child: 'SA-1110', qty: 1 },
    { child: 'SM-011', qty: 1 },
    { child: 'SM-006', qty: 1, lossRate: 1 },
    { child: 'SM-020', qty: 1 },
    { child: 'SM-001', qty: 6, lossRate: 2 },
    { child: 'SM-023', qty: 1, lossRate: 1 },
    { child: 'PM-001', qty: 1 },
    { child: 'PM-006', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'SA-1101': [
    { child: 'RM-001', qty: 0.42, lossRate: 3 },
    { child: 'RM-008', qty: 0.008, lossRate: 3 },
  ],
  'SA-1102': [
    { child: 'RM-001', qty: 0.31, lossRate: 3 },
    { child: 'RM-008', qty: 0.006, lossRate: 3 },
  ],
  'SA-1103': [
    { child: 'RM-001', qty: 0.08, lossRate: 3 },
    { child: 'SM-004', qty: 1 },
  ],
  'SA-1104': [
    { child: 'RM-001', qty: 0.06, lossRate: 3 },
    { child: 'RM-010', qty: 0.012, lossRate: 5 },
  ],
  'SA-1110': [
    { child: 'SA-1111', qty: 1 },
    { child: 'SM-009', qty: 1 },
    { child: 'SM-007', qty: 1 },
    { child: 'SM-003', qty: 3, lossRate: 2 },
  ],
  'SA-1111': [{ child: 'RM-002', qty: 0.12, lossRate: 3 }],
  'FG-2001': [
    { child: 'SA-2101', qty: 1 },
    { child: 'SA-2102', qty: 1 },
    { child: 'SA-2110', qty: 1 },
    { child: 'SM-013', qty: 1 },
    { child: 'SM-008', qty: 1 },
    { child: 'SM-019', qty: 1 },
    { child: 'SM-005', qty: 1 },
    { child: 'SM-020', qty: 1 },
    { child: 'SM-001', qty: 4, lossRate: 2 },
    { child: 'PM-002', qty: 1 },
    { child: 'PM-007', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'FG-2002': [
    { child: 'SA-2101', qty: 1 },
    { child: 'SA-2102', qty: 1 },
    { child: 'SA-2110', qty: 1 },
    { child: 'SM-014', qty: 1 },
    { child: 'SM-007', qty: 1 },
    { child: 'SM-019', qty: 1 },
    { child: 'SM-020', qty: 1 },
    { child: 'SM-001', qty: 4, lossRate: 2 },
    { child: 'PM-002', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'SA-2101': [{ child: 'RM-005', qty: 0.18, lossRate: 4 }],
  'SA-2102': [{ child: 'RM-007', qty: 0.03, lossRate: 3 }],
  'SA-2110': [
    { child: 'SA-2111', qty: 1 },
    { child: 'SM-012', qty: 1 },
    { child: 'SM-002', qty: 2, lossRate: 2 },
  ],
  'SA-2111': [{ child: 'RM-003', qty: 0.02, lossRate: 5 }],
  'FG-3001': [
    { child: 'SA-3101', qty: 1 },
    { child: 'SA-3103', qty: 1 },
    { child: 'SA-3110', qty: 1 },
    { child: 'SM-007', qty: 1 },
    { child: 'SM-022', qty: 4, lossRate: 1 },
    { child: 'SM-003', qty: 4, lossRate: 2 },
    { child: 'SM-023', qty: 1, lossRate: 1 },
    { child: 'PM-003', qty: 1 },
    { child: 'PM-006', qty: 1 },
    { child: 'PM-007', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'FG-3002': [
    { child: 'SA-3102', qty: 1 },
    { child: 'SA-3103', qty: 1 },
    { child: 'SA-3110', qty: 1 },
    { child: 'SM-007', qty: 1 },
    { child: 'SM-022', qty: 4, lossRate: 1 },
    { child: 'SM-003', qty: 4, lossRate: 2 },
    { child: 'SM-023', qty: 1, lossRate: 1 },
    { child: 'PM-003', qty: 1 },
    { child: 'PM-006', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'FG-3003': [
    { child: 'SA-3101', qty: 1 },
    { child: 'SA-3103', qty: 1 },
    { child: 'SA-3110', qty: 1 },
    { child: 'SM-021', qty: 1 },
    { child: 'SM-007', qty: 1 },
    { child: 'SM-022', qty: 4, lossRate: 1 },
    { child: 'SM-003', qty: 6, lossRate: 2 },
    { child: 'PM-003', qty: 1 },
    { child: 'PM-006', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'SA-3101': [{ child: 'RM-006', qty: 0.35, lossRate: 3 }],
  'SA-3102': [{ child: 'RM-006', qty: 0.5, lossRate: 3 }],
  'SA-3103': [
    { child: 'RM-003', qty: 0.4, lossRate: 3 },
    { child: 'RM-009', qty: 0.004, lossRate: 3 },
  ],
  'SA-3110': [
    { child: 'SA-3111', qty: 1 },
    { child: 'SM-015', qty: 1 },
    { child: 'SM-016', qty: 1 },
    { child: 'SM-003', qty: 2, lossRate: 2 },
  ],
  'SA-3111': [{ child: 'RM-003', qty: 0.03, lossRate: 5 }],
  'FG-4001': [
    { child: 'SA-4101', qty: 1 },
    { child: 'SA-4103', qty: 2 },
    { child: 'SA-4110', qty: 1 },
    { child: 'SM-019', qty: 1 },
    { child: 'SM-007', qty: 1 },
    { child: 'SM-022', qty: 4, lossRate: 1 },
    { child: 'SM-001', qty: 8, lossRate: 2 },
    { child: 'PM-004', qty: 1 },
    { child: 'PM-006', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'FG-4002': [
    { child: 'SA-4102', qty: 1 },
    { child: 'SA-4103', qty: 2 },
    { child: 'SA-4112', qty: 1 },
    { child: 'SM-019', qty: 1 },
    { child: 'SM-008', qty: 1 },
    { child: 'SM-001', qty: 10, lossRate: 2 },
    { child: 'PM-005', qty: 1 },
    { child: 'PM-006', qty: 2 },
    { child: 'PM-008', qty: 1 },
  ],
  'FG-4003': [
    { child: 'SA-4102', qty: 1 },
    { child: 'SA-4103', qty: 2 },
    { child: 'SA-4112', qty: 1 },
    { child: 'SM-008', qty: 1 },
    { child: 'SM-002', qty: 4, lossRate: 2 },
    { child: 'PM-005', qty: 1 },
    { child: 'PM-008', qty: 1 },
  ],
  'SA-4101': [{ child: 'RM-006', qty: 0.09, lossRate: 3 }],
  'SA-4102': [{ child: 'RM-006', qty: 0.2, lossRate: 3 }],
  'SA-4103': [{ child: 'RM-002', qty: 0.15, lossRate: 3 }],
  'SA-4110': [
    { child: 'SA-4111', qty: 1 },
    { child: 'SM-017', qty: 1 },
    { child: 'SM-002', qty: 4, lossRate: 2 },
  ],
  'SA-4111': [{ child: 'RM-004', qty: 0.08, lossRate: 3 }],
  'SA-4112': [
    { child: 'SA-4111', qty: 1 },
    { child: 'SM-018', qty: 1 },
    { child: 'SM-002', qty: 4, lossRate: 2 },
  ],
};

export type ParameterSpec = {
  code: string;
  name: string;
  unit: string;
  lowerLimit: number;
  upperLimit: number;
  target: number;
  /** Seconds between samples. */
  sampleInterval: number;
};

const INJECTION_PARAMETERS: ParameterSpec[] = [
  {
    code: 'BARREL_TEMP',
    name: '실린더 온도',
    unit: '℃',
    lowerLimit: 200,
    upperLimit: 240,
    target: 220,
    sampleInterval: 10,
  },
  { code: 'MOLD_TEMP', name: '금형 온도', unit: '℃', lowerLimit: 40, upperLimit: 80, target: 60, sampleInterval: 10 },
  {
    code: 'INJ_PRESSURE',
    name: '사출 압력',
    unit: 'bar',
    lowerLimit: 800,
    upperLimit: 1200,
    target: 1000,
    sampleInterval: 5,
  },
  {
    code: 'HOLD_PRESSURE',
    name: '보압',
    unit: 'bar',
    lowerLimit: 400,
    upperLimit: 700,
    target: 550,
    sampleInterval: 5,
  },
  {
    code: 'CYCLE_TIME',
    name: '사이클 타임',
    unit: 's',
    lowerLimit: 18,
    upperLimit: 50,
    target: 35,
    sampleInterval: 30,
  },
];

/** Per tool code, the signals the machine sends (data collection). */
export const DEMO_PARAMETERS: Record<string, ParameterSpec[]> = {
  'INJ-101': INJECTION_PARAMETERS,
  'INJ-103': INJECTION_PARAMETERS,
  'INJ-201': INJECTION_PARAMETERS.slice(0, 3),
  'INJ-203': INJECTION_PARAMETERS,
  'ASM-403': [
    {
      code: 'WELD_ENERGY',
      name: '융착 에너지',
      unit: 'J',
      lowerLimit: 180,
      upperLimit: 260,
      target: 220,
      sampleInterval: 5,
    },
    {
      code: 'WELD_DEPTH',
      name: '융착 깊이',
      unit: 'mm',
      lowerLimit: 0.3,
      upperLimit: 0.6,
      target: 0.45,
      sampleInterval: 5,
    },
  ],
  'INS-401': [
    {
      code: 'TEST_VOLTAGE',
      name: '시험 전압',
      unit: 'V',
      lowerLimit: 1450,
      upperLimit: 1550,
      target: 1500,
      sampleInterval: 1,
    },
    { code: 'LEAK_CURRENT', name: '누설 전류', unit: 'mA', lowerLimit: 0, upperLimit: 5, target: 1, sampleInterval: 1 },
  ],
  'PKG-501': [
    {
      code: 'SEAL_TEMP',
      name: '실링 온도',
      unit: '℃',
      lowerLimit: 150,
      upperLimit: 190,
      target: 170,
      sampleInterval: 15,
    },
  ],
};
