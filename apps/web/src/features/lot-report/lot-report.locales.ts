import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The lot report (/report/lot): one namespace for its page, panel and tree.
registerLocales('lotReport', { kr, en });

export const LOT_NS = 'lotReport';
