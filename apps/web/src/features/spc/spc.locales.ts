import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// SPC (issue 15): the control chart, capability panel and histogram, in the drawer and on its own page.
registerLocales('spc', { kr, en });

export const SPC_NS = 'spc';
