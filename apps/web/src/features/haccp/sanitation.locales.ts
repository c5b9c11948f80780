import { registerLocales } from '../../i18n/index.ts';
import en from './locales/sanitation.en.json';
import kr from './locales/sanitation.kr.json';

// The sanitation check list screen (/haccp/sanitationProcessCheckList): its own namespace beside `haccp`, whose
// status, signature and password texts it shares.
registerLocales('sanitation', { kr, en });

export const SANITATION_NS = 'sanitation';
