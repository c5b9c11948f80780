import {
  type EquipmentStock,
  equipmentDiscardBody,
  equipmentStockCreateBody,
  equipmentStockUpdateBody,
  type ToolTreeNode,
} from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Row, Select, TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { decimalRule, NumberField } from '../../../components/inputs/NumberField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { toolEndpoints } from '@eqms/contract';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { EQUIPMENT_NS } from '../equipment.locales.ts';
import { useEquipmentApi, useEquipmentKinds } from '../equipment.queries.ts';

// The stock screen's dialogs: add, move, discard and edit. Every write asks for confirmation first (SPEC: destructive
// or stock-changing actions), then the server's answer lands on the fields (400) or in the snackbar (409).

type PlaceValues = { placeKind: 'location' | 'tool'; locationId?: number | null; toolId?: number | null };

/** The tools as a tree select (locations as the path, tools the only choices). */
function ToolSelect({
  value,
  onChange,
  id,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
}) {
  const tree = useQuery({
    queryKey: ['tool', 'tree'],
    queryFn: ({ signal }) => call(toolEndpoints.tree, { signal }),
  });
  type Option = { value: string; title: string; selectable: boolean; children?: Option[] };
  const options = useMemo(() => {
    const map = (nodes: ToolTreeNode[]): Option[] =>
      nodes.map((n) => ({
        value: n.key,
        title: n.kind === 'tool' ? `${n.name} (${n.code})` : n.name,
        selectable: n.kind === 'tool',
        children: n.children.length ? map(n.children) : undefined,
      }));
    return map(tree.data ?? []);
  }, [tree.data]);
  return (
    <TreeSelect<string | undefined>
      id={id}
      data-testid="equipment-place-tool"
      value={value != null ? `T${value}` : undefined}
      onChange={(key) => onChange?.(key ? Number(String(key).slice(1)) : null)}
      treeData={options}
      loading={tree.isLoading}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      treeLine
      allowClear
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}

/** Location or tool: a radio and the matching picker. */
function PlaceFields({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const form = Form.useFormInstance<PlaceValues>();
  const kind = Form.useWatch('placeKind', form) ?? 'location';
  return (
    <>
      <Form.Item name="placeKind" label={t(labelKey)} required>
        <Radio.Group
          data-testid="equipment-place-kind"
          onChange={() => form.setFieldsValue({ locationId: null, toolId: null })}
          options={[
            { value: 'location', label: t('actions.toLocation') },
            { value: 'tool', label: t('actions.toTool') },
          ]}
        />
      </Form.Item>
      {kind === 'location' ? (
        <Form.Item name="locationId" rules={[{ required: true, message: t('messages.placeRequired') }]}>
          <LocationTreeSelect testId="equipment-place-location" />
        </Form.Item>
      ) : (
        <Form.Item name="toolId" rules={[{ required: true, message: t('messages.placeRequired') }]}>
          <ToolSelect />
        </Form.Item>
      )}
    </>
  );
}

const placeBody = (v: PlaceValues) =>
  v.placeKind === 'tool'
    ? { toolId: v.toolId ?? null, locationId: null }
    : { locationId: v.locationId ?? null, toolId: null };

const confirm = (title: string, text: string, danger = false) =>
  useAppStore.getState().askConfirm({ title, text, danger });

type AddValues = PlaceValues & { equipmentId: number; qty: number; description?: string | null };

export function AddStockDialog({
  open,
  defaults,
  onClose,
}: {
  open: boolean;
  defaults: Partial<AddValues>;
  onClose: () => void;
}) {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const api = useEquipmentApi();
  const kinds = useEquipmentKinds();
  return (
    <FormDialog<AddValues>
      open={open}
      title={t('titles.addStock')}
      testId="equipment-add"
      initialValues={{ placeKind: 'location', ...defaults }}
      onClose={onClose}
      onSubmit={async (v, form) => {
        try {
          await api.addStock({ equipmentId: v.equipmentId, qty: v.qty, description: v.description, ...placeBody(v) });
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err);
          throw err;
        }
      }}
    >
      <Form.Item
        name="equipmentId"
        label={t('fields.name')}
        required
        rules={[{ required: true, message: t('fields.name') }]}
      >
        <Select
          data-testid="equipment-add-kind"
          showSearch={{ optionFilterProp: 'label' }}
          loading={kinds.isLoading}
          options={(kinds.data ?? []).map((k) => ({
            value: k.id,
            label: k.standard ? `${k.name} (${k.standard})` : k.name,
          }))}
        />
      </Form.Item>
      <PlaceFields labelKey="fields.place" />
      <Form.Item
        name="qty"
        label={t('fields.qty')}
        required
        rules={[zodRule(equipmentStockCreateBody.shape.qty), decimalRule()]}
      >
        <NumberField testId="equipment-add-qty" min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea data-testid="equipment-add-description" maxLength={500} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

type MoveValues = PlaceValues & { qty: number; reason?: string | null };

export function MoveStockDialog({ row, onClose }: { row: EquipmentStock | null; onClose: () => void }) {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const api = useEquipmentApi();
  return (
    <FormDialog<MoveValues>
      open={row !== null}
      title={t('titles.move')}
      testId="equipment-move"
      initialValues={{ placeKind: 'location', qty: row?.qty }}
      onClose={onClose}
      onSubmit={async (v, form) => {
        if (!row) return;
        const ok = await confirm(
          t('titles.move'),
          t('messages.confirmMove', {
            name: row.equipmentName,
            qty: fmtQty(v.qty),
            to: t(`actions.${v.placeKind === 'tool' ? 'toTool' : 'toLocation'}`),
          }),
        );
        if (!ok) throw new Error('cancelled');
        try {
          await api.move(row.id, { qty: v.qty, reason: v.reason, ...placeBody(v) });
          useAppStore.getState().notify(t('messages.moved'), 'success');
        } catch (err) {
          showSaveError(form, err);
          throw err;
        }
      }}
    >
      <StockSummary row={row} />
      <PlaceFields labelKey="fields.target" />
      <Form.Item
        name="qty"
        label={t('fields.qty')}
        required
        extra={row ? t('messages.maxQty', { qty: fmtQty(row.qty) }) : undefined}
        rules={[zodRule(equipmentStockCreateBody.shape.qty), decimalRule()]}
      >
        <NumberField testId="equipment-move-qty" min={0} max={row?.qty} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('fields.reason')}>
        <Input data-testid="equipment-move-reason" maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

type DiscardValues = { reason: string; qty: number };
const discardShape = equipmentDiscardBody.shape.discardItem.shape;

export function DiscardStockDialog({ row, onClose }: { row: EquipmentStock | null; onClose: () => void }) {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const api = useEquipmentApi();
  return (
    <FormDialog<DiscardValues>
      open={row !== null}
      title={t('titles.discard')}
      testId="equipment-discard"
      okText={t('actions.discard')}
      initialValues={{ qty: row?.qty }}
      onClose={onClose}
      onSubmit={async (v, form) => {
        if (!row) return;
        const ok = await confirm(
          t('titles.discard'),
          t('messages.confirmDiscard', { name: row.equipmentName, qty: fmtQty(v.qty) }),
          true,
        );
        if (!ok) throw new Error('cancelled');
        try {
          await api.discard(row.id, v.reason, v.qty);
          useAppStore.getState().notify(t('messages.discarded'), 'success');
        } catch (err) {
          showSaveError(form, err, { fieldNames: { 'discardItem.reason': 'reason', 'discardItem.qty': 'qty' } });
          throw err;
        }
      }}
    >
      <StockSummary row={row} />
      <Form.Item
        name="qty"
        label={t('fields.qty')}
        required
        extra={row ? t('messages.maxQty', { qty: fmtQty(row.qty) }) : undefined}
        rules={[zodRule(discardShape.qty), decimalRule()]}
      >
        <NumberField testId="equipment-discard-qty" min={0} max={row?.qty} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('fields.discardReason')} required rules={[zodRule(discardShape.reason)]}>
        <Input data-testid="equipment-discard-reason" maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

type EditValues = { qty: number; reason: string; description?: string | null };
const editShape = equipmentStockUpdateBody.shape;

export function EditStockDialog({ row, onClose }: { row: EquipmentStock | null; onClose: () => void }) {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const api = useEquipmentApi();
  return (
    <FormDialog<EditValues>
      open={row !== null}
      title={t('titles.editStock')}
      testId="equipment-edit"
      initialValues={{ qty: row?.qty, description: row?.description }}
      onClose={onClose}
      onSubmit={async (v, form) => {
        if (!row) return;
        const ok = await confirm(
          t('titles.editStock'),
          t('messages.confirmEdit', { name: row.equipmentName, from: fmtQty(row.qty), to: fmtQty(v.qty) }),
        );
        if (!ok) throw new Error('cancelled');
        try {
          await api.edit(row.id, v);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err);
          throw err;
        }
      }}
    >
      <StockSummary row={row} />
      <Form.Item name="qty" label={t('fields.qty')} required rules={[zodRule(editShape.qty), decimalRule()]}>
        <NumberField testId="equipment-edit-qty" min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('fields.reason')} required rules={[zodRule(editShape.reason)]}>
        <Input data-testid="equipment-edit-reason" maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(editShape.description)]}>
        <Input.TextArea data-testid="equipment-edit-description" maxLength={500} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

function StockSummary({ row }: { row: EquipmentStock | null }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  if (!row) return null;
  return (
    <Row gutter={8} style={{ marginBottom: 12 }}>
      <Col span={24}>
        <Typography.Text strong>{row.equipmentName}</Typography.Text>
        {row.standard && <Typography.Text type="secondary"> · {row.standard}</Typography.Text>}
      </Col>
      <Col span={24}>
        <Typography.Text type="secondary">
          {t('fields.place')}: {row.placePath} · {t('fields.qty')}: {fmtQty(row.qty)}
        </Typography.Text>
      </Col>
    </Row>
  );
}
