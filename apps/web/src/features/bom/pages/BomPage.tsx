import { ApartmentOutlined } from '@ant-design/icons';
import type { Product } from '@eqms/contract';
import { Card, Col, Empty, Row } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { flattenRows, scaleTree, useBomStock, useProductPage, useWhereUsed } from '../bom.queries.ts';
import { BomLineDialog, type BomLineDialogMode } from '../components/BomLineDialog.tsx';
import { BomProductList } from '../components/BomProductList.tsx';
import { BomQtyBar } from '../components/BomQtyBar.tsx';
import { BomRequirements } from '../components/BomRequirements.tsx';
import { BomToolbar } from '../components/BomToolbar.tsx';
import { BomTree } from '../components/BomTree.tsx';
import { BomWhereUsed } from '../components/BomWhereUsed.tsx';
import { CopyBomDialog } from '../components/CopyBomDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';

registerLocales('bom', { kr, en });

const PAGE_SIZE = 15;

// The BOM screen: the products on the left; the chosen product's tree, the materials it requires for a production
// quantity and where the product is used on the right. The chosen product and the search are in the URL.
export default function BomPage() {
  const { t } = useTranslation(['bom', 'common']);
  const [view, setView] = useUrlState<{ id: number | undefined; q: string | undefined }>(
    { id: undefined, q: undefined },
    { numbers: ['id'] },
  );
  const selectedId = view.id ?? null;
  const [page, setPage] = useState(1);
  const [qty, setQty] = useState<number>(1);
  const [expandedOf, setExpandedOf] = useState<{ id: number | null; keys: string[] } | null>(null);
  const [dialog, setDialog] = useState<BomLineDialogMode | null>(null);
  const [copying, setCopying] = useState(false);
  const unitLabel = useCodeLabel('UNIT');

  const list = useProductPage(view.q ?? '', page, PAGE_SIZE);
  // The selected product's row (from the list page, or remembered when the list moves on).
  const [selected, setSelected] = useState<Product | null>(null);
  useEffect(() => {
    const inList = list.data?.data.find((p) => p.id === selectedId);
    if (inList) setSelected(inList);
    else if (selectedId == null) setSelected(null);
  }, [list.data, selectedId]);
  const product = selected && selected.id === selectedId ? selected : null;

  const validQty = qty > 0 ? qty : 1;
  const stock = useBomStock(selectedId, validQty);
  const whereUsed = useWhereUsed(selectedId);
  const rows = useMemo(() => scaleTree(stock.data?.tree ?? [], validQty), [stock.data, validQty]);
  const allRows = useMemo(() => flattenRows(rows), [rows]);
  const parentKeys = useMemo(() => allRows.filter((r) => r.children?.length).map((r) => r.key), [allRows]);
  // A newly chosen product opens fully; the user's expand/collapse is kept while the tree reloads.
  const expandedKeys = expandedOf && expandedOf.id === selectedId ? expandedOf.keys : parentKeys;
  const setExpanded = (keys: string[]) => setExpandedOf({ id: selectedId, keys });

  const choose = (p: Product) => {
    setSelected(p);
    setView({ id: p.id }, { push: true });
  };

  return (
    <PageContainer menuName="bom">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={6}>
          <BomProductList
            query={view.q ?? ''}
            onSearch={(q) => {
              setPage(1);
              setView({ q: q.trim() || undefined });
            }}
            products={list.data?.data ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            selectedId={selectedId}
            onChoose={choose}
          />
        </Col>
        <Col xs={24} xl={18}>
          <Card
            size="small"
            data-testid="bom-detail"
            title={
              product ? (
                <span data-testid="bom-title">
                  <ApartmentOutlined /> {product.code} · {product.name}
                </span>
              ) : (
                t('titles.bom')
              )
            }
            extra={
              product && (
                <BomToolbar
                  product={product}
                  allRows={allRows}
                  qty={validQty}
                  onAdd={() =>
                    setDialog({ kind: 'create', parent: { id: product.id, code: product.code, name: product.name } })
                  }
                  onCopy={() => setCopying(true)}
                />
              )
            }
          >
            {!product ? (
              <Empty description={t('hints.select')} style={{ margin: '48px 0' }} />
            ) : (
              <>
                <BomQtyBar
                  qty={qty}
                  onQty={setQty}
                  unitText={unitLabel(product.unit)}
                  onExpandAll={() => setExpanded(parentKeys)}
                  onCollapseAll={() => setExpanded([])}
                />
                <BomTree
                  rows={rows}
                  loading={stock.isFetching}
                  qty={validQty}
                  expandedKeys={expandedKeys}
                  onExpandedChange={setExpanded}
                  onDialog={setDialog}
                />
                <BomRequirements stock={stock.data} qty={validQty} unit={product.unit} />
                <BomWhereUsed lines={whereUsed.data} />
              </>
            )}
          </Card>
        </Col>
      </Row>
      <BomLineDialog mode={dialog} onClose={() => setDialog(null)} />
      <CopyBomDialog
        source={copying && product ? product : null}
        onClose={() => setCopying(false)}
        onCopied={() => undefined}
      />
    </PageContainer>
  );
}
