import { PictureOutlined } from '@ant-design/icons';
import { type Product, productEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Image, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { customFieldColumns, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { BarcodeLookup } from '../../../components/BarcodeLookup.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { CodeSelect } from '../../../components/inputs/index.ts';
import { ImportCreateButtons } from '../../../components/ImportCreateButtons.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { useCodeLabel } from '../code-label.ts';
import { ProductFormDialog } from '../components/ProductFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import {
  exportQuery,
  type ProductListParams,
  productKeys,
  useDesignImage,
  useProductApi,
  useProductList,
} from '../product.queries.ts';

registerLocales('product', { kr, en });

const PAGE_SIZE = 20;

/** The image column: an icon for a product with a design image; clicking it opens the preview (fetched then). */
function ImageIndicator({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const [open, setOpen] = useState(false);
  const image = useDesignImage(product, open);
  if (!product.designImageId) return null;
  return (
    <>
      <Tooltip title={product.designImageName}>
        <Button
          type="text"
          size="small"
          icon={<PictureOutlined />}
          aria-label={t('actions.preview')}
          data-testid={`product-image-${product.code}`}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
        />
      </Tooltip>
      {open && image.url && (
        <Image style={{ display: 'none' }} src={image.url} preview={{ open, onOpenChange: (next) => setOpen(next) }} />
      )}
    </>
  );
}

export default function ProductPage() {
  const { t } = useTranslation(['product', 'common']);
  const canCreate = useCan('productInfo', 'create');
  const canModify = useCan('productInfo', 'modify');
  const canDelete = useCan('productInfo', 'delete');
  // The filters and the page live in the URL: a link, a reload or a saved search shows the same list.
  const [params, setParams] = useUrlState<ProductListParams>({
    page: 1,
    size: PAGE_SIZE,
    q: undefined,
    type: undefined,
  });
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const menuLabel = useMenuLabel('productInfo');
  const list = useProductList(params);
  const productApi = useProductApi();
  const queryClient = useQueryClient();
  const typeLabel = useCodeLabel('PRODUCT_TYPE');
  const unitLabel = useCodeLabel('UNIT');
  const customFields = useCustomFields('products');
  const customOptions = useCustomFieldOptions(customFields.data);

  const remove = async (rows: Product[]) => {
    await productApi.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const removeOne = (p: Product) =>
    confirmRemove(t('messages.confirmDelete', { name: `${p.name} (${p.code})` }), () => remove([p]));

  const qty = (v: number | null) => (v == null ? '' : v.toLocaleString());
  const columns: DataColumn<Product>[] = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', width: 120 },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 150 },
    {
      key: 'type',
      title: t('fields.type'),
      width: 100,
      render: (p) => typeLabel(p.type),
      exportValue: (p) => typeLabel(p.type),
    },
    { key: 'specification', title: t('fields.specification'), dataIndex: 'specification', width: 110 },
    {
      key: 'unit',
      title: t('fields.unit'),
      width: 70,
      render: (p) => unitLabel(p.unit),
      exportValue: (p) => unitLabel(p.unit),
    },
    { key: 'barcode', title: t('fields.barcode'), dataIndex: 'barcode', width: 120 },
    {
      key: 'route',
      title: t('fields.route'),
      width: 110,
      render: (p) => p.routeName ?? '',
      exportValue: (p) => p.routeName,
    },
    {
      key: 'lotQty',
      title: t('fields.lotQty'),
      width: 85,
      render: (p) => qty(p.lotQty),
      exportValue: (p) => p.lotQty,
    },
    {
      key: 'packQty',
      title: t('fields.packQty'),
      width: 85,
      render: (p) => qty(p.packQty),
      exportValue: (p) => p.packQty,
    },
    {
      key: 'safetyStock',
      title: t('fields.safetyStock'),
      width: 85,
      render: (p) => qty(p.safetyStock),
      exportValue: (p) => p.safetyStock,
    },
    {
      key: 'designImage',
      title: t('fields.designImage'),
      width: 80,
      render: (p) => <ImageIndicator product={p} />,
      exportValue: (p) => p.designImageName,
    },
  ];
  columns.push(...customFieldColumns<Product>(customFields.data ?? [], t, customOptions));
  columns.push(
    ...rowActionsColumn<Product>({
      title: t('fields.actions'),
      testId: 'product',
      rowId: (p) => p.code,
      canModify,
      canDelete,
      onEdit: setEditing,
      onDelete: removeOne,
    }),
  );

  return (
    <PageContainer
      menuName="productInfo"
      extra={
        <ImportCreateButtons
          testIdPrefix="product"
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
          onImport={() => setImporting(true)}
        />
      }
    >
      <DataTable<Product>
        testId="product-table"
        rowKey="id"
        historyTable="products"
        savedSearchMenu="productInfo"
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        selectable={canDelete}
        onDeleteSelected={remove}
        exportName={menuLabel}
        // Paged on the server: the server exports every row matching the current filters.
        onExport={() => download(productEndpoints.excelExport, `${menuLabel}.xlsx`, { query: exportQuery(params) })}
        pagination={{
          page: params.page,
          size: params.size,
          total: list.data?.total ?? 0,
          onChange: (page, size) => setParams({ page, size }),
        }}
        toolbar={
          <>
            <div style={{ width: 150 }}>
              <CodeSelect
                category="PRODUCT_TYPE"
                testId="product-type-filter"
                placeholder={t('search.type')}
                value={params.type ?? null}
                onChange={(type) => setParams({ type: type ?? undefined, page: 1 })}
              />
            </div>
            <SearchBox
              testId="product-search"
              placeholder={t('search.placeholder')}
              value={params.q}
              onSearch={(q) => setParams({ q, page: 1 })}
              style={{ width: 260 }}
            />
            <BarcodeLookup
              testId="product-barcode"
              placeholder={t('search.barcode')}
              find={productApi.byBarcode}
              onFound={setEditing}
              style={{ width: 340 }}
            />
          </>
        }
      />
      <ProductFormDialog open={editing !== undefined} product={editing ?? null} onClose={() => setEditing(undefined)} />
      <ExcelImportDialog
        open={importing}
        endpoints={productEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: productKeys.all })}
      />
    </PageContainer>
  );
}
