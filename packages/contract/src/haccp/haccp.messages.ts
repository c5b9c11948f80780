// Messages of the HACCP record rules (modules/haccp), spread into RULE_MESSAGES (messages.ts) so that server refusals
// and web forms say the same thing in both languages.
export const HACCP_MESSAGES = {
  haccpSignPassword: {
    kr: '비밀번호가 올바르지 않아 서명하지 못했습니다.',
    en: 'The password is wrong: the record was not signed.',
  },
  haccpSignBlocked: {
    kr: '비밀번호를 여러 번 틀렸습니다. {seconds}초 후에 다시 서명하세요.',
    en: 'Too many wrong passwords. Sign again in {seconds} s.',
  },
  haccpSelfReview: {
    kr: '자신이 기록한 기록은 검토할 수 없습니다. 다른 사용자가 검토해야 합니다.',
    en: 'You cannot review a record you performed: another user must review it.',
  },
  haccpSignOwn: {
    kr: '기록한 작업자만 수행 서명을 할 수 있습니다.',
    en: 'Only the operator who made the record can sign it as performed.',
  },
  haccpNotSigned: {
    kr: '수행 서명이 없는 기록은 검토할 수 없습니다.',
    en: 'The record is not signed yet: it cannot be reviewed.',
  },
  haccpAlreadySigned: { kr: '이미 서명된 기록입니다.', en: 'The record is already signed.' },
  haccpReviewed: {
    kr: '검토된 기록은 수정하거나 삭제할 수 없습니다. 정정 기록을 추가하세요.',
    en: 'A reviewed record is never edited or deleted: add an amendment.',
  },
  haccpSignedLocked: {
    kr: '서명된 기록은 수정하거나 삭제할 수 없습니다. 정정 기록을 추가하세요.',
    en: 'A signed record is not edited or deleted: add an amendment.',
  },
  haccpAlreadyReviewed: { kr: '이미 검토된 기록입니다.', en: 'The record is already reviewed.' },
  haccpAmendDraft: {
    kr: '서명 전 기록은 정정하지 말고 직접 수정하세요.',
    en: 'An unsigned record is edited directly, not amended.',
  },
  haccpAlreadyAmended: {
    kr: '이미 정정된 기록입니다. 최신 정정 기록을 정정하세요.',
    en: 'The record is already amended: amend its latest amendment.',
  },
  ccpDeviationAction: {
    kr: '한계기준 이탈입니다. 개선조치(제품 조치, 원인, 조치자)를 입력해야 서명할 수 있습니다.',
    en: 'A deviation from the critical limits needs its corrective action (product action, cause, who) before signing.',
  },
  ccpValueKind: {
    kr: '측정값을 입력하세요.',
    en: 'Enter the measured value.',
  },
  ccpPassKind: { kr: '적합/부적합을 선택하세요.', en: 'Select pass or fail.' },
  ccpLimits: {
    kr: '하한은 상한보다 클 수 없고, 한계 중 하나 이상을 입력해야 합니다.',
    en: 'Give at least one limit; the lower limit cannot exceed the upper.',
  },
  ccpDisabled: { kr: '사용하지 않는 CCP입니다.', en: 'This CCP is not in use.' },
} as const;
