import { ScanOutlined } from '@ant-design/icons';
import type { BarcodeInfo } from '@eqms/contract';
import { Button, ConfigProvider, Drawer, Flex, Spin, Tag, Typography, theme } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BarcodeInput } from '../../components/inputs/index.ts';
import { lookUpBarcode } from '../../components/scanner/barcode-info.ts';
import { SCANNER_NS } from '../../components/scanner/scanner.locales.ts';
import type { MobileRoute } from '../../features/registry.ts';
import { useAppStore } from '../store.ts';
import { scanActions } from './mobile-screens.ts';
import { LabeledLine } from '../../components/LabeledLine.tsx';

// The mobile shell's scanner sheet (SPEC §2): the camera, a manual code box, and a keyboard-wedge scan made anywhere
// while it is open; a scan is looked up (GET /barcode/{code}) and the sheet shows what it names with the actions of
// its type that lead to a screen this user may open. A lazy chunk; the camera's decoder is another one.

const CameraView = lazy(() => import('../../components/scanner/CameraView.tsx'));

export type IncomingScan = { code: string; n: number };

const number = (locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ko-KR', { maximumFractionDigits: 3 });

function ScanResult({ info }: { info: BarcodeInfo }) {
  const { t } = useTranslation(SCANNER_NS);
  const locale = useAppStore((s) => s.locale);
  const fmt = number(locale);
  const qty = (q: number, unit: string) => `${fmt.format(q)} ${unit}`;
  const title = (() => {
    switch (info.type) {
      case 'MATERIAL_STOCK':
        return info.data.materialName;
      case 'LOT':
        return info.data.productionPlanProductName;
      default:
        return info.data.name;
    }
  })();
  return (
    <div data-testid="scan-result" data-type={info.type}>
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {t(`types.${info.type}`)}
        </Tag>
        <Typography.Text strong style={{ fontSize: 17 }} data-testid="scan-result-name">
          {title}
        </Typography.Text>
      </Flex>
      {info.type === 'MATERIAL' && (
        <>
          <LabeledLine label={t('fields.code')}>{info.data.code}</LabeledLine>
          {info.data.specification && (
            <LabeledLine label={t('fields.specification')}>{info.data.specification}</LabeledLine>
          )}
          <LabeledLine label={t('fields.stock')} testId="scan-result-qty">
            {qty(info.data.stockQty, info.data.unit)} · {t('fields.packages', { count: info.data.stockCount })}
          </LabeledLine>
        </>
      )}
      {info.type === 'MATERIAL_STOCK' && (
        <>
          <LabeledLine label={t('fields.packageId')}>{info.data.packageId}</LabeledLine>
          <LabeledLine label={t('fields.qty')} testId="scan-result-qty">
            {qty(info.data.qty, info.data.unit)}
          </LabeledLine>
          <LabeledLine label={t('fields.place')} testId="scan-result-place">
            {info.data.placePath}
          </LabeledLine>
          {info.data.expiryDate && <LabeledLine label={t('fields.expiry')}>{info.data.expiryDate}</LabeledLine>}
        </>
      )}
      {info.type === 'LOT' && (
        <>
          <LabeledLine label={t('fields.lotId')}>{info.data.lotId}</LabeledLine>
          <LabeledLine label={t('fields.qty')} testId="scan-result-qty">
            {qty(info.data.qty, info.data.unit)}
          </LabeledLine>
          {info.data.placePath && (
            <LabeledLine label={t('fields.place')} testId="scan-result-place">
              {info.data.placePath}
            </LabeledLine>
          )}
        </>
      )}
      {info.type === 'PRODUCT' && (
        <>
          <LabeledLine label={t('fields.code')}>{info.data.code}</LabeledLine>
          {info.data.specification && (
            <LabeledLine label={t('fields.specification')}>{info.data.specification}</LabeledLine>
          )}
        </>
      )}
    </div>
  );
}

/** The sheet's body: the result and its actions, or the scanner; exported for the component tests. */
export function ScanPanel({
  screens,
  incoming,
  onNavigate,
}: {
  screens: readonly Pick<MobileRoute, 'path' | 'label'>[];
  incoming?: IncomingScan | null;
  onNavigate: (to: string) => void;
}) {
  const { t } = useTranslation(SCANNER_NS);
  const [result, setResult] = useState<BarcodeInfo | null>(null);
  const [looking, setLooking] = useState(false);
  const busy = useRef(false);

  const lookUp = async (code: string) => {
    if (busy.current) return;
    busy.current = true;
    setLooking(true);
    try {
      setResult(await lookUpBarcode(code));
    } catch {
      setResult(null);
    } finally {
      busy.current = false;
      setLooking(false);
    }
  };
  const lookUpRef = useRef(lookUp);
  lookUpRef.current = lookUp;
  useEffect(() => {
    if (incoming) void lookUpRef.current(incoming.code);
  }, [incoming]);

  if (result) {
    const actions = scanActions(result, screens);
    return (
      <Flex vertical gap={16}>
        <ScanResult info={result} />
        <Flex vertical gap={8} data-testid="scan-actions">
          {actions.map((a) => (
            <Button
              key={a.to}
              type="primary"
              size="large"
              block
              onClick={() => onNavigate(a.to)}
              data-testid={`scan-action-${a.label}`}
            >
              {t(`common:mobile.routes.${a.label}`)}
            </Button>
          ))}
          {actions.length === 0 && <Typography.Text type="secondary">{t('noActions')}</Typography.Text>}
          <Button size="large" block icon={<ScanOutlined />} onClick={() => setResult(null)} data-testid="scan-again">
            {t('scanAgain')}
          </Button>
        </Flex>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Suspense
        fallback={
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        }
      >
        <CameraView onDetect={(code) => void lookUp(code)} />
      </Suspense>
      <Typography.Text type="secondary">{t('hint')}</Typography.Text>
      <ConfigProvider componentSize="large">
        <BarcodeInput
          manual
          manualSwitch={false}
          testId="scan-manual"
          placeholder={t('manualPlaceholder')}
          onScan={(code) => void lookUp(code)}
          disabled={looking}
        />
      </ConfigProvider>
      {looking && (
        <Flex justify="center" gap={8} data-testid="scan-looking">
          <Spin size="small" />
          <Typography.Text type="secondary">{t('looking')}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}

export default function ScanSheet({
  open,
  onClose,
  incoming,
  screens,
}: {
  open: boolean;
  onClose: () => void;
  incoming: IncomingScan | null;
  screens: readonly Pick<MobileRoute, 'path' | 'label'>[];
}) {
  const { t } = useTranslation(SCANNER_NS);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="88%"
      destroyOnHidden
      title={t('title')}
      styles={{ body: { padding: 16, background: token.colorBgContainer }, header: { paddingBlock: 8 } }}
      data-testid="scan-sheet"
      rootClassName="scan-sheet"
    >
      <ScanPanel
        screens={screens}
        incoming={incoming}
        onNavigate={(to) => {
          onClose();
          navigate(to);
        }}
      />
    </Drawer>
  );
}
