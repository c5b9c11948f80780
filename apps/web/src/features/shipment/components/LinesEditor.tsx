import { DeleteOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Select, Table, type TableColumnsType, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { BarcodeInput } from '../../../components/inputs/BarcodeInput.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { lotStockRows, pickFefo, useProductStockRows } from '../shipment.queries.ts';
import { addLotRows, linesFromPick, type ShipLine, totalOf } from '../shipment-rules.ts';

/** A keydown of Enter kept from submitting the dialog's form (the box acts on it itself). */
const onEnter = (act: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  act();
};

/**
 * The lots of a new shipment: filled first-expired-first-out for a quantity (GET /shipment/shipments/pick), a scanned
 * or typed LOT ID adding that lot's stock rows, or a row picked from the product's stock; each line's quantity can be
 * changed and the line removed. A line the server refused shows why on it (`errors`, by stock row).
 */
export function LinesEditor({
  productId,
  unit,
  lines,
  onLines,
  onProductFromLot,
  errors,
  fefoQty,
  onFefoQty,
}: {
  productId: number | null;
  unit: string;
  lines: ShipLine[];
  onLines: (lines: ShipLine[]) => void;
  /** A lot scanned before a product was chosen: its product becomes the shipment's. */
  onProductFromLot: (p: { id: number; code: string; name: string; unit: string }) => void;
  errors: Map<number, string>;
  fefoQty: number | null;
  onFefoQty: (v: number | null) => void;
}) {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const canSeeStock = useCan('prodStock', 'view');
  const [filling, setFilling] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [short, setShort] = useState<string | null>(null);
  const stock = useProductStockRows(productId, canSeeStock);
  const qty = (v: number) => `${fmtQty(v)} ${unitLabel(unit)}`;

  const fill = async () => {
    if (productId == null) return setNotice(t('hints.needsProduct'));
    if (!fefoQty || fefoQty <= 0) return setNotice(t('hints.qtyRequired'));
    setFilling(true);
    setNotice(null);
    try {
      const pick = await pickFefo(productId, fefoQty);
      onLines(linesFromPick(pick));
      setShort(pick.shortQty > 0 ? t('hints.short', { qty: qty(pick.shortQty), picked: qty(pick.pickedQty) }) : null);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setFilling(false);
    }
  };

  const scan = async (code: string) => {
    setScanning(true);
    setNotice(null);
    try {
      const rows = await lotStockRows(code);
      if (!rows) return setNotice(t('hints.lotNotFound', { lotId: code }));
      const out = addLotRows(lines, rows, productId);
      const lotId = rows[0]?.lotId ?? code;
      if (out.kind === 'otherProduct')
        return setNotice(t('hints.lotOtherProduct', { lotId, product: out.productName }));
      if (out.kind === 'noStock') return setNotice(t('hints.lotNoStock', { lotId }));
      if (out.kind === 'already') return setNotice(t('hints.lotAlready', { lotId }));
      if (productId == null) {
        const r = rows[0];
        onProductFromLot({ id: r.productId, code: r.productCode, name: r.productName, unit: r.unit });
      }
      onLines(out.lines);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setScanning(false);
    }
  };

  const setQty = (id: number, v: number | null) =>
    onLines(lines.map((l) => (l.productStockId === id ? { ...l, qty: v } : l)));
  const remove = (id: number) => onLines(lines.filter((l) => l.productStockId !== id));

  const listed = new Set(lines.map((l) => l.productStockId));
  const pickable = (stock.data?.data ?? []).filter((r) => !r.disposed && r.qty > 0 && !listed.has(r.id));

  const columns: TableColumnsType<ShipLine> = [
    {
      title: t('fields.lotId'),
      dataIndex: 'lotId',
      width: 190,
      render: (v: string, l) => (
        <Flex vertical>
          <Typography.Text strong>{v}</Typography.Text>
          {errors.get(l.productStockId) && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="ship-line-error">
              {errors.get(l.productStockId)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('fields.expiry'), dataIndex: 'expiryDate', width: 100, render: (v: string | null) => v ?? '-' },
    { title: t('fields.shelf'), dataIndex: 'placePath', ellipsis: true },
    {
      title: t('fields.available'),
      dataIndex: 'available',
      width: 100,
      align: 'right',
      render: (v: number) => <span data-testid="ship-line-available">{qty(v)}</span>,
    },
    {
      title: t('fields.shipQty'),
      key: 'qty',
      width: 130,
      render: (_, l) => (
        <NumberField
          testId={`ship-line-qty-${l.lotId}`}
          aria-label={`${t('fields.shipQty')} ${l.lotId}`}
          min={0}
          value={l.qty}
          onChange={(v) => setQty(l.productStockId, v)}
          status={errors.has(l.productStockId) ? 'error' : undefined}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: '',
      key: 'remove',
      width: 44,
      render: (_, l) => (
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`${t('actions.removeLine')} ${l.lotId}`}
          title={t('actions.removeLine')}
          onClick={() => remove(l.productStockId)}
          data-testid={`ship-line-remove-${l.lotId}`}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={8} data-testid="ship-lines-editor">
      <Flex gap={8} wrap align="center">
        <NumberField
          testId="ship-fefo-qty"
          aria-label={t('hints.fefoQty')}
          placeholder={t('hints.fefoQty')}
          min={0}
          value={fefoQty}
          onChange={onFefoQty}
          onKeyDown={onEnter(() => void fill())}
          suffix={unit ? unitLabel(unit) : undefined}
          style={{ width: 160 }}
        />
        <Button
          icon={<ThunderboltOutlined />}
          loading={filling}
          onClick={() => void fill()}
          data-testid="ship-fefo-fill"
        >
          {t('actions.fefoFill')}
        </Button>
        <div style={{ flex: '1 1 220px', minWidth: 200 }} onKeyDown={onEnter(() => undefined)}>
          <BarcodeInput
            testId="ship-lot-scan"
            placeholder={t('hints.scanLot')}
            onScan={(code) => void scan(code)}
            disabled={scanning || !canSeeStock}
          />
        </div>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('hints.fefoHelp')}
      </Typography.Text>
      {!canSeeStock && <Alert type="warning" showIcon title={t('hints.needsStockView')} />}
      {notice && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setNotice(null) }}
          title={notice}
          data-testid="ship-lines-notice"
        />
      )}
      {short && <Alert type="warning" showIcon title={short} data-testid="ship-fefo-short" />}
      <Table<ShipLine>
        size="small"
        rowKey="productStockId"
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 700, y: 260 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noLines')} /> }}
        data-testid="ship-lines"
      />
      <Flex gap={8} align="center" justify="space-between" wrap>
        {canSeeStock && productId != null ? (
          <Select<number>
            data-testid="ship-add-lot"
            aria-label={t('hints.pickLot')}
            placeholder={t('hints.pickLot')}
            value={null}
            showSearch={{ optionFilterProp: 'label' }}
            loading={stock.isFetching}
            onChange={(id) => {
              const row = pickable.find((r) => r.id === id);
              const out = row ? addLotRows(lines, [row], productId) : null;
              if (out?.kind === 'added') onLines(out.lines);
            }}
            options={pickable.map((r) => ({
              value: r.id,
              label: `${r.lotId} · ${r.placePath} · ${qty(r.qty)}${r.expiryDate ? ` · ~${r.expiryDate}` : ''}`,
            }))}
            style={{ minWidth: 320, flex: '1 1 320px', maxWidth: 520 }}
          />
        ) : (
          <span />
        )}
        <Typography.Text strong data-testid="ship-lines-total">
          {t('fields.total')}: {qty(totalOf(lines))} · {t('fields.lotCount')} {new Set(lines.map((l) => l.lotId)).size}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
