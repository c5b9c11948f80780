import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// Requirement tracking (/report/tracking): one namespace for its page, tables and chart.
registerLocales('tracking', { kr, en });

export const TRACKING_NS = 'tracking';
