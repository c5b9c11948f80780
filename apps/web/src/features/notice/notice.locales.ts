import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The bell lives in the shell's top bar and is loaded without the notice pages, so every notice module that
// renders text imports this instead of relying on a page having registered the namespace.
registerLocales('notice', { kr, en });

export const NOTICE_NS = 'notice';
