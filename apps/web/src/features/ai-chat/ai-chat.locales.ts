import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The AI chat page and the shell's chat widget share one namespace.
registerLocales('aiChat', { kr, en });

export const AI_CHAT_NS = 'aiChat';
