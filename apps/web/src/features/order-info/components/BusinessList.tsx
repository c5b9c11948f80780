import { type Business, businessEndpoints } from '@eqms/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useBusinesses, useOrderInfoApi } from '../order-info.queries.ts';

export const periodText = (from: string | null, to: string | null) => (from || to ? `${from ?? ''} ~ ${to ?? ''}` : '');

/**
 * The businesses of the chosen customer (or of every customer): one page at a time, searched by code, name, manager
 * or customer, with the workbook of the same filter. A row opens the business with its orders.
 */
export function BusinessList({
  partner,
  q,
  page,
  size,
  onFilter,
  onOpen,
  onEdit,
  onClearPartner,
}: {
  partner: { id: number; name: string } | null;
  q: string | undefined;
  page: number;
  size: number;
  onFilter: (patch: { q?: string; page?: number; size?: number }) => void;
  onOpen: (b: Business) => void;
  onEdit: (b: Business) => void;
  onClearPartner: () => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const canModify = useCan('orderInfo', 'modify');
  const canDelete = useCan('orderInfo', 'delete');
  const api = useOrderInfoApi();
  const args = { bizPartnerId: partner?.id, q };
  const list = useBusinesses(args, page, size);

  const remove = async (rows: Business[]) => {
    await api.removeBusinesses(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const columns: DataColumn<Business>[] = [
    { key: 'code', title: t('fields.businessCode'), dataIndex: 'code', width: 130 },
    { key: 'name', title: t('fields.businessName'), dataIndex: 'name', width: 200 },
    { key: 'bizPartnerName', title: t('fields.customer'), dataIndex: 'bizPartnerName', width: 150 },
    {
      key: 'period',
      title: t('fields.businessPeriod'),
      width: 200,
      render: (b) => periodText(b.startDt, b.endDt),
    },
    { key: 'manager', title: t('fields.manager'), dataIndex: 'manager', width: 100 },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 200 },
    ...rowActionsColumn<Business>({
      title: t('fields.actions'),
      testId: 'business',
      rowId: (b) => b.code,
      canModify,
      canDelete,
      onEdit,
      onDelete: (b) =>
        void confirmRemove(t('messages.confirmDeleteBusiness', { name: `${b.name} (${b.code})` }), () => remove([b])),
    }),
  ];

  const fileName = t('files.businesses');
  return (
    <DataTable<Business>
      testId="business-table"
      urlKey="b"
      rowKey="id"
      historyTable="businesses"
      columns={columns}
      data={list.data?.data}
      loading={list.isFetching}
      selectable={canDelete}
      onDeleteSelected={remove}
      onRowClick={onOpen}
      exportName={fileName}
      onExport={() =>
        download(businessEndpoints.listExport, `${fileName}.xlsx`, { query: { ...args, q: q || undefined } })
      }
      pagination={{
        page,
        size,
        total: list.data?.total ?? 0,
        onChange: (p, s) => onFilter({ page: p, size: s }),
      }}
      toolbar={
        <>
          {partner && (
            <Tag closable color="blue" data-testid="business-partner-filter" onClose={onClearPartner}>
              {t('fields.customer')}: {partner.name}
            </Tag>
          )}
          <SearchBox
            testId="business-search"
            placeholder={t('filters.businessSearch')}
            value={q}
            onSearch={(text) => onFilter({ q: text, page: 1 })}
            style={{ width: 220 }}
          />
        </>
      }
    />
  );
}
