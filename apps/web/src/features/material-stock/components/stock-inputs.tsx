import {
  type ExpiryState,
  type Material,
  type MaterialMovementType,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';
import { Col, DatePicker, Form, Radio, Select, Space, Tag, Typography } from 'antd';
import { expiryAfterManufacture } from '../form-rules.ts';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { usePartnersOfType, useMaterialPick, useTools } from '../material-stock.queries.ts';
import { EXPIRY_COLOR, signedQty } from '../stock-rules.ts';

// The inputs the warehouse dialogs share: the material pick-list, partners of a type, the shelf-or-tool place and the
// expiry and movement tags of the lists.

/** A Form.Item's date as the API's `yyyy-MM-dd` text, shown by an antd DatePicker. */
export const dateItemProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

/** A material chosen by typing part of its code or name (asked 250 ms after the last key); `onPicked` gives it whole. */
export function MaterialPickSelect({
  value,
  onChange,
  onPicked,
  testId,
  id,
  placeholder,
  allowClear = true,
  style,
  current,
}: {
  /** The chosen material's label while the pick-list does not hold it (a row opened with its material). */
  current?: { id: number; code: string; name: string };
  value?: number | null;
  onChange?: (id: number | null) => void;
  onPicked?: (m: Material | null) => void;
  testId: string;
  id?: string;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation('materialStock');
  const [term, setTerm] = useState('');
  const [sent, setSent] = useState('');
  const [picked, setPicked] = useState<Material | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const found = useMaterialPick(sent);
  const items = found.data ?? [];
  // The chosen material stays labelled while another search is shown.
  const options: Pick<Material, 'id' | 'code' | 'name' | 'specification'>[] = [...items];
  const shown = picked ?? (current ? { ...current, specification: null } : null);
  if (shown && shown.id === value && !items.some((m) => m.id === shown.id)) options.unshift(shown);
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      aria-label={id ? undefined : (placeholder ?? t('fields.material'))}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear={allowClear}
      value={value ?? undefined}
      placeholder={placeholder ?? t('hints.pickMaterial')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noMaterial')}
      onChange={(v) => {
        const m = items.find((i) => i.id === v) ?? null;
        setPicked(m);
        onChange?.(v ?? null);
        onPicked?.(m);
      }}
      options={options.map((m) => ({
        value: m.id,
        label: (
          <span data-testid={`${testId}-option`} data-code={m.code}>
            {m.code} · {m.name}
            {m.specification && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                {m.specification}
              </Typography.Text>
            )}
          </span>
        ),
      }))}
      style={{ width: '100%', ...style }}
    />
  );
}

/** Business partners of one type as a searchable select, `name (code)`. */
export type PartnerType = 'SUPPLIER' | 'CUSTOMER' | 'OUTSOURCER';

export function PartnerSelect({
  type,
  value,
  onChange,
  testId,
  id,
  placeholder,
  style,
  notFound,
}: {
  type: PartnerType;
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId: string;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
  /** What to say when no partner has the type (default: no suppliers / no customers). */
  notFound?: string;
}) {
  const { t } = useTranslation('materialStock');
  const partners = usePartnersOfType(type);
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      aria-label={id ? undefined : placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder}
      loading={partners.isLoading}
      notFoundContent={notFound ?? t(type === 'SUPPLIER' ? 'hints.noSuppliers' : 'hints.noCustomers')}
      options={(partners.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
      style={{ width: '100%', ...style }}
    />
  );
}

export type PlaceKind = 'SHELF' | 'TOOL';

/**
 * Where stock stands (SPEC §5: on a shelf or a tool, exactly one): a switch between the two and the matching picker.
 * Form fields `placeKind`, `locationId` and `toolId`.
 */
export function PlaceFields({ testId }: { testId: string }) {
  const { t } = useTranslation(['materialStock', 'glossary']);
  const kind = Form.useWatch<PlaceKind | undefined>('placeKind') ?? 'SHELF';
  const tools = useTools();
  const locale = useAppStore((s) => s.locale);
  const placeRule = { required: true, message: translateMessage(ruleMessage('stockPlaceOne'), locale) };
  return (
    <>
      <Col xs={24} sm={8}>
        <Form.Item name="placeKind" label={t('fields.placeKind')}>
          <Radio.Group
            data-testid={`${testId}-place-kind`}
            optionType="button"
            options={[
              { value: 'SHELF', label: t('glossary:shelf') },
              { value: 'TOOL', label: t('glossary:tool') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={16}>
        {kind === 'TOOL' ? (
          <Form.Item name="toolId" label={t('glossary:tool')} rules={[placeRule]}>
            <Select<number>
              data-testid={`${testId}-tool`}
              showSearch={{ optionFilterProp: 'label' }}
              loading={tools.isLoading}
              placeholder={t('hints.pickTool')}
              options={(tools.data ?? []).map((tool) => ({
                value: tool.id,
                label: `${tool.name} (${tool.code}) · ${tool.locationPath.join(' / ')}`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="locationId" label={t('glossary:shelf')} rules={[placeRule]}>
            <LocationTreeSelect
              testId={`${testId}-shelf`}
              selectableTypes={['SHELF']}
              placeholder={t('hints.pickShelf')}
            />
          </Form.Item>
        )}
      </Col>
    </>
  );
}

/** The expiry date with the days left (or past), red when expired and orange when soon. */
/** The manufacturing and expiry dates of a receipt or a correction (expiry not before manufacture), half width each. */
export function StockDateFields({ testId }: { testId: string }) {
  const { t } = useTranslation('materialStock');
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="manufactureDate" label={t('fields.manufactureDate')} {...dateItemProps}>
          <DatePicker data-testid={`${testId}-manufacture-date`} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="expiryDate"
          label={t('fields.expiryDate')}
          dependencies={['manufactureDate']}
          rules={[expiryAfterManufacture]}
          {...dateItemProps}
        >
          <DatePicker data-testid={`${testId}-expiry-date`} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}

export function ExpiryCell({ date, days, state }: { date: string | null; days: number | null; state: ExpiryState }) {
  const { t } = useTranslation('materialStock');
  if (!date) return <Typography.Text type="secondary">-</Typography.Text>;
  const color = EXPIRY_COLOR[state];
  const left =
    days === null ? '' : days < 0 ? t('expiry.daysAgo', { count: -days }) : t('expiry.daysLeft', { count: days });
  return (
    <Space size={4} data-testid="stock-expiry" data-state={state}>
      <Typography.Text type={color === 'error' ? 'danger' : color}>{date}</Typography.Text>
      {color ? (
        <Tag color={color} style={{ marginInlineEnd: 0 }}>
          {state === 'EXPIRED' ? t('expiry.EXPIRED') : left}
        </Tag>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {left}
        </Typography.Text>
      )}
    </Space>
  );
}

const MOVEMENT_COLORS: Record<MaterialMovementType, string> = {
  SHIP_IN: 'green',
  SHIP_OUT: 'blue',
  RESTOCK: 'cyan',
  SALE: 'purple',
  SALE_CANCEL: 'magenta',
  CORRECT: 'orange',
  MOVE: 'geekblue',
  RETURN: 'gold',
  SCRAP: 'red',
};

export function MovementTypeTag({ type }: { type: MaterialMovementType }) {
  const { t } = useTranslation('materialStock');
  return (
    <Tag color={MOVEMENT_COLORS[type]} data-testid="movement-type" data-type={type} style={{ marginInlineEnd: 0 }}>
      {t(`movement.${type}`)}
    </Tag>
  );
}

/** A movement's signed quantity: green into the row, red out of it. */
export function SignedQty({ v }: { v: number }) {
  return (
    <Typography.Text type={v > 0 ? 'success' : v < 0 ? 'danger' : 'secondary'} data-testid="movement-qty">
      {signedQty(v)}
    </Typography.Text>
  );
}
