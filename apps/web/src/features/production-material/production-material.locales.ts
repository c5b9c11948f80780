import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import en from './locales/en.json';
import kr from './locales/kr.json';

// Material released to production: the desktop screen (/material/stockOutRestock) and the phone's release and
// restock (/m/material/out, /m/material/re-in) share one namespace. The warehouse's parts it shows (the expiry cell)
// read the warehouse's namespace.
registerLocales('productionMaterial', { kr, en });
registerLocales('materialStock', { kr: stockKr, en: stockEn });

export const PROD_NS = 'productionMaterial';
