import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The HACCP screens (/haccp/*): CCP monitoring, its CCPs, the sign, review and amendment dialogs share one namespace.
registerLocales('haccp', { kr, en });
// The period field of the list (PeriodListTable) reads the stock screens' namespace.
registerLocales('materialStock', { kr: stockKr, en: stockEn });

export const HACCP_NS = 'haccp';
