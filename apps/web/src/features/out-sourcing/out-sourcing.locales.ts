import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The outsourcing screen (/production/outSourcing): its list and dialog share one namespace.
registerLocales('outSourcing', { kr, en });

export const OUT_SOURCING_NS = 'outSourcing';
