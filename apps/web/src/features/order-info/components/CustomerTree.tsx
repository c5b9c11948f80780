import type { BizPartner, BusinessTreeNode } from '@eqms/contract';
import { Badge, Card, Empty, Input, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartnersOfType } from '../../material-stock/material-stock.queries.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { usePartnerTrees } from '../order-info.queries.ts';

// The left panel: the customers (partners of type CUSTOMER), each opened to its businesses (GET
// /business/partner-tree/{id}, asked when the customer is opened) and their orders. Choosing a node chooses the
// customer, the business or the order on the right.

export type TreeChoice = { partnerId?: number; businessId?: number; orderId?: number };

const partnerKey = (p: number) => `P${p}`;
const businessKey = (p: number, b: number) => `B${p}:${b}`;
const orderKey = (p: number, b: number, o: number) => `O${p}:${b}:${o}`;

function choiceOf(key: string): TreeChoice | null {
  const [p, b, o] = key.slice(1).split(':').map(Number);
  if (key.startsWith('P')) return { partnerId: p };
  if (key.startsWith('B')) return { partnerId: p, businessId: b };
  if (key.startsWith('O')) return { partnerId: p, businessId: b, orderId: o };
  return null;
}

function businessNodes(partnerId: number, list: BusinessTreeNode[], t: (k: string) => string): DataNode[] {
  if (list.length === 0)
    return [
      {
        key: `E${partnerId}`,
        isLeaf: true,
        selectable: false,
        title: <Typography.Text type="secondary">{t('tree.noBusiness')}</Typography.Text>,
      },
    ];
  return list.map((b) => ({
    key: businessKey(partnerId, b.id),
    isLeaf: b.children.length === 0,
    title: (
      <span data-testid="tree-business" data-code={b.code}>
        {b.name}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {b.code}
        </Typography.Text>
      </span>
    ),
    children: b.children.map((o) => ({
      key: orderKey(partnerId, b.id, o.id),
      isLeaf: true,
      title: (
        <span data-testid="tree-order" data-no={o.orderNo}>
          {o.orderNo}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.orderDt}
          </Typography.Text>
        </span>
      ),
    })),
  }));
}

export function CustomerTree({ value, onSelect }: { value: TreeChoice; onSelect: (choice: TreeChoice) => void }) {
  const { t } = useTranslation(ORDER_INFO_NS);
  const customers = usePartnersOfType('CUSTOMER');
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const { partnerId, businessId, orderId } = value;

  // What the URL chooses (a link, back) is opened in the tree.
  useEffect(() => {
    const keys = [
      partnerId ? partnerKey(partnerId) : null,
      partnerId && businessId ? businessKey(partnerId, businessId) : null,
    ].filter((k): k is string => !!k);
    if (keys.length) setExpanded((e) => (keys.every((k) => e.includes(k)) ? e : [...new Set([...e, ...keys])]));
  }, [partnerId, businessId]);

  const openPartners = useMemo(
    () => expanded.filter((k) => k.startsWith('P')).map((k) => Number(k.slice(1))),
    [expanded],
  );
  const trees = usePartnerTrees(openPartners);
  const treeOf = new Map(openPartners.map((id, i) => [id, trees[i]]));

  const shown = useMemo(() => {
    const all = customers.data ?? [];
    const q = filter.trim().toLowerCase();
    return q ? all.filter((p) => `${p.name} ${p.code}`.toLowerCase().includes(q)) : all;
  }, [customers.data, filter]);

  const treeData: DataNode[] = shown.map((p: BizPartner) => {
    const tree = treeOf.get(p.id);
    return {
      key: partnerKey(p.id),
      isLeaf: false,
      title: (
        <span data-testid="tree-customer" data-code={p.code}>
          {p.name}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.code}
          </Typography.Text>
          {tree?.data && (
            <Badge count={tree.data.length} color="gray" showZero style={{ marginInlineStart: 6 }} size="small" />
          )}
        </span>
      ),
      children: tree?.data
        ? businessNodes(p.id, tree.data, t)
        : [{ key: `L${p.id}`, isLeaf: true, selectable: false, title: <Spin size="small" /> }],
    };
  });

  const selectedKey =
    partnerId && businessId && orderId
      ? orderKey(partnerId, businessId, orderId)
      : partnerId && businessId
        ? businessKey(partnerId, businessId)
        : partnerId
          ? partnerKey(partnerId)
          : null;

  return (
    <Card
      size="small"
      title={t('titles.customers')}
      extra={<Typography.Text type="secondary">{customers.data?.length ?? ''}</Typography.Text>}
      data-testid="customer-tree-card"
    >
      <Input.Search
        allowClear
        size="small"
        data-testid="customer-filter"
        aria-label={t('filters.customer')}
        placeholder={t('filters.customer')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {customers.isLoading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noCustomers')} />
      ) : (
        <Tree
          data-testid="customer-tree"
          showLine
          blockNode
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          // A second click on the chosen node keeps it chosen (antd would unselect it): the choice is the clicked node.
          onSelect={(_, info) => {
            const key = String(info.node.key);
            const choice = choiceOf(key);
            if (!choice) return;
            if (key.startsWith('P') && !expanded.includes(key)) setExpanded([...expanded, key]);
            onSelect(choice);
          }}
          style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 200, overflow: 'auto' }}
        />
      )}
    </Card>
  );
}
