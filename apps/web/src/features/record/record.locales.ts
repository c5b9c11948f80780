import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The records screen (/record): tree, list, sheet and folder forms share one namespace.
registerLocales('record', { kr, en });

export const RECORD_NS = 'record';
