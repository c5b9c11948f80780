// Messages of the measurement file rules (modules/measurement-result), spread into RULE_MESSAGES (messages.ts) so the
// server's row errors and the upload dialog say the same thing in both languages.
export const MEASUREMENT_MESSAGES = {
  measurementFileType: {
    kr: 'CSV 또는 엑셀(xlsx) 파일만 올릴 수 있습니다.',
    en: 'Only CSV or spreadsheet (xlsx) files can be uploaded.',
  },
  measurementColumns: {
    kr: '첫 행에 항목, 시료, 측정값 열이 있어야 합니다(없는 열: {missing}). 양식을 내려받아 사용하세요.',
    en: 'Row 1 must hold the columns Item, Sample and Value (missing: {missing}). Download the template and use it.',
  },
  measurementColumnTwice: {
    kr: '같은 열이 두 번 있습니다: {column}',
    en: 'A column appears twice: {column}',
  },
  measurementNoData: {
    kr: '측정값 행이 없습니다. 2행부터 입력하세요.',
    en: 'There is no measured value. Enter them from row 2.',
  },
  measurementTooManyRows: {
    kr: '측정값은 파일 하나에 {max}행까지 올릴 수 있습니다.',
    en: 'A file can hold at most {max} measured values.',
  },
  measurementNoStandard: {
    kr: '이 제품에는 품질 기준(검사 항목)이 없습니다. 먼저 제품 품질 기준을 등록하세요.',
    en: 'This product has no quality standard (inspection items). Register its items first.',
  },
  measurementItemUnknown: {
    kr: '제품의 검사 항목에 없는 항목입니다: {item}',
    en: 'Not an inspection item of the product: {item}',
  },
  measurementItemAmbiguous: {
    kr: '같은 이름의 검사 항목이 여러 개 있습니다: {item}',
    en: 'Several inspection items of the product have this name: {item}',
  },
  measurementSampleRange: {
    kr: '시료 번호는 1부터 {max}(항목의 시료 수)까지입니다.',
    en: 'The sample number runs from 1 to {max} (the item’s sample size).',
  },
  measurementPassFail: {
    kr: '합부 항목은 OK 또는 NG로 입력하세요.',
    en: 'A pass/fail item takes OK or NG.',
  },
  measurementDuplicate: {
    kr: '같은 항목과 시료가 이미 {row}행에 있습니다.',
    en: 'The same item and sample are already in row {row}.',
  },
  measurementLotProduct: {
    kr: '이 LOT는 선택한 제품의 LOT가 아닙니다.',
    en: 'This lot is not a lot of the selected product.',
  },
  measurementRowsInvalid: {
    kr: '오류가 있는 행이 {count}개 있어 저장하지 않았습니다.',
    en: '{count} rows have errors, so nothing was saved.',
  },
} as const;
