// Messages of the inspection and test report rules (server modules inspection-report and test-report), spread into
// RULE_MESSAGES (messages.ts) so that server refusals and web forms say the same thing in both languages.
export const REPORT_DOCUMENT_MESSAGES = {
  reportLotProduct: {
    kr: '이 LOT는 선택한 제품의 LOT가 아닙니다.',
    en: 'This lot is not a lot of the selected product.',
  },
  reportResultProduct: {
    kr: '선택한 제품의 제품 검사 결과가 아닙니다. (검사 {id})',
    en: 'This is not a product inspection of the selected product. (inspection {id})',
  },
  reportResultLot: {
    kr: '다른 LOT의 최종 검사입니다. (검사 {id})',
    en: 'This final inspection is of another lot. (inspection {id})',
  },
  testReportItemsRequired: {
    kr: '시험 항목을 입력하거나 검사 결과를 선택하세요.',
    en: 'Enter the test items or pick an inspection result.',
  },
} as const;
