import { registerLocales } from '../../i18n/index.ts';
import '../shipment/shipment.locales.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The inspection report screen (/quality/report/inspection-report) and the parts the test report screen borrows (the
// result picker, the PDF/Excel buttons). The product picker and partner select read the shipment's and warehouse's
// namespaces, registered by shipment.locales.
registerLocales('inspectionReport', { kr, en });

export const INSPECTION_REPORT_NS = 'inspectionReport';
