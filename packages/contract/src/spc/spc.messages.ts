// Messages of the SPC routes (modules/spc), spread into RULE_MESSAGES (messages.ts) like the quality module's.
export const SPC_MESSAGES = {
  spcNumberOnly: {
    kr: '관리도는 측정값(숫자) 항목에만 그릴 수 있습니다: {name}',
    en: 'A control chart needs measured (numeric) values: {name}',
  },
} as const;
