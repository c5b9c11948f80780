import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The mold screen (/mold/moldInfo): list, trees, form and in/out dialogs share one namespace.
registerLocales('mold', { kr, en });

export const MOLD_NS = 'mold';
