import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The outsourcing screen (/production/outSourcing): its list and dialog share one namespace. The warehouse's parts
// it shows (the period filter, the partner select) read the warehouse's namespace.
registerLocales('outSourcing', { kr, en });
registerLocales('materialStock', { kr: stockKr, en: stockEn });

export const OUT_SOURCING_NS = 'outSourcing';
