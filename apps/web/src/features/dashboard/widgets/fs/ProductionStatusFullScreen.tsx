import { aiChatEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../../api/http.ts';
import { useAppStore } from '../../../../app/store.ts';
import { reasonOf } from '../../../production-plan/calendar/plan-calendar.ts';
import { fmtPct, fmtQty } from '../widget-charts.ts';
import { WIDGET_NS } from '../widget.locales.ts';
import { FsEmpty, FsFigure, FsFrame, FsProblem, useToday, useWindowHeight } from './FsFrame.tsx';
import { FS_REFRESH_MS, type RangeProblem, rangeParams } from './fs-params.ts';

export const PRODUCTION_STATUS_FS_PATH = '/fs/production-status';

/**
 * /fs/production-status?fromDate=YYYY-MM-DD&toDate=YYYY-MM-DD (SPEC §2 embedded pages): planned, good and bad
 * quantities with the achievement and defect rates of a period, in total and per product, for a TV — large type, read
 * again every minute. Both days default to today; a bad day, a reversed or too long period gets a message.
 */
export default function ProductionStatusFullScreen() {
  const { t } = useTranslation(WIDGET_NS);
  const { token } = theme.useToken();
  const locale = useAppStore((s) => s.locale);
  const [params] = useSearchParams();
  const today = useToday();
  const height = useWindowHeight();
  const range = rangeParams(params.get('fromDate'), params.get('toDate'), today);
  const q = useQuery({
    queryKey: ['fs', 'production-status', range.ok ? range.fromDate : null, range.ok ? range.toDate : null],
    queryFn: ({ signal }) =>
      call(aiChatEndpoints.prodStatus, {
        query: range.ok ? { fromDate: range.fromDate, toDate: range.toDate } : { fromDate: '', toDate: '' },
        signal,
        silent: true,
      }),
    enabled: range.ok,
    refetchInterval: FS_REFRESH_MS,
  });

  const problemText = (p: RangeProblem) =>
    p.kind === 'badFrom' || p.kind === 'badTo'
      ? t('fs.badDate', { value: p.raw })
      : p.kind === 'order'
        ? t('fs.rangeOrder')
        : t('fs.rangeTooLong', { max: p.max });
  const problem = !range.ok
    ? problemText(range.problem)
    : q.isError
      ? t('fs.loadFailed', { reason: reasonOf(q.error, locale) })
      : null;
  if (problem) return <FsProblem message={problem} resetTo={PRODUCTION_STATUS_FS_PATH} testId="fs-prod-status" />;
  if (!range.ok) return null;

  const period = range.fromDate === range.toDate ? range.fromDate : `${range.fromDate} ~ ${range.toDate}`;
  const d = q.data;
  const cell = { fontSize: 26 };
  return (
    <FsFrame
      title={t('fs.prodStatusTitle', { period })}
      updatedAt={q.dataUpdatedAt}
      testId="fs-prod-status"
      loading={!d}
    >
      {d && (
        <>
          <Flex gap={24}>
            <FsFigure label={t('fields.planned')} value={fmtQty(d.total.plannedQty)} testId="fs-prod-status-planned" />
            <FsFigure
              label={t('fields.good')}
              value={fmtQty(d.total.goodQty)}
              color={token.colorSuccessText}
              testId="fs-prod-status-good"
            />
            <FsFigure
              label={t('fields.bad')}
              value={fmtQty(d.total.badQty)}
              color={token.colorErrorText}
              testId="fs-prod-status-bad"
            />
            <FsFigure
              label={t('fields.achievementRate')}
              value={fmtPct(d.total.achievementRate)}
              color={token.colorPrimaryText}
              testId="fs-prod-status-achievement"
            />
            <FsFigure
              label={t('fields.defectRate')}
              value={fmtPct(d.total.defectRate)}
              testId="fs-prod-status-defect"
            />
          </Flex>
          {d.products.length === 0 ? (
            <FsEmpty text={t('fs.noProduction')} testId="fs-prod-status-empty" />
          ) : (
            <Table
              data-testid="fs-prod-status-table"
              className="fs-table"
              rowKey="productId"
              pagination={false}
              dataSource={d.products}
              size="middle"
              scroll={{ y: Math.max(240, height - 400) }}
              onRow={() => ({ style: cell, 'data-testid': 'fs-prod-status-row' }) as never}
              columns={[
                {
                  title: <span style={cell}>{t('fields.product')}</span>,
                  key: 'product',
                  width: '34%',
                  ellipsis: true,
                  render: (_, p) => (
                    <span style={cell}>
                      {p.productCode} {p.productName}
                    </span>
                  ),
                },
                ...(
                  [
                    ['planned', 'plannedQty'],
                    ['good', 'goodQty'],
                    ['bad', 'badQty'],
                  ] as const
                ).map(([label, key]) => ({
                  title: <span style={cell}>{t(`fields.${label}`)}</span>,
                  key,
                  align: 'right' as const,
                  render: (_: unknown, p: (typeof d.products)[number]) => (
                    <span style={cell}>{`${fmtQty(p[key])} ${p.unit}`}</span>
                  ),
                })),
                ...(
                  [
                    ['achievementRate', 'achievementRate'],
                    ['defectRate', 'defectRate'],
                  ] as const
                ).map(([label, key]) => ({
                  title: <span style={cell}>{t(`fields.${label}`)}</span>,
                  key,
                  align: 'right' as const,
                  render: (_: unknown, p: (typeof d.products)[number]) => <span style={cell}>{fmtPct(p[key])}</span>,
                })),
              ]}
            />
          )}
        </>
      )}
    </FsFrame>
  );
}
