import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import '../product-stock/product-stock.locales.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// Shipments: the desktop screen (/production/shipment) and the phone's shipping and list (/m/production/shipment,
// /m/production/shipmentList) share one namespace. The partner picker and the lot expiry cell they show read the
// warehouse's and product stock's namespaces, registered here too.
registerLocales('shipment', { kr, en });
registerLocales('materialStock', { kr: stockKr, en: stockEn });

export const SHIPMENT_NS = 'shipment';
