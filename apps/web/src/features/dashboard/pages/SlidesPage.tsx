import { CloseOutlined, LeftOutlined, PlayCircleOutlined, RightOutlined } from '@ant-design/icons';
import { SLIDES_STORAGE_KEY, SLIDESHOW_CYCLES_S } from '@eqms/contract';
import { Button, Checkbox, Empty, Flex, Form, Radio, Skeleton, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { DashboardGrid } from '../components/DashboardGrid.tsx';
import { nextSlide, parseSlides, type SlidesChoice, slideIds } from '../dashboard-layout.ts';
import { DASHBOARD_NS } from '../dashboard.locales.ts';
import { useDashboard, useDashboards } from '../dashboard.queries.ts';

/**
 * /dashboard/slides (SPEC §2, hidden from the menu; §9 cycles): the user picks dashboards and a cycle (kept in local
 * storage), then the dashboards take the whole screen one after another. Esc, the exit button or leaving the
 * browser's full screen ends it.
 */
export default function SlidesPage() {
  const { t } = useTranslation([DASHBOARD_NS, 'common']);
  const list = useDashboards();
  const [choice, setChoice] = useState<SlidesChoice>(() => parseSlides(localStorage.getItem(SLIDES_STORAGE_KEY)));
  const [running, setRunning] = useState<number[] | null>(null);
  const keep = (next: SlidesChoice) => {
    setChoice(next);
    localStorage.setItem(SLIDES_STORAGE_KEY, JSON.stringify(next));
  };
  const dashboards = list.data ?? [];
  const ids = slideIds(choice.ids, dashboards);
  if (running) return <SlideShow ids={running} cycleS={choice.cycle} onExit={() => setRunning(null)} />;
  return (
    <PageContainer menuName="dashboardSlides">
      {list.isPending ? (
        <Skeleton active />
      ) : dashboards.length === 0 ? (
        <Empty description={t('empty.none')} />
      ) : (
        <Form layout="vertical" style={{ maxWidth: 640 }} data-testid="slides-form">
          <Typography.Paragraph type="secondary">{t('slides.choose')}</Typography.Paragraph>
          <Form.Item label={t('fields.dashboards')} required>
            <Checkbox.Group
              data-testid="slides-dashboards"
              value={ids}
              onChange={(v) => keep({ ...choice, ids: v as number[] })}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={dashboards.map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
          <Form.Item label={t('fields.cycle')} required>
            <Radio.Group
              data-testid="slides-cycle"
              optionType="button"
              value={choice.cycle}
              onChange={(e) => keep({ ...choice, cycle: e.target.value })}
              options={SLIDESHOW_CYCLES_S.map((s) => ({
                value: s,
                label: s >= 60 ? t('units.minutes', { count: s / 60 }) : t('units.seconds', { count: s }),
              }))}
            />
          </Form.Item>
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            disabled={ids.length === 0}
            title={ids.length === 0 ? t('slides.chooseOne') : undefined}
            onClick={() => setRunning(ids)}
            data-testid="slides-start"
          >
            {t('actions.start')}
          </Button>
        </Form>
      )}
    </PageContainer>
  );
}

function SlideShow({ ids, cycleS, onExit }: { ids: number[]; cycleS: number; onExit: () => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { token } = theme.useToken();
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const one = useDashboard(ids[index] ?? null);
  const exit = useCallback(() => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    onExit();
  }, [onExit]);

  // Full screen when the browser allows it (a user gesture started the show); the overlay covers the chrome anyway.
  useEffect(() => {
    ref.current?.requestFullscreen?.().catch(() => undefined);
    const left = () => {
      if (!document.fullscreenElement) onExit();
    };
    let wasFull = false;
    const change = () => {
      if (document.fullscreenElement) wasFull = true;
      else if (wasFull) left();
    };
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, [onExit]);

  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') exit();
      else if (e.key === 'ArrowRight') setIndex((i) => nextSlide(i, ids.length));
      else if (e.key === 'ArrowLeft') setIndex((i) => nextSlide(i, ids.length, -1));
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [exit, ids.length]);

  // One slide per cycle; a manual step starts the cycle again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide restarts the timer
  useEffect(() => {
    if (ids.length < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => nextSlide(i, ids.length)), cycleS * 1000);
    return () => window.clearTimeout(timer);
  }, [index, cycleS, ids.length]);

  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label={one.data?.name ?? t('actions.slideshow')}
      data-testid="slideshow"
      data-slide={index}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1100,
        overflow: 'auto',
        padding: 16,
        background: token.colorBgLayout,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }} data-testid="slide-title">
          {one.data?.name ?? ''}
        </Typography.Title>
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">
            {t('slides.position', { index: index + 1, count: ids.length })} · {t('slides.escHint')}
          </Typography.Text>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('actions.previous')}
            onClick={() => setIndex((i) => nextSlide(i, ids.length, -1))}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('actions.next')}
            onClick={() => setIndex((i) => nextSlide(i, ids.length))}
          />
          <Button icon={<CloseOutlined />} onClick={exit} data-testid="slides-exit">
            {t('actions.exit')}
          </Button>
        </Flex>
      </Flex>
      {one.data ? <DashboardGrid widgets={one.data.widgets} /> : <Skeleton active />}
    </div>
  );
}
