import type { Locale } from './constants.ts';
import { CHAT_MESSAGES } from './chat/chat.messages.ts';
import { CLAIM_MESSAGES } from './claim/claim.messages.ts';
import { DASHBOARD_MESSAGES } from './dashboard/dashboard.messages.ts';
import { KPI_MESSAGES } from './kpi-report/kpi-report.messages.ts';
import { HACCP_MESSAGES } from './haccp/haccp.messages.ts';
import { SANITATION_MESSAGES } from './haccp/sanitation.messages.ts';
import { VISUAL_MESSAGES } from './haccp/visual.messages.ts';
import { EQUIPMENT_MESSAGES } from './equipment/equipment.messages.ts';
import { MOLD_MESSAGES } from './mold/mold.messages.ts';
import { RECORD_MESSAGES } from './record/record.messages.ts';
import { REPORT_DOCUMENT_MESSAGES } from './inspection-report/report-documents.messages.ts';
import { MEASUREMENT_MESSAGES } from './measurement-result/measurement-result.messages.ts';
import { QUALITY_MESSAGES } from './quality/quality.messages.ts';
import { SPC_MESSAGES } from './spc/spc.messages.ts';
import { VEHICLE_MESSAGES } from './vehicle/vehicle.messages.ts';

// Validation messages of SPEC §5 in both languages. A rule's zod issue carries `key` or `key {json params}`;
// translateMessage() turns it into text on either side, so server 400s and web forms say the same thing.
export const RULE_MESSAGES = {
  ...QUALITY_MESSAGES,
  ...SPC_MESSAGES,
  ...CLAIM_MESSAGES,
  ...CHAT_MESSAGES,
  ...KPI_MESSAGES,
  ...HACCP_MESSAGES,
  ...SANITATION_MESSAGES,
  ...VISUAL_MESSAGES,
  ...EQUIPMENT_MESSAGES,
  ...MOLD_MESSAGES,
  ...RECORD_MESSAGES,
  ...REPORT_DOCUMENT_MESSAGES,
  ...MEASUREMENT_MESSAGES,
  ...VEHICLE_MESSAGES,
  ...DASHBOARD_MESSAGES,
  required: { kr: '필수 입력 항목입니다.', en: 'This field is required.' },
  email: { kr: '올바른 이메일 형식이 아닙니다.', en: 'Invalid email format.' },
  minLength: { kr: '{min}자 이상 입력하세요.', en: 'Enter at least {min} characters.' },
  maxLength: { kr: '{max}자 이하로 입력하세요.', en: 'Enter at most {max} characters.' },
  pattern: { kr: '형식이 올바르지 않습니다.', en: 'Invalid format.' },
  dateRange: { kr: '기간은 "시작일 ~ 종료일" 형식이어야 합니다.', en: 'A period must be two dates separated by ~.' },
  min: { kr: '{min} 이상이어야 합니다.', en: 'Must be at least {min}.' },
  max: { kr: '{max} 이하여야 합니다.', en: 'Must be at most {max}.' },
  between: { kr: '{min}에서 {max} 사이여야 합니다.', en: 'Must be between {min} and {max}.' },
  realNumber: { kr: '숫자를 입력하세요.', en: 'Enter a number.' },
  datetime: { kr: 'yyyy-MM-dd HH:mm 형식으로 입력하세요.', en: 'Use the format yyyy-MM-dd HH:mm.' },
  date: { kr: 'yyyy-MM-dd 형식으로 입력하세요.', en: 'Use the format yyyy-MM-dd.' },
  decimal: {
    kr: '정수 {int}자리, 소수점 이하 {scale}자리까지 입력할 수 있습니다.',
    en: 'Up to {int} integer digits and {scale} decimal places.',
  },
  integerDigits: { kr: '{digits}자리 이하의 정수를 입력하세요.', en: 'Enter an integer of at most {digits} digits.' },
  url: { kr: '올바른 URL 형식이 아닙니다.', en: 'Invalid URL.' },
  phone: { kr: '숫자, "-", ";" 만 입력할 수 있습니다.', en: 'Only digits, "-" and ";" are allowed.' },
  bizRegNo: {
    kr: '사업자등록번호 형식(XXX-XX-XXXXX)이 아닙니다.',
    en: 'Business registration number must be XXX-XX-XXXXX.',
  },
  corpRegNo: {
    kr: '법인등록번호 형식(XXXXXX-XXXXXXX)이 아닙니다.',
    en: 'Corporate registration number must be XXXXXX-XXXXXXX.',
  },
  naturalNumber: { kr: '자연수를 입력하세요.', en: 'Enter a natural number.' },
  camelCase: {
    kr: '영문 소문자로 시작하고 영문과 숫자만 사용할 수 있습니다.',
    en: 'Start with a lowercase letter, then letters and digits only.',
  },
  notIn: { kr: '사용할 수 없는 값입니다.', en: 'This value is not allowed.' },
  fileSize: { kr: '파일 크기는 {size}{unit} 이하여야 합니다.', en: 'The file must be at most {size} {unit}.' },
  password: {
    kr: '비밀번호는 8자 이상이며 영문과 숫자를 포함해야 합니다.',
    en: 'The password needs at least 8 characters with letters and digits.',
  },
  passwordConfirm: { kr: '비밀번호가 일치하지 않습니다.', en: 'The passwords do not match.' },
  notEqual: { kr: '{value}와(과) 같은 값은 사용할 수 없습니다.', en: 'Must not be {value}.' },
  searchText: { kr: '검색어를 2자 이상 입력하세요.', en: 'Enter at least 2 characters to search.' },
  periodRequired: { kr: '기간을 선택하세요.', en: 'Select a period.' },
  targetQty: { kr: '목표 수량은 0 이상이어야 합니다.', en: 'The target quantity must be at least 0.' },
  profilePhone: { kr: '잘못된 전화번호입니다.[000-0000-0000]', en: 'Invalid phone number.[000-0000-0000]' },
  invalidInput: { kr: '입력값이 올바르지 않습니다.', en: 'Invalid input value' },
  onlyImages: { kr: '이미지만 업로드할 수 있습니다.', en: 'Only images can be uploaded.' },
  cascaderDepth: { kr: '{depth}단계까지 선택해야 합니다.', en: 'Select down to level {depth}.' },
  conditionTitle: { kr: '제목을 입력하세요.', en: 'Enter a title.' },
  barcodeEmpty: { kr: '검색어를 입력하세요.', en: 'Enter a search term.' },
  invalidType: { kr: '값의 형식이 올바르지 않습니다.', en: 'Invalid value.' },
  unknownField: { kr: '알 수 없는 항목입니다.', en: 'Unknown field.' },
  periodMax: { kr: '기간은 최대 {days}일까지 선택할 수 있습니다.', en: 'The period may span at most {days} days.' },
  periodOrder: { kr: '종료일은 시작일 이후여야 합니다.', en: 'The end date must not be before the start date.' },
  placementSite: { kr: '사이트는 최상위에만 둘 수 있습니다.', en: 'A site can only be at the top level.' },
  placementFactory: { kr: '공장은 사이트 아래에만 둘 수 있습니다.', en: 'A factory can only be placed under a site.' },
  placementLine: { kr: '라인은 공장 아래에만 둘 수 있습니다.', en: 'A line can only be placed under a factory.' },
  placementWarehouse: {
    kr: '창고는 공장 아래에만 둘 수 있습니다.',
    en: 'A warehouse can only be placed under a factory.',
  },
  placementShelf: { kr: '선반은 창고 아래에만 둘 수 있습니다.', en: 'A shelf can only be placed under a warehouse.' },
  placementTool: {
    kr: '설비는 라인 또는 창고 아래에만 둘 수 있습니다.',
    en: 'A tool can only be placed under a line or a warehouse.',
  },
  placementStock: {
    kr: '자재, 제품, 금형은 선반 또는 설비(툴)에만 보관할 수 있습니다.',
    en: 'Materials, products and molds can only be stored on a shelf or a tool.',
  },
  placementChildren: {
    kr: '하위 위치가 있어 이 유형으로 바꿀 수 없습니다.',
    en: 'Its child locations cannot stay under this type.',
  },
  parentCycle: {
    kr: '자기 자신이나 하위 항목 아래로 옮길 수 없습니다.',
    en: 'It cannot be placed under itself or one of its descendants.',
  },
  profileLocation: {
    kr: '위치는 라인 또는 창고 단계까지만 선택할 수 있습니다.',
    en: 'Choose a location down to the line or warehouse level.',
  },
  notExists: { kr: '존재하지 않는 항목입니다.', en: 'The selected item does not exist.' },
  // PostgreSQL's text cannot hold U+0000, so no value may carry it (issue 10 §2).
  nulChar: { kr: '허용되지 않는 문자(NUL)가 들어 있습니다.', en: 'Contains a character that is not allowed (NUL).' },
  idRange: { kr: '1에서 {max} 사이의 ID여야 합니다.', en: 'An id is a whole number from 1 to {max}.' },
  unknownMenu: { kr: '알 수 없는 메뉴입니다: {name}', en: 'Unknown menu: {name}' },
  homePath: { kr: '홈 경로는 "/"로 시작해야 합니다.', en: 'The home path must start with "/".' },
  excelOneFile: { kr: '파일은 한 번에 하나만 올릴 수 있습니다.', en: 'Upload one file at a time.' },
  excelType: {
    kr: '엑셀 파일(xlsx)만 올릴 수 있습니다.',
    en: 'Only spreadsheet files (xlsx) can be uploaded.',
  },
  excelFormat: {
    kr: '엑셀 양식이 올바르지 않습니다. 양식을 내려받아 사용하세요.',
    en: 'The file format is wrong. Download the template and use it.',
  },
  excelNoData: { kr: '데이터가 없습니다. 3행부터 입력하세요.', en: 'There is no data row. Enter data from row 3.' },
  excelTooLarge: {
    kr: '파일이 너무 큽니다(최대 {rows}행, 압축 해제 {mb}MB).',
    en: 'The file is too large (at most {rows} rows, {mb} MB uncompressed).',
  },
  excelRowsInvalid: {
    kr: '잘못된 값이 있는 행이 {count}개 있어 저장할 수 없습니다.',
    en: '{count} rows have invalid values, so nothing was saved.',
  },
  duplicateInFile: { kr: '파일 안에서 중복된 값입니다(행 {row}).', en: 'Duplicated in the file (row {row}).' },
  duplicateValue: { kr: '이미 존재하는 값입니다.', en: 'This value already exists.' },
  notFoundValue: { kr: '찾을 수 없는 값입니다: {value}', en: 'Not found: {value}' },
  customFieldReserved: {
    kr: '테이블에 이미 있는 컬럼 이름입니다.',
    en: 'The table already has a column with this name.',
  },
  ambiguousValue: {
    kr: '여러 항목과 일치합니다: {value}. 코드나 전체 경로로 입력하세요.',
    en: 'Several items match {value}. Enter the code or the full path.',
  },
  yesNo: { kr: 'Y 또는 N으로 입력하세요.', en: 'Enter Y or N.' },
  integer: { kr: '정수를 입력하세요.', en: 'Enter a whole number.' },
  positive: { kr: '0보다 커야 합니다.', en: 'Must be greater than 0.' },
  lossRate: { kr: '손실률은 0 이상 100 미만이어야 합니다.', en: 'The loss rate must be at least 0 and less than 100.' },
  bomCycle: {
    kr: '제품이 자기 자신을 포함하게 되어 추가할 수 없습니다: {path}',
    en: 'A product cannot contain itself: {path}',
  },
  bomCopySame: { kr: '다른 제품을 선택하세요.', en: 'Choose a different product.' },
  bomEmpty: { kr: 'BOM이 없는 제품입니다.', en: 'This product has no BOM.' },
  nextInspectDate: {
    kr: '다음 점검일은 점검일과 같거나 이후여야 합니다.',
    en: 'The next inspection date must not be before the inspection date.',
  },
  limitOrder: { kr: '상한값은 하한값보다 작을 수 없습니다.', en: 'The upper limit must not be below the lower limit.' },
  targetBelowLower: {
    kr: '목표값은 하한값보다 작을 수 없습니다.',
    en: 'The target must not be below the lower limit.',
  },
  targetAboveUpper: { kr: '목표값은 상한값보다 클 수 없습니다.', en: 'The target must not be above the upper limit.' },
  parameterToolLocked: {
    kr: '수집된 데이터가 있는 파라미터는 다른 설비로 옮길 수 없습니다.',
    en: 'A parameter that has data cannot be moved to another tool.',
  },
  parameterCode: {
    kr: '코드는 영문, 숫자, "_", "-", "." 만 사용할 수 있습니다.',
    en: 'A code may hold only letters, digits, "_", "-" and ".".',
  },
  operationOutputNotShipped: {
    kr: '완료 수량이 출하 수량보다 많은 공정은 삭제할 수 없습니다.',
    en: 'Cannot delete an operation whose completed quantity exceeds the shipped quantity.',
  },
  toolNotOnLine: {
    kr: '공정은 라인에 있는 설비만 수행할 수 있습니다(창고의 설비는 랙입니다).',
    en: 'Only a tool on a line can run an operation (tools in a warehouse are racks).',
  },
  routeOrderMismatch: {
    kr: '순서는 라우팅의 모든 공정을 한 번씩 포함해야 합니다.',
    en: "The order must list each of the route's operations exactly once.",
  },
  // Kinds of zod issue a schema reports without a rule message of its own (issueMessage() below).
  greaterThan: { kr: '{min}보다 커야 합니다.', en: 'Must be greater than {min}.' },
  lessThan: { kr: '{max}보다 작아야 합니다.', en: 'Must be less than {max}.' },
  minItems: { kr: '{min}개 이상 선택하세요.', en: 'Select at least {min}.' },
  maxItems: { kr: '{max}개까지 선택할 수 있습니다.', en: 'Select at most {max}.' },
  multipleOf: { kr: '{divisor}의 배수여야 합니다.', en: 'Must be a multiple of {divisor}.' },
  invalidOption: { kr: '목록에 있는 값을 선택하세요.', en: 'Choose one of the listed values.' },
  // Refusals (409 CONFLICT) a service explains with `extraData.messageKey`.
  selfDisable: { kr: '자기 자신의 계정은 사용 중지할 수 없습니다.', en: 'You cannot disable your own account.' },
  selfDelete: { kr: '자기 자신의 계정은 삭제할 수 없습니다.', en: 'You cannot delete your own account.' },
  lastAdministrator: {
    kr: '사용 중인 관리자가 한 명도 남지 않게 됩니다. 관리자 권한을 가진 사용자를 한 명 이상 남겨 두세요.',
    en: 'This change would leave no enabled administrator. Keep at least one enabled user with an administrator role.',
  },
  listKeepsOneItem: { kr: '목록 항목은 하나 이상 있어야 합니다.', en: 'A list field keeps at least one item.' },
  backupUnavailable: {
    kr: '이 서버의 데이터베이스(PGlite)는 여기서 백업할 수 없습니다. 내장 PostgreSQL이나 PostgreSQL 서버로 실행할 때 백업할 수 있습니다.',
    en: "This server's database (PGlite) cannot be backed up here. Backups work when it runs on the embedded PostgreSQL or a PostgreSQL server.",
  },
  backupRunning: {
    kr: '백업이 이미 진행 중입니다. 끝난 뒤에 다시 시도하세요.',
    en: 'A backup is already running. Try again when it has finished.',
  },
  backupFailed: { kr: '백업하지 못했습니다: {reason}', en: 'The backup failed: {reason}' },
  backupFolderUnreadable: {
    kr: '백업 폴더를 읽을 수 없습니다: {reason}',
    en: 'The backup folder cannot be read: {reason}',
  },
  stockPlaceOne: {
    kr: '선반 또는 설비(툴) 중 하나를 선택하세요.',
    en: 'Choose a shelf or a tool (one of them).',
  },
  expiryBeforeManufacture: {
    kr: '유통기한은 제조일과 같거나 이후여야 합니다.',
    en: 'The expiry date must not be before the manufacturing date.',
  },
  packageId: {
    kr: '패키지 ID는 영문, 숫자로 시작하고 영문, 숫자, "-", "_", ".", "/" 만 사용할 수 있습니다(50자 이하).',
    en: 'A package ID starts with a letter or digit and holds only letters, digits, "-", "_", "." and "/" (at most 50).',
  },
  stockExpired: {
    kr: '유통기한({date})이 지난 재고입니다. 사용하려면 사유를 입력하세요.',
    en: 'This stock expired on {date}. Enter a reason to use it anyway.',
  },
  stockHasMovements: {
    kr: '입고 외의 이동 이력이 있는 재고는 삭제할 수 없습니다. 재고 수정으로 조정하세요.',
    en: 'A stock row with movements other than its receipt cannot be deleted. Correct its count instead.',
  },
  outOfStock: {
    kr: '재고가 부족합니다. 현재 재고: {available} {unit}, 요청: {requested} {unit}',
    en: 'Out of stock: {available} {unit} on hand, {requested} {unit} asked.',
  },
  planNotLine: { kr: '생산 계획은 라인에 세웁니다.', en: 'A production plan runs on a line.' },
  receivedOverSent: {
    kr: '입고 양품과 불량의 합은 보낸 수량({sent})을 넘을 수 없습니다.',
    en: 'Good and bad received together cannot exceed the {sent} sent.',
  },
  receivedBeforeSent: {
    kr: '입고일은 보낸 날 이후여야 합니다.',
    en: 'The receiving day cannot be before the day sent.',
  },
  outSourcingReceived: {
    kr: '입고된 외주는 공정 실적입니다. 삭제하거나 다른 공정으로 옮길 수 없습니다. 입고 수량을 수정하세요.',
    en: "What came back is the operation's result: it cannot be deleted or moved to another operation. Correct the received quantities instead.",
  },
  workerNotLine: { kr: '작업자는 라인에 배정합니다.', en: 'A worker is assigned to a line.' },
  planHasResults: {
    kr: '실적이 있는 생산 계획입니다. 바꾸려면 사유를 입력하고 강제 수정하세요.',
    en: 'This production plan has results. Enter a reason and force the change.',
  },
  planDaysOutside: {
    kr: '계획 기간 밖에 일일 계획이 있습니다({day}). 일일 계획을 먼저 옮기세요.',
    en: 'A daily plan falls outside the period ({day}). Move the daily plans first.',
  },
  dayOutsidePlan: {
    kr: '일일 계획은 생산 계획 기간({from} ~ {to}) 안의 날이어야 합니다.',
    en: 'A daily plan must fall within the plan ({from} ~ {to}).',
  },
  operPlanHasResults: {
    kr: '실적이 있는 공정 계획은 수정하거나 뺄 수 없습니다.',
    en: 'An operation plan with results cannot be changed or removed.',
  },
  dailyPlanHasResults: {
    kr: '실적이 있는 일일 계획은 날짜를 바꾸거나 뺄 수 없습니다({day}).',
    en: 'A daily plan with results cannot move to another day or be removed ({day}).',
  },
  notInOperPlan: { kr: '이 공정 계획의 일일 계획이 아닙니다.', en: 'Not a daily plan of this operation plan.' },
  noWorkingDays: {
    kr: '기간 안에 작업일이 없습니다.',
    en: 'The period has no working day.',
  },
  lotDisposed: {
    kr: '폐기된 LOT입니다. 이 위치에는 더 넣을 수 없습니다.',
    en: 'This lot is discarded on that shelf; nothing more can go there.',
  },
  lotDisposedFixed: {
    kr: '폐기된 LOT입니다. 수량을 조정하거나 다시 폐기할 수 없습니다.',
    en: 'This lot is discarded on that shelf; its quantity can no longer be adjusted or discarded.',
  },
  lotNotPlanChild: {
    kr: '이 LOT의 제품은 생산 계획 제품의 BOM 하위 제품이 아닙니다.',
    en: "This lot's product is not a child product in the BOM of the plan's product.",
  },
  lotIdPattern: {
    kr: 'LOT ID는 영문, 숫자로 시작하고 영문, 숫자, "-", "_", ".", "/" 만 사용할 수 있습니다(50자 이하).',
    en: 'A LOT ID starts with a letter or digit and holds only letters, digits, "-", "_", "." and "/" (at most 50).',
  },
  expiryBeforeProduction: {
    kr: '유통기한은 생산일과 같거나 이후여야 합니다.',
    en: 'The expiry date must not be before the production day.',
  },
  insufficientBomStock: {
    kr: 'BOM 재고가 부족합니다: {shortages}',
    en: 'Insufficient BOM stock: {shortages}',
  },
  defectSumMismatch: {
    kr: '불량 유형별 수량의 합({sum})이 불량 수량과 같아야 합니다.',
    en: 'The defect quantities must add up to the bad quantity ({sum}).',
  },
  resultNotStarted: {
    kr: '작업 전(계획 완료) 상태에는 실적 수량을 넣을 수 없습니다. 작업을 시작하세요.',
    en: 'A daily plan not started cannot hold quantities. Start the work first.',
  },
  noShelfForLot: {
    kr: '제품을 넣을 선반을 고르세요. 이 공장에는 창고 선반이 없습니다.',
    en: 'Choose the shelf for the product: this factory has no warehouse shelf.',
  },
  endBeforeStart: { kr: '종료 시각은 시작 시각 이후여야 합니다.', en: 'The end must not be before the start.' },
  bomTargetHasBom: {
    kr: '대상 제품에 이미 BOM이 있습니다. 덮어쓰려면 바꾸기로 복사하세요.',
    en: 'The target product already has a BOM; copy with replace to overwrite it.',
  },
  // Shipments (modules/shipment).
  shipmentLotsOrQty: {
    kr: '출하할 LOT을 고르거나 수량을 입력하세요(둘 중 하나만).',
    en: 'Choose the lots to ship or enter a quantity (one of them).',
  },
  shipmentLotTwice: { kr: '같은 재고 행이 두 번 들어 있습니다.', en: 'The same stock row is listed twice.' },
  shipmentLotOtherProduct: {
    kr: '출하할 제품의 LOT이 아닙니다.',
    en: 'Not a lot of the product being shipped.',
  },
  orderProductOtherProduct: {
    kr: '수주 품목의 제품이 출하할 제품과 다릅니다.',
    en: 'The order product is for another product.',
  },
  orderProductOtherCustomer: {
    kr: '다른 거래처의 수주 품목입니다.',
    en: 'The order product belongs to another customer.',
  },
  outOfStockLot: {
    kr: 'LOT {lotId}의 재고가 부족합니다. 현재 재고: {available} {unit}, 요청: {requested} {unit}',
    en: 'Out of stock for LOT {lotId}: {available} {unit} on hand, {requested} {unit} asked.',
  },
  lotDisposedShip: {
    kr: '폐기된 LOT({lotId})은 출하할 수 없습니다.',
    en: 'Discarded LOT {lotId} cannot be shipped.',
  },
  lotOnHold: {
    kr: 'LOT {lotId}은(는) 출하할 수 없습니다(출하 보류). {reason}',
    en: 'LOT {lotId} may not ship (on hold). {reason}',
  },
  shipmentCanceled: {
    kr: '이미 취소된 출하입니다: {shipmentNo}',
    en: 'Shipment {shipmentNo} is already canceled.',
  },
  shipmentCancelDisposed: {
    kr: '폐기된 LOT({lotId})에는 출하 수량을 되돌릴 수 없습니다.',
    en: 'The shipped quantity cannot go back to discarded LOT {lotId}.',
  },
  bomReqSubject: {
    kr: '제품, 수주 품목, 출하 중 하나만 지정하세요.',
    en: 'Give exactly one of product, order product or shipment.',
  },
  // Traceability (modules/trace).
  traceSubject: {
    kr: '추적 대상을 하나만 지정하세요(LOT, 출하, 자재 패키지, 공급사 LOT 중 하나).',
    en: 'Give exactly one subject to trace (a lot, a shipment, a material package or a supplier lot).',
  },
  // Businesses and orders (modules/business, modules/order).
  partnerNotCustomer: { kr: '고객사 유형의 거래처가 아닙니다.', en: 'The partner is not a customer.' },
  orderProductPlanned: {
    kr: '생산 계획이나 출하가 있는 수주 품목은 제품을 바꿀 수 없습니다.',
    en: 'An order product with production plans or shipments cannot change its product.',
  },
  orderProductFullyPlanned: {
    kr: '수주 수량만큼 이미 생산 계획이 세워져 더 계획할 수량이 없습니다.',
    en: 'This order product is fully planned: no quantity remains to plan.',
  },
  orderPlanOverRemaining: {
    kr: '남은 수주 수량({remaining})보다 많이 계획할 수 없습니다.',
    en: 'Cannot plan more than the remaining order quantity ({remaining}).',
  },
  // Machine data (modules/data-collection).
  ingestPointRef: {
    kr: 'parameterId 또는 toolCode와 parameterCode를 입력하세요.',
    en: 'Give parameterId, or toolCode and parameterCode.',
  },
  ingestTs: {
    kr: '시각은 2000년부터 2100년 사이의 ISO 8601(시간대 포함) 또는 epoch 밀리초여야 합니다.',
    en: 'A time from 2000 to 2100, as ISO 8601 with offset or epoch milliseconds.',
  },
  booleanValue: { kr: 'BOOLEAN 파라미터의 값은 0 또는 1입니다.', en: 'A BOOLEAN parameter takes 0 or 1.' },
  exportTooLarge: {
    kr: '한 번에 {rows}행까지 내보낼 수 있습니다. 기간을 줄이세요.',
    en: 'At most {rows} rows can be exported at once. Narrow the period.',
  },
  sameParameter: { kr: '서로 다른 두 파라미터를 선택하세요.', en: 'Choose two different parameters.' },
} as const satisfies Record<string, Record<Locale, string>>;

