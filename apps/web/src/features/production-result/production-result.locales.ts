import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The production results screen (/production/profit) and its dialogs share one namespace.
registerLocales('productionResult', { kr, en });

export const RESULT_NS = 'productionResult';
