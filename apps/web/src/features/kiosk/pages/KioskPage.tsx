import { EnvironmentOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ProductionResult } from '@eqms/contract';
import { Alert, Button, ConfigProvider, Empty, Flex, Spin, type ThemeConfig, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodes } from '../../../app/codes.ts';
import { pageTitle } from '../../../app/navigation.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { KioskDialog } from '../components/KioskDialog.tsx';
import { KioskHeader } from '../components/KioskHeader.tsx';
import { PlacePicker } from '../components/PlacePicker.tsx';
import { type DefectType, ResultDialog } from '../components/ResultDialog.tsx';
import { type WorkAction, WorkCard } from '../components/WorkCard.tsx';
import { EndDialog, ErrorDialog, StartDialog } from '../components/WorkDialogs.tsx';
import { endBody, type KioskPlace, readPlace, resultBody, startBody, validPlace, writePlace } from '../kiosk-rules.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';
import { useKioskApi, useKioskLocations, useKioskWorks } from '../kiosk.queries.ts';
import '../kiosk.css';

// /kiosk (SPEC §2, opened in a new window from the top bar; issue 13): the shop floor's screen. The operator picks the
// factory and line once (kept on the device), sees the line's works of the factory's today with their targets and
// status, starts one (with its worker), enters good quantity and bad quantity by defect type on a keypad, and ends it.
// Touch first: 56–64 px buttons, 18 px text, 32 px numbers, nothing behind a hover; works at 1,024 × 768 and on a
// tablet. The works are read again every 30 s and after each save.

/** Larger controls and text for the whole page (a finger, a metre away). */
const KIOSK_THEME: ThemeConfig = {
  token: { fontSize: 18, fontSizeLG: 20, controlHeight: 44, controlHeightLG: 56 },
  components: {
    Button: { contentFontSizeLG: 20 },
    Select: { optionHeight: 48, optionFontSize: 18 },
  },
};

type Open = { kind: WorkAction; id: number } | null;

export default function KioskPage() {
  return (
    <ConfigProvider theme={KIOSK_THEME}>
      <Kiosk />
    </ConfigProvider>
  );
}

