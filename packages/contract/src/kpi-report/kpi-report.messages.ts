// Messages of the KPI report's parameters (server module kpi-report), spread into RULE_MESSAGES (messages.ts).
export const KPI_MESSAGES = {
  kpiMonth: { kr: 'yyyy-MM 형식의 월을 입력하세요.', en: 'Use the format yyyy-MM for a month.' },
  kpiMonthPeriodMax: {
    kr: '기간은 최대 {months}개월까지 선택할 수 있습니다.',
    en: 'The period may span at most {months} months.',
  },
} as const;
