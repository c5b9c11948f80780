// Messages of the vehicle, part and part-history rules (modules/vehicle), spread into RULE_MESSAGES (messages.ts)
// so that server refusals and web forms say the same thing in both languages.
export const VEHICLE_MESSAGES = {
  partIntervalRequired: {
    kr: '교체 주기를 일수 또는 주행거리(km) 중 하나 이상 입력하세요.',
    en: 'Give a replacement interval in days, in kilometres, or both.',
  },
  mileageBelowRecorded: {
    kr: '주행거리는 기록된 최대 주행거리({max} km)보다 작을 수 없습니다.',
    en: 'The mileage cannot be below the highest recorded reading ({max} km).',
  },
  replacedBeforeFitted: {
    kr: '교체일은 부품 장착일({date})보다 빠를 수 없습니다.',
    en: 'The replacement date cannot be before the part was fitted ({date}).',
  },
  mileageBelowFitted: {
    kr: '교체 시 주행거리는 장착 시 주행거리({km} km)보다 작을 수 없습니다.',
    en: 'The mileage at replacement cannot be below the mileage when fitted ({km} km).',
  },
  mileageOrder: {
    kr: '주행거리가 다른 교체 이력과 맞지 않습니다({date}: {km} km).',
    en: 'The mileage does not fit the other replacements ({date}: {km} km).',
  },
  futureDay: { kr: '오늘 이후 날짜는 입력할 수 없습니다.', en: 'The date cannot be after today.' },
  fittedAfterReplaced: {
    kr: '장착일은 첫 교체일({date})보다 늦을 수 없습니다.',
    en: 'The fitting date cannot be after the first replacement ({date}).',
  },
  fittedMileageAboveReplaced: {
    kr: '장착 시 주행거리는 첫 교체 시 주행거리({km} km)보다 클 수 없습니다.',
    en: 'The mileage when fitted cannot be above the first replacement ({km} km).',
  },
} as const;