function Kiosk() {
  const { t } = useTranslation(KIOSK_NS);
  const { token } = theme.useToken();
  const locale = useAppStore((s) => s.locale);
  const canModify = useCan('productionProfit', 'modify');
  useEffect(() => {
    document.title = pageTitle('kiosk', locale);
  }, [locale]);

  const locations = useKioskLocations();
  const [stored, setStored] = useState<KioskPlace | null>(readPlace);
  const chosen = locations.data ? validPlace(locations.data, stored) : null;
  const fabId = chosen?.factory.id;
  const lineId = chosen?.line.id;
  const place = useMemo(() => (fabId && lineId ? { fabId, lineId } : null), [fabId, lineId]);
  const [picking, setPicking] = useState(false);
  const pick = (p: KioskPlace) => {
    writePlace(p);
    setStored(p);
    setPicking(false);
  };

  const works = useKioskWorks(place);
  const api = useKioskApi(place);
  const codes = useCodes('DEFECT_TYPE');
  const defectTypes = useMemo<DefectType[]>(
    () => codes.options.filter((o) => !o.disabled).map((o) => ({ code: o.value, label: o.label })),
    [codes.options],
  );

  const [open, setOpen] = useState<Open>(null);
  const [starting, setStarting] = useState<number | null>(null);
  const [refused, setRefused] = useState<{ title: string; error: unknown } | null>(null);
  const work = open ? works.data?.dailyPlans.find((d) => d.id === open.id) : undefined;
  const notify = (key: string) => useAppStore.getState().notify(t(key), 'success');

  const start = async (w: ProductionResult, workerId: number | null) => {
    await api.save([startBody(w, workerId)]);
    notify('messages.started');
  };
  const onAction = (action: WorkAction, w: ProductionResult) => {
    // A work with its worker starts at once; one without asks for the worker first.
    if (action === 'start' && w.workerId !== null) {
      if (starting !== null) return;
      setStarting(w.id);
      start(w, w.workerId)
        .catch((error) => setRefused({ title: t('start.title'), error }))
        .finally(() => setStarting(null));
      return;
    }
    setOpen({ kind: action, id: w.id });
  };
  const close = () => setOpen(null);

  const factoryName = chosen?.factory.name;
  const lineName = works.data?.lineName ?? chosen?.line.name;
  // The line first and large (what the operator looks for), its factory small under it.
  const placeLabel = chosen ? (
    <Flex vertical align="flex-start" style={{ minWidth: 0, lineHeight: 1.15 }}>
      <span style={{ fontSize: 22, fontWeight: 700, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {lineName}
      </span>
      <span
        style={{ fontSize: 15, fontWeight: 400, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
        data-testid="kiosk-place-factory"
      >
        {factoryName}
      </span>
    </Flex>
  ) : (
    t('header.choosePlace')
  );

  let body: ReactNode;
  if (locations.isPending) body = <Loading />;
  else if (locations.error)
    body = <Failure error={locations.error} onRetry={() => void locations.refetch()} testId="kiosk-locations-error" />;
  else if (!place)
    body = (
      <Panel title={t('place.title')}>
        <PlacePicker factories={locations.data} value={null} onPick={pick} />
      </Panel>
    );
  else if (works.isPending) body = <Loading />;
  else if (works.error && !works.data)
    body = (
      <Failure
        error={works.error}
        onRetry={() => void works.refetch()}
        onChoosePlace={() => setPicking(true)}
        testId="kiosk-works-error"
      />
    );
  else {
    const list = works.data?.dailyPlans ?? [];
    body = (
      <Flex vertical gap={16}>
        <Flex align="baseline" gap={16} wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 28 }} data-testid="kiosk-line-name">
            {lineName}
          </Typography.Title>
          <Typography.Text style={{ fontSize: 20 }} data-testid="kiosk-work-count">
            {t('states.works', { count: list.length })}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 16 }} data-testid="kiosk-updated">
            {t('header.updatedAt', { time: dayjs(works.dataUpdatedAt).format('HH:mm:ss') })}
          </Typography.Text>
        </Flex>
        {!canModify && (
          <Alert type="info" showIcon title={<span style={{ fontSize: 18 }}>{t('states.readOnly')}</span>} />
        )}
        {works.error ? (
          <Alert
            type="warning"
            showIcon
            title={<span style={{ fontSize: 18 }}>{t('states.error')}</span>}
            data-testid="kiosk-refresh-error"
          />
        ) : null}
        {list.length ? (
          <div className="kiosk-works" data-testid="kiosk-works">
            {list.map((w) => (
              <WorkCard
                key={w.id}
                work={w}
                today={works.data!.day}
                canModify={canModify && starting !== w.id}
                onAction={onAction}
              />
            ))}
          </div>
        ) : (
          <Panel>
            <Empty
              data-testid="kiosk-empty"
              description={
                <Flex vertical gap={6}>
                  <Typography.Text strong style={{ fontSize: 24 }}>
                    {t('states.empty')}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 18 }}>
                    {t('states.emptyHint')}
                  </Typography.Text>
                </Flex>
              }
            />
          </Panel>
        )}
      </Flex>
    );
  }

  return (
    <div data-testid="kiosk-page" style={{ minHeight: '100vh', fontSize: 18, color: token.colorText }}>
      <KioskHeader
        placeLabel={placeLabel}
        onChoosePlace={() => setPicking(true)}
        day={works.data?.day ?? null}
        onRefresh={() => {
          void locations.refetch();
          if (place) void works.refetch();
        }}
        refreshing={works.isFetching || locations.isFetching}
      />
      <main style={{ padding: 16 }}>{body}</main>

      {/* Without a place the picker is on the page already. */}
      {picking && place && locations.data && (
        <KioskDialog
          open
          title={t('place.title')}
          width={860}
          onCancel={() => setPicking(false)}
          onOk={() => setPicking(false)}
          okText={t('actions.close')}
          cancelText={null}
          testId="kiosk-place"
        >
          <PlacePicker factories={locations.data} value={place} onPick={pick} />
        </KioskDialog>
      )}
      {open?.kind === 'start' && work && works.data && (
        <StartDialog
          work={work}
          workers={works.data.workers}
          onClose={close}
          onSubmit={async (workerId) => {
            await start(work, workerId);
            close();
          }}
        />
      )}
      {open?.kind === 'enter' && work && works.data && (
        <ResultDialog
          work={work}
          workers={works.data.workers}
          shelves={works.data.shelves}
          defectTypes={defectTypes}
          onClose={close}
          onSubmit={async (entry) => {
            // Totals are sent: added to the result as the server has it now, not as the screen last read it.
            const latest = (await api.fresh(work.id)) ?? work;
            await api.save([resultBody(latest, entry)]);
            notify('messages.saved');
            close();
          }}
        />
      )}
      {open?.kind === 'end' && work && (
        <EndDialog
          work={work}
          onClose={close}
          onSubmit={async () => {
            await api.save([endBody(work)]);
            notify('messages.ended');
            close();
          }}
        />
      )}
      {refused && <ErrorDialog title={refused.title} error={refused.error} onClose={() => setRefused(null)} />}
    </div>
  );
}

function Panel({ title, children }: { title?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        padding: 24,
        borderRadius: token.borderRadiusLG * 1.5,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {title && (
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 28 }}>
          {title}
        </Typography.Title>
      )}
      {children}
    </section>
  );
}

function Loading() {
  const { t } = useTranslation(KIOSK_NS);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 64 }} data-testid="kiosk-loading">
      <Spin size="large" />
      <Typography.Text style={{ fontSize: 22 }}>{t('states.loading')}</Typography.Text>
    </Flex>
  );
}

function Failure({
  error,
  onRetry,
  onChoosePlace,
  testId,
}: {
  error: unknown;
  onRetry: () => void;
  onChoosePlace?: () => void;
  testId: string;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const locale = useAppStore((s) => s.locale);
  const forbidden = error instanceof ApiError && error.status === 403;
  const detail = error instanceof ApiError ? errorText(error, locale) : String(error);
  return (
    <Panel>
      <Flex vertical gap={16} align="flex-start" data-testid={testId}>
        <Alert
          type="error"
          showIcon
          style={{ width: '100%' }}
          title={<span style={{ fontSize: 22 }}>{forbidden ? t('states.forbidden') : t('states.error')}</span>}
          description={forbidden ? undefined : <span style={{ fontSize: 18 }}>{detail}</span>}
        />
        <Flex gap={12} wrap>
          {!forbidden && (
            <Button
              size="large"
              type="primary"
              icon={<ReloadOutlined />}
              onClick={onRetry}
              style={{ height: 64, fontSize: 20 }}
              data-testid="kiosk-retry"
            >
              {t('actions.retry')}
            </Button>
          )}
          {onChoosePlace && (
            <Button
              size="large"
              icon={<EnvironmentOutlined />}
              onClick={onChoosePlace}
              style={{ height: 64, fontSize: 20 }}
            >
              {t('header.choosePlace')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Panel>
  );
}
