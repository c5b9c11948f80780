import { registerLocales } from '../../i18n/index.ts';
import '../inspection-report/inspection-report.locales.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The test report screen (/report/inspect). It borrows the inspection report's result picker and file buttons (their
// namespace is registered by inspection-report.locales).
registerLocales('testReport', { kr, en });

export const TEST_REPORT_NS = 'testReport';
