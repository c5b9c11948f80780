import { ExportOutlined } from '@ant-design/icons';
import type { BizPartner, BizPartnerOrderNode } from '@eqms/contract';
import { Button, Card, Empty, Spin, Tabs, Tag, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCanSeeMenu } from '../../../app/permissions.ts';
import { type OrderTreeKind, useOrderTree } from '../biz-partner.queries.ts';

const KINDS: OrderTreeKind[] = ['orders-tree', 'order-material-tree', 'order-product-tree'];
const KIND_COLOR: Record<string, string> = {
  BUSINESS: 'blue',
  ORDER: 'geekblue',
  ORDER_PRODUCT: 'green',
  ORDER_MATERIAL: 'purple',
};
const ORDER_INFO_PATH = '/production/orderInfo';

type Ctx = {
  t: TFunction;
  unitLabel: (code: string) => string;
  partnerId: number;
  /** Opens a business or an order on the business and orders screen (null without the right to see it). */
  open: ((query: Record<string, number>) => void) | null;
};

/** What a node says beside its code and name: a line's quantity and due date or period, an order's dates. */
function nodeDetail(n: BizPartnerOrderNode, { t, unitLabel }: Ctx): string {
  const parts: string[] = [];
  if (n.qty != null) parts.push(`${n.qty.toLocaleString()} ${n.unit ? unitLabel(n.unit) : ''}`.trim());
  if (n.kind === 'ORDER_PRODUCT' && n.endDt) parts.push(t('orders.due', { date: n.endDt }));
  else if (n.kind === 'ORDER') {
    if (n.startDt) parts.push(t('orders.ordered', { date: n.startDt }));
    if (n.endDt) parts.push(t('orders.due', { date: n.endDt }));
  } else if (n.startDt || n.endDt) parts.push(`${n.startDt ?? ''} ~ ${n.endDt ?? ''}`);
  return parts.join(' · ');
}

const toNodes = (nodes: BizPartnerOrderNode[], ctx: Ctx, businessId?: number): DataNode[] =>
  nodes.map((n) => {
    const detail = nodeDetail(n, ctx);
    const target: Record<string, number> | null =
      n.kind === 'BUSINESS'
        ? { partnerId: ctx.partnerId, businessId: n.id }
        : n.kind === 'ORDER' && businessId
          ? { partnerId: ctx.partnerId, businessId, orderId: n.id }
          : null;
    const openLabel = ctx.t('orders.open');
    return {
      key: n.key,
      title: (
        <span data-testid="biz-partner-order-node" data-kind={n.kind} data-code={n.code ?? ''}>
          <Tag color={KIND_COLOR[n.kind]} style={{ marginInlineEnd: 6 }}>
            {ctx.t(`orders.kinds.${n.kind}`, { defaultValue: n.kind })}
          </Tag>
          {n.code && <Typography.Text strong>{n.code} </Typography.Text>}
          {n.name}
          {detail && <Typography.Text type="secondary"> · {detail}</Typography.Text>}
          {target && ctx.open && (
            <Tooltip title={openLabel}>
              <Button
                type="link"
                size="small"
                icon={<ExportOutlined />}
                aria-label={openLabel}
                data-testid="biz-partner-order-open"
                onClick={(e) => {
                  e.stopPropagation();
                  ctx.open?.(target);
                }}
              />
            </Tooltip>
          )}
        </span>
      ),
      children: n.children.length ? toNodes(n.children, ctx, n.kind === 'BUSINESS' ? n.id : businessId) : undefined,
    };
  });

function OrderTree({ kind, partnerId }: { kind: OrderTreeKind; partnerId: number }) {
  const { t } = useTranslation('bizPartner');
  const unitLabel = useCodeLabel('UNIT');
  const navigate = useNavigate();
  const canOpen = useCanSeeMenu('orderInfo');
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
  const open = canOpen
    ? (query: Record<string, number>) =>
        navigate(`${ORDER_INFO_PATH}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`)
    : null;
  return (
    <Tree
      data-testid={`biz-partner-${kind}`}
      showLine
      blockNode
      defaultExpandAll
      selectable={false}
      treeData={toNodes(nodes, { t, unitLabel, partnerId, open })}
      style={{ maxHeight: 420, overflow: 'auto' }}
    />
  );
}

/** The selected partner's orders, order materials and order products (businesses → orders → lines). */
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
