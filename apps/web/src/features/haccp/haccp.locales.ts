import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The HACCP screens (/haccp/*): CCP monitoring, its CCPs, the sign, review and amendment dialogs share one namespace.
registerLocales('haccp', { kr, en });

export const HACCP_NS = 'haccp';
