import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The mobile scanner's texts (the top bar's scan button, the sheet, the camera), registered by every module that
// renders them: the sheet and the camera are lazy chunks of their own.
registerLocales('scanner', { kr, en });

export const SCANNER_NS = 'scanner';
