// Messages of the sanitation check list rules (modules/haccp/sanitation.service.ts), spread into RULE_MESSAGES
// (messages.ts). The rules it shares with CCP records (sign own, self review, locked once signed, amendments) use the
// haccp* keys of haccp.messages.ts.
export const SANITATION_MESSAGES = {
  sanitationNoTemplate: {
    kr: '이 구역에 사용 중인 점검 항목이 없습니다. 먼저 점검 항목을 추가하세요.',
    en: 'The area has no check items in use: add check items to its template first.',
  },
  sanitationUnknownItem: {
    kr: '이 점검표에 없는 항목입니다.',
    en: 'The item is not in this check list.',
  },
  sanitationUnchecked: {
    kr: '점검하지 않은 항목이 있습니다. 모든 항목의 적합/부적합을 입력해야 서명할 수 있습니다.',
    en: 'Some items are not checked: every item needs pass or fail before signing.',
  },
  sanitationFailNote: {
    kr: '부적합 항목에는 개선조치(비고)를 입력해야 서명할 수 있습니다.',
    en: 'A failed item needs its note (the corrective action) before signing.',
  },
} as const;
