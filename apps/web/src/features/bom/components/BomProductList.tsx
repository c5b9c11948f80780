import type { Product } from '@eqms/contract';
import { Card, Flex, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { productsWithBom, useBomRoots } from '../bom.queries.ts';

// The products on the left of the BOM screen: a search, one page of products, a tag on those that have a BOM.

export function BomProductList({
  query,
  onSearch,
  products,
  total,
  loading,
  page,
  pageSize,
  onPage,
  selectedId,
  onChoose,
}: {
  /** The search as applied (the box starts with it). */
  query: string;
  onSearch: (q: string) => void;
  products: Product[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  selectedId: number | null;
  onChoose: (p: Product) => void;
}) {
  const { t } = useTranslation(['bom', 'common']);
  const [search, setSearch] = useState(query);
  const productTypeLabel = useCodeLabel('PRODUCT_TYPE');
  const roots = useBomRoots();
  const withBom = useMemo(() => productsWithBom(roots.data ?? []), [roots.data]);

  const columns: TableColumnsType<Product> = [
    {
      title: t('fields.code'),
      dataIndex: 'code',
      width: '45%',
      ellipsis: true,
      render: (code: string, p) => (
        <Flex vertical align="start" style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: code }} data-testid="bom-product-code">
            {code}
          </Typography.Text>
          {withBom.has(p.id) && (
            <Tag color="processing" data-testid="bom-has" style={{ fontSize: 11, lineHeight: '16px' }}>
              BOM
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('fields.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, p) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {productTypeLabel(p.type)}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  return (
    <Card size="small" title={t('titles.products')} data-testid="bom-products">
      <Input.Search
        data-testid="bom-product-search"
        allowClear
        placeholder={t('hints.search')}
        aria-label={t('hints.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onSearch={onSearch}
        style={{ marginBottom: 12 }}
      />
      <Table<Product>
        size="small"
        rowKey="id"
        data-testid="bom-product-table"
        columns={columns}
        dataSource={products}
        loading={loading}
        onRow={(p) => ({ onClick: () => onChoose(p), style: { cursor: 'pointer' } })}
        rowClassName={(p) => (p.id === selectedId ? 'ant-table-row-selected' : '')}
        pagination={{
          current: page,
          pageSize,
          total,
          onChange: onPage,
          showSizeChanger: false,
          size: 'small',
        }}
      />
    </Card>
  );
}
