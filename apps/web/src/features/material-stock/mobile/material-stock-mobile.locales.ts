import { registerLocales } from '../../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The warehouse's phone screens (/m/material/stock, /m/material/in): their own namespace, apart from the desktop
// screens' (material-stock).
registerLocales('materialStockMobile', { kr, en });

export const MOBILE_STOCK_NS = 'materialStockMobile';
