import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/inputs/index.ts';

// Above the tree: the production quantity the requirements are computed for, and expand/collapse of the tree.

export function BomQtyBar({
  qty,
  onQty,
  unitText,
  onExpandAll,
  onCollapseAll,
}: {
  qty: number;
  onQty: (qty: number) => void;
  /** The product's unit, after the quantity. */
  unitText: string;
  onExpandAll: () => void;
  onCollapseAll: () => void;
}) {
  const { t } = useTranslation(['bom', 'common']);
  return (
    <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
      <Space wrap>
        <Typography.Text>{t('fields.productionQty')}</Typography.Text>
        <NumberField
          testId="bom-production-qty"
          aria-label={t('fields.productionQty')}
          value={qty}
          min={0}
          onChange={(v) => onQty(v ?? 0)}
          style={{ width: 140 }}
        />
        <Typography.Text type="secondary">{unitText}</Typography.Text>
      </Space>
      <Space size={4}>
        <Button size="small" icon={<PlusSquareOutlined />} data-testid="bom-expand-all" onClick={onExpandAll}>
          {t('actions.expandAll')}
        </Button>
        <Button size="small" icon={<MinusSquareOutlined />} data-testid="bom-collapse-all" onClick={onCollapseAll}>
          {t('actions.collapseAll')}
        </Button>
      </Space>
    </Flex>
  );
}
