import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The defect report (/report/defect): one namespace for its page, chart and table.
registerLocales('defectReport', { kr, en });

export const DEFECT_REPORT_NS = 'defectReport';
