import { registerLocales } from '../../i18n/index.ts';
import stockEn from '../material-stock/locales/en.json';
import stockKr from '../material-stock/locales/kr.json';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The equipment screens (kinds, stock, history) and the shell's equipment-insufficient alert share one namespace. The
// history's period field (PeriodListTable) reads the warehouse's namespace, registered here too.
registerLocales('equipment', { kr, en });
registerLocales('materialStock', { kr: stockKr, en: stockEn });

export const EQUIPMENT_NS = 'equipment';
