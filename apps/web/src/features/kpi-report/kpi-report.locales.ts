import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The KPI report screen (/report/kpi) and its workshop variant.
registerLocales('kpiReport', { kr, en });

export const KPI_NS = 'kpiReport';
