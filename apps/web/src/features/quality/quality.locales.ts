import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import '../product-stock/product-stock.locales.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The quality screens (standards and results of materials and products) share one namespace. The warehouse's parts
// they show (the material pick-list, the period filter) read the warehouse's namespace, registered here too.
registerLocales('quality', { kr, en });
registerLocales('materialStock', { kr: stockKr, en: stockEn });

export const QUALITY_NS = 'quality';
