import { aiChatEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../../api/http.ts';
import { useAppStore } from '../../../../app/store.ts';
import { EChart } from '../../../../components/EChart.tsx';
import { useLocationTree } from '../../../../components/LocationTreeSelect.tsx';
import { firstFactory, locationPath, reasonOf } from '../../../production-plan/calendar/plan-calendar.ts';
import { fmtPct, fmtQty, goodBadOption } from '../widget-charts.ts';
import { WIDGET_NS } from '../widget.locales.ts';
import { FsEmpty, FsFigure, FsFrame, FsProblem, useToday, useWindowHeight } from './FsFrame.tsx';
import { dayParam, FS_REFRESH_MS, idParam } from './fs-params.ts';

export const GOOD_BAD_FS_PATH = '/fs/good-bad-status';

/**
 * /fs/good-bad-status?date=YYYY-MM-DD&locationId= (SPEC §2 embedded pages): the good and bad quantities of a day per
 * line and tool under a location, for a TV — the totals in large type, a stacked bar per line and tool, read again
 * every minute. The day defaults to today, the location to the first factory; a bad value gets a message.
 */
export default function GoodBadStatusFullScreen() {
  const { t } = useTranslation(WIDGET_NS);
  const { token } = theme.useToken();
  const locale = useAppStore((s) => s.locale);
  const [params] = useSearchParams();
  const today = useToday();
  const height = useWindowHeight();
  const date = dayParam(params.get('date'), today);
  const location = idParam(params.get('locationId'));
  const tree = useLocationTree(['LINE']);
  const factory = useMemo(() => firstFactory(tree.data), [tree.data]);
  const id = location.ok ? (location.value ?? factory?.id ?? null) : null;
  const valid = date.ok && location.ok && id != null;
  const q = useQuery({
    queryKey: ['fs', 'good-bad-status', date.ok ? date.value : null, id],
    queryFn: ({ signal }) =>
      call(aiChatEndpoints.goodBadStatus, {
        query: { date: date.ok ? date.value : '', locationId: id ?? 0 },
        signal,
        silent: true,
      }),
    enabled: valid,
    refetchInterval: FS_REFRESH_MS,
  });
  const option = useMemo(() => (q.data ? goodBadOption(q.data, t, { fontSize: 20 }) : null), [q.data, t]);

  const place = useMemo(() => {
    const path = id != null ? locationPath(tree.data, id) : null;
    return path
      ?.filter((n) => n.type !== 'SITE')
      .map((n) => n.name)
      .join(' / ');
  }, [tree.data, id]);

  const problem = !date.ok
    ? t('fs.badDate', { value: date.raw })
    : !location.ok
      ? t('fs.badLocation', { value: location.raw })
      : tree.isSuccess && id == null
        ? t('fs.noFactory')
        : q.isError
          ? t('fs.loadFailed', { reason: reasonOf(q.error, locale) })
          : null;
  if (problem) return <FsProblem message={problem} resetTo={GOOD_BAD_FS_PATH} testId="fs-good-bad" />;

  const day = date.ok ? date.value : today;
  const title = t('fs.goodBadTitle', { location: place ?? '', date: day });
  const d = q.data;
  return (
    <FsFrame title={title} updatedAt={q.dataUpdatedAt} testId="fs-good-bad" loading={!d}>
      {d && (
        <>
          <Flex gap={24}>
            <FsFigure
              label={t('fields.good')}
              value={fmtQty(d.total.goodQty)}
              color={token.colorSuccessText}
              testId="fs-good-bad-good"
            />
            <FsFigure
              label={t('fields.bad')}
              value={fmtQty(d.total.badQty)}
              color={token.colorErrorText}
              testId="fs-good-bad-bad"
            />
            <FsFigure label={t('fields.defectRate')} value={fmtPct(d.total.defectRate)} testId="fs-good-bad-rate" />
          </Flex>
          {d.rows.length === 0 ? (
            <FsEmpty text={t('fs.noProduction')} testId="fs-good-bad-empty" />
          ) : (
            option && (
              <div data-testid="fs-good-bad-chart-box" data-rows={d.rows.length}>
                <EChart option={option} height={Math.max(300, height - 330)} testId="fs-good-bad-chart" />
              </div>
            )
          )}
        </>
      )}
    </FsFrame>
  );
}
