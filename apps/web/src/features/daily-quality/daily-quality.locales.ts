import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import shipmentEn from '../shipment/locales/en.json';
import shipmentKr from '../shipment/locales/kr.json';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The daily quality result screen (/quality/daily/result). The shared parts it shows read their own namespaces: the
// period filter (the warehouse's) and the product picker (the shipment screens').
registerLocales('dailyQuality', { kr, en });
registerLocales('materialStock', { kr: stockKr, en: stockEn });
registerLocales('shipment', { kr: shipmentKr, en: shipmentEn });

export const DAILY_QUALITY_NS = 'dailyQuality';
