// Messages of the quality rules (modules/quality), spread into RULE_MESSAGES (messages.ts) so that server refusals and
// web forms say the same thing in both languages. Kept here so the quality module's words live together.
export const QUALITY_MESSAGES = {
  qualityLimitRequired: {
    kr: '측정 항목은 하한 또는 상한 중 하나 이상을 입력하세요.',
    en: 'A measured item needs a lower or an upper limit (or both).',
  },
  qualityLimitOrder: { kr: '하한은 상한보다 클 수 없습니다.', en: 'The lower limit cannot exceed the upper limit.' },
  qualityTargetOutside: {
    kr: '목표값은 하한과 상한 사이여야 합니다.',
    en: 'The target must lie between the lower and upper limits.',
  },
  qualityPassFailNoLimits: {
    kr: '합격/불합격 항목에는 목표값과 상·하한을 입력하지 않습니다.',
    en: 'A pass/fail item has no target or limits.',
  },
  qualityStageMaterial: {
    kr: '자재 검사 항목은 수입 검사입니다.',
    en: 'A material item is an incoming inspection item.',
  },
  qualityStageProduct: {
    kr: '제품 검사 항목은 공정 검사 또는 출하(최종) 검사입니다.',
    en: 'A product item is an in-process or a final inspection item.',
  },
  qualityOperationOnlyInProcess: {
    kr: '공정은 공정 검사 항목에만 지정합니다.',
    en: 'Only an in-process item names an operation.',
  },
  qualitySubjectOne: {
    kr: '검사 대상을 하나만 지정하세요.',
    en: 'Give exactly one subject to inspect.',
  },
  qualityNoStandard: {
    kr: '{subject}에 해당하는 검사 항목이 없습니다. 먼저 품질 기준을 등록하세요.',
    en: '{subject} has no inspection items for this inspection. Register its quality standard first.',
  },
  qualityItemOther: { kr: '이 검사의 검사 항목이 아닙니다.', en: 'Not an inspection item of this inspection.' },
  qualityItemsMissing: {
    kr: '모든 검사 항목을 검사해야 합니다. 누락: {names}',
    en: 'Every inspection item must be inspected. Missing: {names}',
  },
  qualitySampleCount: { kr: '시료 {n}개의 값을 입력하세요.', en: 'Enter the values of {n} samples.' },
  qualityValueRequired: { kr: '측정값을 입력하세요.', en: 'Enter the measured value.' },
  qualityPassedRequired: { kr: '합격 또는 불합격을 선택하세요.', en: 'Choose pass or fail.' },
  qualityValueKind: {
    kr: '측정 항목은 측정값을, 합격/불합격 항목은 판정만 입력합니다.',
    en: 'A measured item takes a value; a pass/fail item takes pass or fail only.',
  },
  qualityOverrideSame: {
    kr: '판정 변경은 계산된 판정과 달라야 합니다.',
    en: 'An override must change the computed judgement.',
  },
  qualityInspectionMinutes: {
    kr: '검사 시간은 0분보다 크고 {max}분 이하여야 합니다.',
    en: 'The inspection time must be more than 0 and at most {max} minutes.',
  },
  qualityHoldClosed: {
    kr: '보류 {holdNo}은(는) 이미 처리되었습니다.',
    en: 'Hold {holdNo} is already closed.',
  },
  lotOnHoldProduction: {
    kr: 'LOT {lotId}은(는) 품질 보류 중이라 생산에 출고하거나 소모할 수 없습니다. {reason}',
    en: 'LOT {lotId} is on quality hold and cannot be released to production or consumed. {reason}',
  },
  materialOnHold: {
    kr: '자재 패키지 {packageId}은(는) 품질 보류 중이라 생산에 출고할 수 없습니다. {reason}',
    en: 'Package {packageId} is on quality hold and cannot be released to production. {reason}',
  },
  dailyQualityPassedOver: {
    kr: '합격 수량은 검사 수량보다 많을 수 없습니다.',
    en: 'The passed quantity cannot exceed the inspected quantity.',
  },
  dailyQualityDefectSum: {
    kr: '불량 유형별 수량의 합({sum})이 불합격 수량(검사 − 합격 = {failed})과 같아야 합니다.',
    en: 'The defects by type ({sum}) must add up to the failed quantity (inspected − passed = {failed}).',
  },
} as const;
