// Messages of the dashboard rules (modules/dashboard), spread into RULE_MESSAGES (messages.ts).
export const DASHBOARD_MESSAGES = {
  dashboardGridWidth: {
    kr: '위젯의 가로 위치와 너비의 합은 {columns}칸 이하여야 합니다.',
    en: 'A widget must fit the {columns}-column grid (x + w at most {columns}).',
  },
  dashboardWidgetKey: {
    kr: '위젯 ID는 영문, 숫자, "-", "_" 로 40자까지 입력할 수 있습니다.',
    en: 'A widget id is 1 to 40 letters, digits, "-" or "_".',
  },
} as const;
