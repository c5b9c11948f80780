import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The product report (/report/product): one namespace for its page, chart and table.
registerLocales('productReport', { kr, en });

export const PRODUCT_REPORT_NS = 'productReport';
