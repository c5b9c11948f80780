import type { ShipmentDetail } from '@eqms/contract';
import { Alert, Button, Card, ConfigProvider, Drawer, Empty, Flex, Input, Spin, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { LabeledLine } from '../../../components/LabeledLine.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { cancelText, ShipmentStatusTag } from '../components/cells.tsx';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { useLotShipments, useShipmentApi, useTodayShipments } from '../shipment.queries.ts';
import { MobileScanInput } from './MobileScanInput.tsx';

// /m/production/shipmentList (SPEC §2 mobile routes, mShipmentList): today's shipments on a phone — customer, product,
// quantity, lots, canceled or not —, or with a `barcode` (a LOT ID: the scan sheet's "shipment info", or a scan here)
// the shipments of that lot. A tap opens the shipment with its lots, and the cancel.

function ShipmentCard({ s, onOpen }: { s: ShipmentDetail; onOpen: () => void }) {
  const unitLabel = useCodeLabel('UNIT');
  return (
    <Card size="small" data-testid="m-ship-card" data-shipment-no={s.shipmentNo} styles={{ body: { padding: 12 } }}>
      <Button
        type="text"
        block
        onClick={onOpen}
        aria-label={s.shipmentNo}
        style={{ height: 'auto', padding: 0, textAlign: 'start', whiteSpace: 'normal', display: 'block' }}
      >
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {s.shipmentNo}
          </Typography.Text>
          <ShipmentStatusTag row={s} />
        </Flex>
        <Typography.Text style={{ display: 'block' }}>{s.bizPartnerName}</Typography.Text>
        <Flex justify="space-between" gap={8} wrap>
          <Typography.Text type="secondary">
            {s.productCode} · {s.productName}
          </Typography.Text>
          <Typography.Text strong data-testid="m-ship-card-qty">
            {fmtQty(s.totalQty)} {unitLabel(s.unit)}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, wordBreak: 'break-all' }}>
          {s.lotIds.join(', ')}
        </Typography.Text>
      </Button>
    </Card>
  );
}

/** A shipment from the bottom: its figures, its lots and, while it stands, the cancel with a reason. */
function DetailSheet({ s, onClose }: { s: ShipmentDetail | null; onClose: () => void }) {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const locale = useAppStore((st) => st.locale);
  const unitLabel = useCodeLabel('UNIT');
  const canModify = useCan('shipment', 'modify');
  const api = useShipmentApi();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shownId = s?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another shipment opened starts from an empty reason
  useEffect(() => {
    setReason('');
    setError(null);
  }, [shownId]);

  const cancel = async () => {
    if (!s || saving) return;
    const ok = await useAppStore
      .getState()
      .askConfirm({ title: t('titles.cancel'), text: `${t('m.cancelConfirm')} ${s.shipmentNo}`, danger: true });
    if (!ok) return;
    setSaving(true);
    setError(null);
    try {
      await api.cancel([s.id], reason.trim() || null);
      useAppStore.getState().notify(t('messages.canceled'), 'success');
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(errorText(err, locale));
      else throw err;
    } finally {
      setSaving(false);
    }
  };

  const q = (v: number) => `${fmtQty(v)} ${unitLabel(s?.unit ?? '')}`;
  return (
    <Drawer
      open={s !== null}
      onClose={onClose}
      placement="bottom"
      size="85%"
      destroyOnHidden
      title={s?.shipmentNo}
      data-testid="m-ship-detail"
    >
      {s && (
        <Flex vertical gap={12}>
          <div>
            <ShipmentStatusTag row={s} />
            <LabeledLine label={t('fields.shipmentDt')}>{s.shipmentDt}</LabeledLine>
            <LabeledLine label={t('fields.customer')}>{s.bizPartnerName}</LabeledLine>
            {s.orderNo && <LabeledLine label={t('fields.orderNo')}>{s.orderNo}</LabeledLine>}
            <LabeledLine label={t('fields.product')}>
              {s.productCode} · {s.productName}
            </LabeledLine>
            <LabeledLine label={t('fields.qty')} testId="m-ship-detail-qty">
              {q(s.totalQty)}
            </LabeledLine>
            {s.canceled && (
              <LabeledLine label={t('fields.canceled')} testId="m-ship-detail-canceled">
                {cancelText(s)}
              </LabeledLine>
            )}
          </div>
          <Flex vertical gap={6}>
            {s.lots.map((l) => (
              <Card key={l.id} size="small" styles={{ body: { padding: 10 } }} data-testid="m-ship-detail-lot">
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                    {l.lotId}
                  </Typography.Text>
                  <Typography.Text strong>{q(l.qty)}</Typography.Text>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {l.placePath}
                  {l.expiryDate ? ` · ${t('fields.expiry')} ${l.expiryDate}` : ''}
                </Typography.Text>
              </Card>
            ))}
          </Flex>
          {canModify && !s.canceled && (
            <ConfigProvider componentSize="large">
              <Flex vertical gap={8}>
                {error && <Alert type="error" showIcon title={error} data-testid="m-ship-cancel-error" />}
                <Input
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder={t('hints.cancelReason')}
                  aria-label={t('hints.cancelReason')}
                  maxLength={200}
                  data-testid="m-ship-cancel-reason"
                />
                <Button
                  danger
                  block
                  loading={saving}
                  onClick={() => void cancel()}
                  style={{ height: 52, fontSize: 17 }}
                  data-testid="m-ship-cancel"
                >
                  {t('actions.cancel')}
                </Button>
              </Flex>
            </ConfigProvider>
          )}
        </Flex>
      )}
    </Drawer>
  );
}

export default function MobileShipmentListPage() {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const lotId = params.get('barcode')?.trim() || null;
  const today = useTodayShipments(!lotId);
  const ofLot = useLotShipments(lotId);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = lotId ? ofLot : today;
  const list = query.data ?? [];
  const open = list.find((s) => s.id === openId) ?? null;
  const notFound = !!lotId && ofLot.error instanceof ApiError && ofLot.error.status === 404;

  const scan = (code: string) => {
    if (code === lotId) void ofLot.refetch();
    else setParams({ barcode: code }, { replace: true });
  };

  return (
    <Flex vertical gap={12} data-testid="m-ship-list-page">
      <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 12 }}>
        <MobileScanInput testId="m-ship-list-scan" placeholder={t('hints.scanLot')} onScan={scan} />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 13 }}>
          {t('m.listScan')}
        </Typography.Text>
      </div>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }} data-testid="m-ship-list-title">
          {lotId ? t('m.lotShipments', { lotId, count: list.length }) : t('m.today', { count: list.length })}
        </Typography.Title>
        {lotId && (
          <Button
            onClick={() => setParams({}, { replace: true })}
            style={{ minHeight: 44 }}
            data-testid="m-ship-list-today"
          >
            {t('m.showToday')}
          </Button>
        )}
      </Flex>
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : notFound ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('hints.lotNotFound', { lotId })}
          data-testid="m-ship-list-not-found"
        />
      ) : list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(lotId ? 'm.noLotShipments' : 'm.noToday')}
          data-testid="m-ship-list-empty"
        />
      ) : (
        <Flex vertical gap={8} data-testid="m-ship-list">
          {list.map((s) => (
            <ShipmentCard key={s.id} s={s} onOpen={() => setOpenId(s.id)} />
          ))}
        </Flex>
      )}
      <DetailSheet s={open} onClose={() => setOpenId(null)} />
    </Flex>
  );
}
