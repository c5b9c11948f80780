import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import en from './locales/en.json';
import kr from './locales/kr.json';

// Semi-finished lots released to production (/production/productStockOutRestock). The expiry cell it borrows from
// the warehouse reads the warehouse's namespace.
registerLocales('productIssue', { kr, en });
registerLocales('materialStock', { kr: stockKr, en: stockEn });

export const ISSUE_NS = 'productIssue';
