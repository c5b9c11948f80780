import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { JUDGEMENTS, type Judgement, type MeasurementResult, measurementResultEndpoints } from '@eqms/contract';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { JudgementTag } from '../../quality/components/cells.tsx';
import { when } from '../../quality/components/HoldPanel.tsx';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { MeasurementDrawer } from '../components/MeasurementDrawer.tsx';
import { UploadDialog } from '../components/UploadDialog.tsx';
import { MEASUREMENT_NS } from '../measurement-result.locales.ts';
import { downloadFile, useMeasurementApi, useMeasurementResults } from '../measurement-result.queries.ts';

const DEFAULT_DAYS = 30;

type Filters = {
  productId: number | undefined;
  lotId: string | undefined;
  judgement: Judgement | undefined;
};

/**
 * /quality/product/measurementResult: measurement files (CMM, gauges) of products by measured day; upload with a
 * per-row preview (all or none), the values per item and sample in a drawer, the original file, bulk delete.
 */
export default function MeasurementResultPage() {
  const { t } = useTranslation([MEASUREMENT_NS, 'common']);
  const canCreate = useCan('measurementResult', 'create');
  const canDelete = useCan('measurementResult', 'delete');
  const api = useMeasurementApi();
  const [uploading, setUploading] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { productId: undefined, lotId: undefined, judgement: undefined },
    { numbers: ['productId'] },
  );
  const { s, filter, period } = view;
  const args =
    period.error || !period.from || !period.to
      ? null
      : { startDt: period.from, endDt: period.to, productId: s.productId, lotId: s.lotId, judgement: s.judgement };
  const list = useMeasurementResults(args, s.page, s.size);
  const remove = (rows: MeasurementResult[]) => api.removeList(rows.map((r) => r.id));

  const columns: DataColumn<MeasurementResult>[] = [
    {
      key: 'measuredAt',
      title: t('fields.measuredAt'),
      width: 140,
      render: (r) => when(r.measuredAt),
      exportValue: (r) => when(r.measuredAt),
    },
    {
      key: 'judgement',
      title: t('fields.judgement'),
      width: 90,
      render: (r) => <JudgementTag value={r.judgement} testId={`mr-judgement-${r.id}`} />,
      exportValue: (r) => t(`quality:judgement.${r.judgement}`),
    },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 110 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    { key: 'lotId', title: t('fields.lotId'), dataIndex: 'lotId', width: 170 },
    { key: 'fileName', title: t('fields.fileName'), dataIndex: 'fileName', width: 180 },
    { key: 'itemCount', title: t('fields.itemCount'), dataIndex: 'itemCount', width: 70 },
    { key: 'valueCount', title: t('fields.valueCount'), dataIndex: 'valueCount', width: 80 },
    { key: 'ngCount', title: t('fields.ngCount'), dataIndex: 'ngCount', width: 70 },
    { key: 'createdBy', title: t('fields.uploader'), dataIndex: 'createdBy', width: 100 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 110,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="mr"
          rowId={r.id}
          canModify={false}
          canDelete={canDelete}
          onEdit={() => undefined}
          onDelete={() =>
            void confirmRemove(t('messages.confirmDelete', { name: r.fileName }), async () => {
              await api.remove(r.id);
              useAppStore.getState().notify(t('common:messages.deleted'), 'success');
            })
          }
        >
          <RowAction
            label={t('actions.download')}
            icon={<DownloadOutlined />}
            onClick={() => void downloadFile(r.id, r.fileName).catch(() => undefined)}
            testId={`mr-download-${r.id}`}
          />
        </EditDeleteActions>
      ),
      exportValue: () => null,
    },
  ];

  return (
    <PageContainer
      menuName="measurementResult"
      extra={
        canCreate && (
          <Button type="primary" icon={<UploadOutlined />} data-testid="mr-upload" onClick={() => setUploading(true)}>
            {t('actions.upload')}
          </Button>
        )
      }
    >
      <PeriodListTable
        testId="mr"
        menuName="measurementResult"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="measurement_results"
        columns={columns}
        selectable={canDelete}
        onDeleteSelected={remove}
        onRowClick={(r) => setOpenId(r.id)}
        activeRowKey={openId}
        onExport={(a, fileName) =>
          download(measurementResultEndpoints.listExport, fileName, { query: { ...a, lotId: a.lotId || undefined } })
        }
        filters={
          <>
            <ProductPickSelect
              testId="mr-filter-product"
              placeholder={t('filters.allProducts')}
              value={s.productId ?? null}
              onChange={(productId) => filter({ productId: productId ?? undefined })}
              style={{ width: 200 }}
            />
            <Select<Judgement>
              data-testid="mr-filter-judgement"
              aria-label={t('filters.allJudgements')}
              allowClear
              placeholder={t('filters.allJudgements')}
              value={s.judgement}
              onChange={(judgement) => filter({ judgement })}
              options={JUDGEMENTS.map((v) => ({ value: v, label: t(`quality:judgement.${v}`) }))}
              style={{ width: 120 }}
            />
            <SearchBox
              testId="mr-filter-lot"
              placeholder={t('filters.lotId')}
              value={s.lotId}
              onSearch={(lotId) => filter({ lotId })}
              style={{ width: 180 }}
            />
          </>
        }
      />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} onSaved={(id) => setOpenId(id)} />
      <MeasurementDrawer id={openId} onClose={() => setOpenId(null)} />
    </PageContainer>
  );
}
