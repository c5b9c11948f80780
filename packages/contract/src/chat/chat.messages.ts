// Messages of the AI chat proxy (modules/chat), spread into RULE_MESSAGES (messages.ts).
export const CHAT_MESSAGES = {
  chatNotConfigured: {
    kr: 'AI 채팅이 설정되지 않았습니다. 관리자가 서버에 CHATFLOW_ID와 CHAT_API_HOST를 설정해야 합니다.',
    en: 'The AI chat is not configured: the administrator sets CHATFLOW_ID and CHAT_API_HOST on the server.',
  },
  chatUnavailable: {
    kr: 'AI 채팅 서버가 응답하지 않습니다. 잠시 후 다시 시도하세요.',
    en: 'The AI chat server did not answer. Try again in a moment.',
  },
} as const;
