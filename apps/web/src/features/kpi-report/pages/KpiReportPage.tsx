import { Skeleton } from 'antd';
import { useRuntime } from '../../../app/shell-data.ts';
import { AtelierKpi } from '../components/AtelierKpi.tsx';
import { MonthlyKpi } from '../components/MonthlyKpi.tsx';
import '../kpi-report.locales.ts';

/** The atelier (workshop) business type's value of BUSINESS_TYPE (server config.ts ATELIER). */
export const ATELIER_BUSINESS_TYPE = 'atelier';

/** /report/kpi: the KPI report, or the workshop KPI page when the server runs with BUSINESS_TYPE=atelier (SPEC §2). */
export default function KpiReportPage() {
  const { runtime, ready } = useRuntime();
  if (!ready) return <Skeleton active />;
  return runtime.businessType === ATELIER_BUSINESS_TYPE ? <AtelierKpi /> : <MonthlyKpi />;
}