export type RuleMessageKey = keyof typeof RULE_MESSAGES;

/** Encodes a message key and its parameters into a zod issue message. */
export function ruleMessage(key: RuleMessageKey, params?: Record<string, string | number>): string {
  return params ? `${key} ${JSON.stringify(params)}` : key;
}

/** Text for a zod issue message in the given locale; a message that is not a rule key is returned as is. */
export function translateMessage(message: string, locale: Locale): string {
  const space = message.indexOf(' ');
  const key = (space < 0 ? message : message.slice(0, space)) as RuleMessageKey;
  const entry = RULE_MESSAGES[key];
  if (!entry) return message;
  let params: Record<string, unknown> = {};
  if (space >= 0) {
    try {
      params = JSON.parse(message.slice(space + 1));
    } catch {
      return message;
    }
  }
  return entry[locale].replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? ''));
}

export function toLocale(value: string | null | undefined): Locale {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'kr';
}

/** What a zod issue reports, as fastify-type-provider-zod and `safeParse` hand it over. */
export type IssueLike = {
  code?: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  expected?: string;
  divisor?: number | bigint;
  input?: unknown;
};

/**
 * The rule message (key and parameters) of a zod issue: its own when a rule set one, else one per issue kind, so
 * no field message reaches a user as zod's English ("Too small: expected number to be >=0").
 */
