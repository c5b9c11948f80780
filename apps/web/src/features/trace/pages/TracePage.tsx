import { AimOutlined, ArrowLeftOutlined, NodeIndexOutlined, WarningOutlined } from '@ant-design/icons';
import type { RecallQuery, TraceBackwardQuery, TraceForwardQuery, TraceGraph } from '@eqms/contract';
import { Alert, Button, Card, Empty, Flex, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { errorText } from '../../../api/error-text.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { RecallView } from '../components/RecallView.tsx';
import { type Subject, SubjectForm } from '../components/SubjectForm.tsx';
import { KIND_COLORS, TraceGraphChart } from '../components/TraceGraphChart.tsx';
import { TraceTable } from '../components/TraceTable.tsx';
import type { TraceView } from '../trace.links.ts';
import { TRACE_NS } from '../trace.locales.ts';
import {
  downloadBackward,
  downloadForward,
  downloadRecallPdf,
  useRecall,
  useTraceBackward,
  useTraceForward,
} from '../trace.queries.ts';

type State = {
  view: string;
  lotId: string | undefined;
  shipmentId: number | undefined;
  stockId: number | undefined;
  supplierId: number | undefined;
  supplierLot: string | undefined;
};
const DEFAULTS: State = {
  view: 'backward',
  lotId: undefined,
  shipmentId: undefined,
  stockId: undefined,
  supplierId: undefined,
  supplierLot: undefined,
};
const NUMBERS: (keyof State & string)[] = ['shipmentId', 'stockId', 'supplierId'];

const backwardOf = (s: State): TraceBackwardQuery | null =>
  s.shipmentId != null ? { shipmentId: s.shipmentId } : s.lotId ? { lotId: s.lotId } : null;
const supplierLotOf = (s: State) =>
  s.supplierId != null && s.supplierLot ? { supplierId: s.supplierId, supplierLot: s.supplierLot } : null;
const forwardOf = (s: State): TraceForwardQuery | null =>
  s.stockId != null ? { stockId: s.stockId } : (supplierLotOf(s) ?? (s.lotId ? { lotId: s.lotId } : null));
const recallOf = (s: State): RecallQuery | null => (s.stockId != null ? { stockId: s.stockId } : supplierLotOf(s));

/**
 * /report/lot/trace (issue 14 "genealogy both ways, on one screen"; server modules/trace): backward from a lot or a
 * shipment to the supplier lots in it, forward from a supplier lot, a package or a lot to every lot, shipment and
 * customer it reached — each as a graph and a table with its workbook — and the mock recall of a supplier lot with its
 * mass balance, the time it took and the PDF report. The subject lives in the URL, so the lot report, the material
 * stock screen and the shipment screen link straight to it (trace.links.ts).
 */
export default function TracePage() {
  const { t } = useTranslation(TRACE_NS);
  const navigate = useNavigate();
  const [s, set] = useUrlState<State>(DEFAULTS, { numbers: NUMBERS });
  const view: TraceView = s.view === 'forward' || s.view === 'recall' ? s.view : 'backward';
  const bq = view === 'backward' ? backwardOf(s) : null;
  const fq = view === 'forward' ? forwardOf(s) : null;
  const rq = view === 'recall' ? recallOf(s) : null;
  const backward = useTraceBackward(bq);
  const forward = useTraceForward(fq);
  const recall = useRecall(rq);

  const subject: Subject = {
    lotId: s.lotId,
    shipmentId: s.shipmentId,
    stockId: s.stockId,
    supplierId: s.supplierId,
    supplierLot: s.supplierLot,
  };
  const trace = (next: Subject, nextView: TraceView = view) =>
    set({ ...DEFAULTS, ...next, view: nextView }, { push: true });
  const fromSupplierLot = (supplierId: number, supplierLot: string, to: TraceView) =>
    trace({ lotId: s.lotId, supplierId, supplierLot }, to);

  const graphQuery = view === 'backward' ? backward : forward;
  // The linked shipment or package by the name users know (its number, its package ID) once the trace has answered.
  const linkedKey =
    view === 'backward'
      ? s.shipmentId != null
        ? `SH:${s.shipmentId}`
        : null
      : s.stockId != null
        ? `PK:${s.stockId}`
        : null;
  const linkedLabel =
    view === 'recall'
      ? (recall.data?.packageId ?? undefined)
      : graphQuery.data?.nodes.find((n) => n.key === linkedKey)?.label;
  const content =
    view === 'recall' ? (
      rq ? (
        <Result query={recall}>
          {(r) => (
            <RecallView
              recall={r}
              onPdf={() => downloadRecallPdf(rq, `mock-recall-${r.supplierLot ?? r.packageId ?? r.toDate}.pdf`)}
            />
          )}
        </Result>
      ) : (
        <Empty description={t('subject.empty')} data-testid="trace-empty" />
      )
    ) : (view === 'backward' ? bq : fq) ? (
      <Result query={graphQuery}>
        {(g) => (
          <GraphResult
            graph={g}
            onExport={() =>
              view === 'backward'
                ? downloadBackward(bq!, `${t('views.backward')}.xlsx`)
                : downloadForward(fq!, `${t('views.forward')}.xlsx`)
            }
            onSupplierLot={fromSupplierLot}
          />
        )}
      </Result>
    ) : (
      <Empty description={t('subject.empty')} data-testid="trace-empty" />
    );

  return (
    <PageContainer
      menuName="lotReport"
      title={
        <span data-testid="trace-title">
          <NodeIndexOutlined /> {t('title')}
        </span>
      }
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/report/lot')} data-testid="trace-back-to-lots">
          {t('back')}
        </Button>
      }
    >
      <Tabs
        activeKey={view}
        onChange={(v) => set({ view: v }, { push: true })}
        data-testid="trace-view-tabs"
        items={(['backward', 'forward', 'recall'] as const).map((key) => ({ key, label: t(`views.${key}`) }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t(`hints.${view}`)}
      </Typography.Paragraph>
      <SubjectForm view={view} subject={subject} subjectLabel={linkedLabel} onTrace={(next) => trace(next)} />
      {content}
    </PageContainer>
  );
}

type QueryLike<T> = { data?: T; isLoading: boolean; error: unknown };

/** A trace's answer: loading, an error said in the user's language (not found: that), or the children. */
function Result<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => React.ReactNode }) {
  const { t } = useTranslation(TRACE_NS);
  const locale = useAppStore((st) => st.locale);
  if (query.error) {
    const err = query.error;
    const text = err instanceof ApiError ? (err.status === 404 ? t('notFound') : errorText(err, locale)) : String(err);
    return <Alert type="warning" showIcon title={text} data-testid="trace-error" />;
  }
  if (query.isLoading || !query.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <>{children(query.data)}</>;
}

function GraphResult({
  graph,
  onExport,
  onSupplierLot,
}: {
  graph: TraceGraph;
  onExport: () => Promise<void>;
  onSupplierLot: (supplierId: number, supplierLot: string, to: TraceView) => void;
}) {
  const { t } = useTranslation(TRACE_NS);
  const count = (kind: TraceGraph['nodes'][number]['kind']) => graph.nodes.filter((n) => n.kind === kind).length;
  const supplierLots = graph.nodes.filter((n) => n.kind === 'SUPPLIER_LOT');
  const customers = graph.nodes.filter((n) => n.kind === 'CUSTOMER');
  const subjects = graph.nodes.filter((n) => graph.subjectKeys.includes(n.key));
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Flex wrap gap={8} align="center" data-testid="trace-summary">
        {subjects.map((n) => (
          <Tag key={n.key} icon={<AimOutlined />} color={KIND_COLORS[n.kind]} data-testid="trace-subject-node">
            {t(`kinds.${n.kind}`)} {n.label}
          </Tag>
        ))}
        <Typography.Text>
          {t('summary', { lots: count('LOT'), shipments: count('SHIPMENT'), customers: count('CUSTOMER') })}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="trace-elapsed">
          {t('elapsed')} {t('elapsedMs', { ms: graph.elapsedMs })}
        </Typography.Text>
      </Flex>
      {graph.truncated && <Alert type="warning" showIcon icon={<WarningOutlined />} title={t('truncated')} />}
      {graph.direction === 'BACKWARD' ? (
        <Card size="small" title={t('supplierLots')} data-testid="trace-supplier-lots">
          {supplierLots.length === 0 ? (
            <Typography.Text type="secondary">{t('noSupplierLot')}</Typography.Text>
          ) : (
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              {supplierLots.map((n) => (
                <Flex key={n.key} wrap gap={8} align="center" data-testid="trace-supplier-lot-row">
                  <Tag color={KIND_COLORS.SUPPLIER_LOT}>{n.label}</Tag>
                  <Typography.Text>{n.partnerName}</Typography.Text>
                  <Typography.Text type="secondary">
                    {[n.code, n.name].filter(Boolean).join(' ')}{' '}
                    {n.qty != null ? `${fmtQty(n.qty)} ${n.unit ?? ''}` : ''}
                  </Typography.Text>
                  <Button
                    size="small"
                    data-testid={`trace-forward-from-${n.label}`}
                    onClick={() => onSupplierLot(n.partnerId!, n.supplierLot!, 'forward')}
                  >
                    {t('forwardFrom')}
                  </Button>
                  <Button
                    size="small"
                    data-testid={`trace-recall-from-${n.label}`}
                    onClick={() => onSupplierLot(n.partnerId!, n.supplierLot!, 'recall')}
                  >
                    {t('recallFrom')}
                  </Button>
                </Flex>
              ))}
            </Space>
          )}
        </Card>
      ) : (
        <Card size="small" title={t('customersReached')} data-testid="trace-customers">
          {customers.length === 0 ? (
            <Typography.Text type="secondary">{t('noCustomer')}</Typography.Text>
          ) : (
            <Flex wrap gap={6}>
              {customers.map((n) => (
                <Tag key={n.key} color={KIND_COLORS.CUSTOMER} data-testid="trace-customer">
                  {n.label}
                  {n.qty != null ? ` · ${fmtQty(n.qty)} ${n.unit ?? ''}` : ''}
                </Tag>
              ))}
            </Flex>
          )}
        </Card>
      )}
      <Card size="small" title={t('graph')} styles={{ body: { padding: 8 } }}>
        <TraceGraphChart graph={graph} />
      </Card>
      <Card size="small" title={t('table')}>
        <TraceTable graph={graph} onExport={onExport} />
      </Card>
    </Space>
  );
}
