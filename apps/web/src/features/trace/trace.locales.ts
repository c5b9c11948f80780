import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// Traceability (/report/lot/trace): one namespace for its page, graph, table and recall.
registerLocales('trace', { kr, en });

export const TRACE_NS = 'trace';
