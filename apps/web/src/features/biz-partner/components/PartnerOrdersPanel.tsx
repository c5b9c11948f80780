import type { BizPartner, BizPartnerOrderNode } from '@eqms/contract';
import { Card, Empty, Spin, Tabs, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderTreeKind, useOrderTree } from '../biz-partner.queries.ts';

const KINDS: OrderTreeKind[] = ['orders-tree', 'order-material-tree', 'order-product-tree'];

const toNodes = (nodes: BizPartnerOrderNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.key,
    title: (
      <span>
        {n.code && <Typography.Text type="secondary">{n.code} </Typography.Text>}
        {n.name}
        {n.qty != null && (
          <Typography.Text type="secondary">
            {' '}
            · {n.qty.toLocaleString()} {n.unit ?? ''}
          </Typography.Text>
        )}
        {(n.startDt || n.endDt) && (
          <Typography.Text type="secondary">
            {' '}
            · {n.startDt ?? ''} ~ {n.endDt ?? ''}
          </Typography.Text>
        )}
      </span>
    ),
    children: n.children.length ? toNodes(n.children) : undefined,
  }));

function OrderTree({ kind, partnerId }: { kind: OrderTreeKind; partnerId: number }) {
  const { t } = useTranslation('bizPartner');
  const tree = useOrderTree(kind, partnerId);
  if (tree.isLoading)
    return (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
      </div>
    );
  const nodes = tree.data ?? [];
  if (nodes.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('orders.empty')}
        data-testid={`biz-partner-${kind}-empty`}
      />
    );
  return <Tree data-testid={`biz-partner-${kind}`} showLine defaultExpandAll treeData={toNodes(nodes)} />;
}

/** The selected partner's orders, order materials and order products (filled once orders exist). */
export function PartnerOrdersPanel({ partner }: { partner: BizPartner | null }) {
  const { t } = useTranslation('bizPartner');
  const [tab, setTab] = useState<OrderTreeKind>('orders-tree');
  return (
    <Card
      size="small"
      data-testid="biz-partner-orders"
      title={partner ? t('orders.titleOf', { name: partner.name }) : t('orders.title')}
    >
      {partner ? (
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(k) => setTab(k as OrderTreeKind)}
          items={KINDS.map((kind) => ({
            key: kind,
            label: t(`orders.${kind}`),
            children: <OrderTree kind={kind} partnerId={partner.id} />,
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.select')} />
      )}
    </Card>
  );
}
