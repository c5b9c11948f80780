import { FilePdfOutlined } from '@ant-design/icons';
import type { Recall, RecallCanceled, RecallDelivery, RecallLot, RecallPackage, RecallPlan } from '@eqms/contract';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { TRACE_NS } from '../trace.locales.ts';

// The mock recall: what was recalled, whether the ledgers balance (every residual 0) and how long it took; then the
// mass balance of each package and of each lot reached down to what each customer received, the customers, canceled
// shipments apart and plans still making a lot; the printable PDF of all of it.

const qtyCol = <T,>(key: keyof T & string, title: string, alarm = false): DataColumn<T> => ({
  key,
  title,
  width: 84,
  // Numbers are sorted, not filtered: without the filter icon the balance (residual last) fits a desktop screen.
  filter: false,
  render: (r) => {
    const v = r[key] as number;
    return (
      <span style={{ whiteSpace: 'nowrap' }} data-testid={`recall-${key}`}>
        <Typography.Text type={alarm && v !== 0 ? 'danger' : undefined} strong={alarm}>
          {fmtQty(v)}
        </Typography.Text>
      </span>
    );
  },
  exportValue: (r) => r[key] as number,
  sorter: (a, b) => (a[key] as number) - (b[key] as number),
});

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginTop: 20 }}>
      <Typography.Title level={2} style={{ fontSize: 16, marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

export function RecallView({ recall: r, onPdf }: { recall: Recall; onPdf: () => Promise<void> }) {
  const { t } = useTranslation(TRACE_NS);
  const unitLabel = useCodeLabel('UNIT');
  // Every table's unit: the UNIT code's name in the user's language (the workbook keeps the code).
  const unitCol = {
    key: 'unit',
    title: t('fields.unit'),
    width: 64,
    render: (x: { unit: string | null }) => unitLabel(x.unit),
    exportValue: (x: { unit: string | null }) => x.unit,
  };
  const [printing, setPrinting] = useState(false);
  const customers = new Set(r.deliveries.map((d) => d.bizPartnerId)).size;

  const packageColumns: DataColumn<RecallPackage>[] = [
    { key: 'packageId', title: t('fields.packageId'), dataIndex: 'packageId', width: 150 },
    {
      key: 'material',
      title: t('fields.material'),
      width: 170,
      render: (p) => `${p.materialCode} ${p.materialName}`,
    },
    { key: 'receivedDate', title: t('fields.receivedDate'), dataIndex: 'receivedDate', width: 100 },
    qtyCol('receivedQty', t('balance.received')),
    qtyCol('inStockQty', t('balance.inStock')),
    qtyCol('atLineQty', t('balance.atLine')),
    qtyCol('consumedQty', t('balance.consumed')),
    qtyCol('soldQty', t('balance.sold')),
    qtyCol('correctedQty', t('balance.corrected')),
    qtyCol('disposedQty', t('balance.returnedScrapped')),
    qtyCol('residualQty', t('balance.residual'), true),
    unitCol,
  ];
  const lotColumns: DataColumn<RecallLot>[] = [
    {
      key: 'level',
      title: t('fields.level'),
      dataIndex: 'level',
      width: 64,
      filter: false,
      sorter: (a, b) => a.level - b.level,
    },
    {
      key: 'lotId',
      title: t('fields.lotId'),
      width: 180,
      render: (l) => (
        <Typography.Text strong data-testid="recall-lot-id">
          {l.lotId}
        </Typography.Text>
      ),
      exportValue: (l) => l.lotId,
    },
    { key: 'product', title: t('fields.product'), width: 150, render: (l) => `${l.productCode} ${l.productName}` },
    qtyCol('producedQty', t('balance.produced')),
    qtyCol('inStockQty', t('balance.inStock')),
    qtyCol('shippedQty', t('balance.shipped')),
    qtyCol('consumedQty', t('balance.consumedUp')),
    qtyCol('atLineQty', t('balance.atLine')),
    qtyCol('disposedQty', t('balance.disposed')),
    qtyCol('adjustedQty', t('balance.adjusted')),
    qtyCol('residualQty', t('balance.residual'), true),
    unitCol,
    {
      key: 'customers',
      title: t('fields.customers'),
      width: 260,
      render: (l) => (
        <Space size={4} wrap>
          {l.customers.map((c) => (
            <Tag key={c.bizPartnerId} title={c.shipmentNos.join(', ')} data-testid="recall-lot-customer">
              {c.bizPartnerName} {fmtQty(c.qty)}
            </Tag>
          ))}
        </Space>
      ),
      exportValue: (l) =>
        l.customers.map((c) => `${c.bizPartnerName} ${c.qty} (${c.shipmentNos.join(' ')})`).join(', '),
    },
  ];
  const deliveryColumns: DataColumn<RecallDelivery & { id: string }>[] = [
    {
      key: 'customer',
      title: t('fields.customer'),
      width: 200,
      render: (d) => (
        <Typography.Text strong data-testid="recall-customer">
          {d.bizPartnerName}
        </Typography.Text>
      ),
      exportValue: (d) => d.bizPartnerName,
    },
    { key: 'kind', title: t('fields.kind'), width: 110, render: (d) => t(`deliveryKinds.${d.kind}`) },
    { key: 'item', title: t('fields.item'), width: 200, render: (d) => `${d.itemCode} ${d.itemName}` },
    qtyCol('qty', t('fields.qty')),
    unitCol,
    { key: 'refs', title: t('fields.refs'), width: 280, render: (d) => d.refs.join(', ') },
  ];
  const canceledColumns: DataColumn<RecallCanceled>[] = [
    { key: 'shipmentNo', title: t('fields.shipmentNo'), dataIndex: 'shipmentNo', width: 150 },
    { key: 'shipmentDt', title: t('fields.shipmentDt'), dataIndex: 'shipmentDt', width: 110 },
    { key: 'customer', title: t('fields.customer'), dataIndex: 'bizPartnerName', width: 180 },
    { key: 'product', title: t('fields.product'), width: 200, render: (c) => `${c.productCode} ${c.productName}` },
    qtyCol('qty', t('fields.qty')),
    unitCol,
  ];
  const planColumns: DataColumn<RecallPlan>[] = [
    { key: 'planId', title: t('fields.planId'), dataIndex: 'planId', width: 80 },
    { key: 'product', title: t('fields.product'), width: 240, render: (p) => `${p.productCode} ${p.productName}` },
    { key: 'startDt', title: t('fields.startDt'), dataIndex: 'startDt', width: 110 },
    qtyCol('qty', t('fields.qty')),
    unitCol,
  ];

  return (
    <div data-testid="recall-view">
      <Alert
        type={r.balanced ? 'success' : 'error'}
        showIcon
        data-testid="recall-result"
        data-balanced={r.balanced ? 'true' : 'false'}
        title={r.balanced ? t('recall.balanced') : t('recall.unbalanced')}
        description={
          <>
            {t('recall.summary', {
              packages: r.packages.length,
              lots: r.lots.length,
              customers,
              canceled: r.canceledShipments.length,
            })}
            {r.truncated && <div>{t('truncated')}</div>}
          </>
        }
        action={
          <Button
            icon={<FilePdfOutlined />}
            loading={printing}
            data-testid="recall-pdf"
            onClick={() => {
              setPrinting(true);
              void onPdf().finally(() => setPrinting(false));
            }}
          >
            {t('recall.pdf')}
          </Button>
        }
      />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginTop: 12 }}
        items={[
          {
            key: 'supplier',
            label: t('fields.supplier'),
            children: r.supplierName ? `${r.supplierName}${r.supplierCode ? ` (${r.supplierCode})` : ''}` : '-',
          },
          { key: 'supplierLot', label: t('fields.supplierLot'), children: r.supplierLot ?? '-' },
          ...(r.packageId ? [{ key: 'package', label: t('fields.packageId'), children: r.packageId }] : []),
          { key: 'period', label: t('recall.period'), children: `${r.fromDate} ~ ${r.toDate}` },
          {
            key: 'computedAt',
            label: t('recall.computedAt'),
            children: dayjs(r.computedAt).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'elapsed',
            label: t('elapsed'),
            children: <span data-testid="recall-elapsed">{t('elapsedMs', { ms: r.elapsedMs })}</span>,
          },
        ]}
      />
      <Section title={t('recall.packages')}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('recall.packagesRule')}
        </Typography.Paragraph>
        <DataTable<RecallPackage>
          testId="recall-packages"
          rowKey="stockId"
          columns={packageColumns}
          data={r.packages}
          exportName={t('recall.packages')}
        />
      </Section>
      <Section title={t('recall.lots')}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('recall.lotsRule')}
        </Typography.Paragraph>
        <DataTable<RecallLot>
          testId="recall-lots"
          rowKey="lotRowId"
          columns={lotColumns}
          data={r.lots}
          exportName={t('recall.lots')}
        />
      </Section>
      <Section title={t('recall.deliveries')}>
        <DataTable<RecallDelivery & { id: string }>
          testId="recall-deliveries"
          rowKey="id"
          columns={deliveryColumns}
          data={r.deliveries.map((d) => ({ ...d, id: `${d.bizPartnerId}|${d.kind}|${d.itemCode}|${d.unit}` }))}
          exportName={t('recall.deliveries')}
        />
      </Section>
      <Section title={t('recall.canceled')}>
        <DataTable<RecallCanceled>
          testId="recall-canceled"
          rowKey="shipmentId"
          columns={canceledColumns}
          data={r.canceledShipments}
          exportName={t('recall.canceled')}
        />
      </Section>
      {r.plans.length > 0 && (
        <Section title={t('recall.plans')}>
          <DataTable<RecallPlan>
            testId="recall-plans"
            rowKey="planId"
            columns={planColumns}
            data={r.plans}
            exportName={t('recall.plans')}
          />
        </Section>
      )}
    </div>
  );
}
