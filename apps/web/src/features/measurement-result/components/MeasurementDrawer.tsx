import { DownloadOutlined } from '@ant-design/icons';
import { type Judgement, type MeasurementValue, itemJudgement } from '@eqms/contract';
import { Button, Descriptions, Drawer, Flex, Spin, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { JudgementTag } from '../../quality/components/cells.tsx';
import { when } from '../../quality/components/HoldPanel.tsx';
import { limitsText } from '../../quality/components/StandardsScreen.tsx';
import { MEASUREMENT_NS } from '../measurement-result.locales.ts';
import { downloadFile, useMeasurementResult } from '../measurement-result.queries.ts';

type ItemRow = {
  standardId: number;
  name: string;
  kind: MeasurementValue['kind'];
  unit: string | null;
  lsl: number | null;
  usl: number | null;
  sampleSize: number;
  values: MeasurementValue[];
  judgement: Judgement;
};

/** The values of a result by item, each item judged as the quality module judges it (every sample within limits). */
export function byItem(values: MeasurementValue[]): ItemRow[] {
  const items = new Map<number, ItemRow>();
  for (const v of values) {
    const row = items.get(v.standardId) ?? { ...v, values: [], judgement: 'PASS' as Judgement };
    row.values.push(v);
    items.set(v.standardId, row);
  }
  return [...items.values()].map((row) => ({
    ...row,
    judgement: itemJudgement(
      row,
      row.values.map((v) => ({ value: v.value, passed: v.passed })),
    ),
  }));
}

/** One measurement result beside the list: product, lot, file (download), who and when, and the values per item. */
export function MeasurementDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation([MEASUREMENT_NS, 'quality', 'common']);
  const one = useMeasurementResult(id);
  const r = one.data;
  const columns: TableColumnsType<ItemRow> = [
    { title: t('fields.item'), dataIndex: 'name', width: 130 },
    {
      title: t('fields.spec'),
      width: 130,
      render: (_, i) => (i.kind === 'PASS_FAIL' ? t('quality:kind.PASS_FAIL') : limitsText(i)),
    },
    {
      title: t('fields.samples'),
      render: (_, i) => (
        <Flex gap={4} wrap>
          {i.values.map((v) => (
            <Tooltip key={v.id} title={t('hints.sampleOf', { no: v.sampleNo, row: v.rowNumber })}>
              <Tag color={v.ok ? 'success' : 'error'} data-testid="mr-detail-value" data-ok={v.ok}>
                {`#${v.sampleNo} `}
                {v.kind === 'PASS_FAIL' ? (v.passed ? 'OK' : 'NG') : fmtQty(v.value)}
              </Tag>
            </Tooltip>
          ))}
        </Flex>
      ),
    },
    {
      title: t('fields.judgement'),
      width: 90,
      render: (_, i) => <JudgementTag value={i.judgement} testId="mr-detail-item-judgement" />,
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={r ? t('titles.detail', { name: r.fileName }) : ''}
      data-testid="mr-detail"
    >
      {!r ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            data-testid="mr-detail-info"
            items={[
              { key: 'product', label: t('fields.product'), children: `${r.productCode} ${r.productName}` },
              { key: 'lot', label: t('fields.lotId'), children: r.lotId ?? '-' },
              { key: 'at', label: t('fields.measuredAt'), children: when(r.measuredAt) },
              { key: 'by', label: t('fields.uploader'), children: `${r.createdBy ?? '-'} · ${when(r.createdAt)}` },
              {
                key: 'counts',
                label: t('fields.counts'),
                children: t('hints.counts', { items: r.itemCount, values: r.valueCount, ng: r.ngCount }),
              },
              {
                key: 'judgement',
                label: t('fields.judgement'),
                children: <JudgementTag value={r.judgement} testId="mr-detail-judgement" />,
              },
              {
                key: 'file',
                label: t('fields.fileName'),
                span: 2,
                children: (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    data-testid="mr-detail-download"
                    onClick={() => void downloadFile(r.id, r.fileName).catch(() => undefined)}
                  >
                    {`${r.fileName} (${Math.max(1, Math.round(r.fileSize / 1024))} KB)`}
                  </Button>
                ),
              },
            ]}
          />
          <Table<ItemRow>
            size="small"
            rowKey="standardId"
            columns={columns}
            dataSource={byItem(r.values)}
            pagination={false}
            scroll={{ x: 560 }}
            data-testid="mr-detail-items"
          />
        </Flex>
      )}
    </Drawer>
  );
}
