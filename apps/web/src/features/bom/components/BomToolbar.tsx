import { CopyOutlined, DeleteOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import type { Product } from '@eqms/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { type ExportColumn, exportRows } from '../../../components/exportRows.ts';
import { type BomRow, useBomApi } from '../bom.queries.ts';

// The buttons of the chosen product's BOM: add a line under the product, copy the BOM to another product, export
// the whole tree to Excel, delete every line.

export function BomToolbar({
  product,
  allRows,
  qty,
  onAdd,
  onCopy,
}: {
  product: Product;
  /** Every line of the tree, depth first, with its quantity for `qty`. */
  allRows: BomRow[];
  qty: number;
  onAdd: () => void;
  onCopy: () => void;
}) {
  const { t } = useTranslation(['bom', 'common']);
  const canCreate = useCan('bom', 'create');
  const canDelete = useCan('bom', 'delete');
  const bomApi = useBomApi();
  const productTypeLabel = useCodeLabel('PRODUCT_TYPE');
  const materialTypeLabel = useCodeLabel('MATERIAL_TYPE');
  const unitLabel = useCodeLabel('UNIT');
  const empty = allRows.length === 0;

  const typeText = (r: BomRow) => (r.kind === 'PRODUCT' ? productTypeLabel(r.type) : materialTypeLabel(r.type));
  const exportColumns: ExportColumn<BomRow>[] = [
    { title: t('fields.level'), value: (r) => r.level, width: 8 },
    { title: t('fields.kind'), value: (r) => t(`kind.${r.kind}`), width: 10 },
    { title: t('fields.code'), value: (r) => `${'  '.repeat(r.level - 1)}${r.code}`, width: 20 },
    { title: t('fields.name'), value: (r) => r.name, width: 28 },
    { title: t('fields.type'), value: typeText, width: 14 },
    { title: t('fields.specification'), value: (r) => r.specification, width: 20 },
    { title: t('fields.qtyPerUnit'), value: (r) => r.qty, width: 12 },
    { title: t('fields.unit'), value: (r) => unitLabel(r.unit), width: 10 },
    { title: t('fields.lossRate'), value: (r) => r.lossRate, width: 10 },
    { title: t('fields.requiredFor', { qty }), value: (r) => r.totalQty, width: 16 },
  ];
  const exportBom = async () => {
    await exportRows(`BOM_${product.code}`, exportColumns, allRows);
  };

  const removeAll = async () => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDeleteAll', { code: product.code, name: product.name }),
      danger: true,
    });
    if (!ok) return;
    try {
      await bomApi.removeAll(product.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // The API client has said why.
    }
  };

  return (
    <Space wrap size={4}>
      {canCreate && (
        <Button size="small" type="primary" icon={<PlusOutlined />} data-testid="bom-add-root" onClick={onAdd}>
          {t('actions.add')}
        </Button>
      )}
      {canCreate && (
        <Button size="small" icon={<CopyOutlined />} data-testid="bom-copy" disabled={empty} onClick={onCopy}>
          {t('actions.copy')}
        </Button>
      )}
      <Button size="small" icon={<FileExcelOutlined />} data-testid="bom-export" disabled={empty} onClick={exportBom}>
        {t('actions.export')}
      </Button>
      {canDelete && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          data-testid="bom-delete-all"
          disabled={empty}
          onClick={removeAll}
        >
          {t('actions.deleteAll')}
        </Button>
      )}
    </Space>
  );
}
