import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// Product stock: the desktop screen (/production/prodStock) and the phone's look-up (/m/production/stock) share one
// namespace.
registerLocales('productStock', { kr, en });

export const PROD_STOCK_NS = 'productStock';