export function issueMessage(issue: IssueLike): string {
  const own = issue.message ?? '';
  const key = own.split(' ', 1)[0];
  if (key in RULE_MESSAGES) return own;
  const n = (v: number | bigint | undefined) => String(v ?? '');
  const counted = issue.origin === 'array' || issue.origin === 'set';
  const text = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves the input out of the issue; its default message says what was received.
      if (/received undefined\b/.test(own) || ('input' in issue && issue.input === undefined))
        return ruleMessage('required');
      if (issue.expected === 'int') return ruleMessage('integer');
      if (issue.expected === 'number') return ruleMessage('realNumber');
      return ruleMessage('invalidType');
    case 'too_small': {
      const min = n(issue.minimum);
      if ((text || counted) && min === '1') return ruleMessage('required');
      if (text) return ruleMessage('minLength', { min });
      if (counted) return ruleMessage('minItems', { min });
      if (issue.inclusive === false) return min === '0' ? ruleMessage('positive') : ruleMessage('greaterThan', { min });
      return ruleMessage('min', { min });
    }
    case 'too_big': {
      const max = n(issue.maximum);
      if (text) return ruleMessage('maxLength', { max });
      if (counted) return ruleMessage('maxItems', { max });
      if (issue.inclusive === false) return ruleMessage('lessThan', { max });
      return ruleMessage('max', { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return ruleMessage('email');
      if (issue.format === 'url') return ruleMessage('url');
      if (issue.format === 'date') return ruleMessage('date');
      if (issue.format === 'datetime') return ruleMessage('datetime');
      return ruleMessage('pattern');
    case 'not_multiple_of':
      return ruleMessage('multipleOf', { divisor: n(issue.divisor) });
    case 'unrecognized_keys':
      return ruleMessage('unknownField');
    case 'invalid_value':
      return ruleMessage('invalidOption');
    default:
      return ruleMessage('invalidType');
  }
}
