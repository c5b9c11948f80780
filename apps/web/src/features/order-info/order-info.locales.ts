import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The business and orders screen (/production/orderInfo): its panels, tabs and dialogs share one namespace.
registerLocales('orderInfo', { kr, en });

export const ORDER_INFO_NS = 'orderInfo';
