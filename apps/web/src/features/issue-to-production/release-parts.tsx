import { Empty, Form, type SelectProps, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import type { ApiError } from '../../api/http.ts';
import { useCodeLabel } from '../../app/codes.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import type { showSaveError } from '../../components/formErrors.ts';
import { zodRule } from '../../components/formErrors.ts';
import { NumberField } from '../../components/inputs/NumberField.tsx';
import { ExpiryCell } from '../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../material-stock/stock-rules.ts';
import type { IssueScreen } from './issue-screen.ts';
import type { Requirement } from './PlanPanel.tsx';
import { RefusalAlert } from './refusal.tsx';

// The parts both release dialogs are made of. What each dialog picks from and how stays its own: material takes a
// warehouse package in picking order and asks a reason for an expired one; a semi-finished product takes a lot of
// product stock, picked or scanned, and a discarded lot is never proposed.

/** A stock row a release can take from (a warehouse package, a product stock row). */
export type PickRow = {
  id: number;
  qty: number;
  unit: string;
  placePath: string | null;
  expiryDate: string | null;
  daysToExpiry: number | null;
  expiryState: Parameters<typeof ExpiryCell>[0]['state'];
};

/** The dialog around a release form: the plan it releases to and the server's last refusal above the fields. */
export function ReleaseFrame<V>({
  screen,
  plan,
  refusal,
  width,
  initialValues,
  onSubmit,
  onClose,
  children,
}: {
  screen: IssueScreen;
  /** The plan to release to (null: closed). */
  plan: { productCode: string; productName: string; qty: number } | null;
  refusal: ApiError | null;
  width: number;
  initialValues: Partial<V>;
  onSubmit: (v: V, form: Parameters<typeof showSaveError>[0]) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation([screen.ns, 'common']);
  const p = screen.testPrefix;
  return (
    <FormDialog<V>
      open={plan !== null}
      title={t('titles.release')}
      testId={`${p}-release`}
      width={width}
      okText={t('actions.release')}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {plan && (
        <Typography.Paragraph type="secondary" data-testid={`${p}-release-plan`}>
          {t('hints.releaseTo', { product: `${plan.productCode} · ${plan.productName}`, qty: fmtQty(plan.qty) })}
        </Typography.Paragraph>
      )}
      <RefusalAlert refusal={refusal} testId={`${p}-release-refusal`} />
      {plan && children}
    </FormDialog>
  );
}

/** The plan's items as a select's options, each with what is still to release. */
export function useItemOptions<Req extends Requirement>(
  screen: IssueScreen,
  items: readonly Req[],
  idOf: (m: Req) => number,
  testId: string,
): SelectProps<number>['options'] {
  const { t } = useTranslation(screen.ns);
  const unitLabel = useCodeLabel('UNIT');
  return items.map((m) => ({
    value: idOf(m),
    title: `${m.code} ${m.name}`,
    label: (
      <span data-testid={testId} data-code={m.code}>
        {m.code} · {m.name}
        {m.toReleaseQty > 0 && (
          <Tag color="orange" style={{ marginInlineStart: 8 }}>
            {t('hints.toRelease', { qty: fmtQty(m.toReleaseQty), unit: unitLabel(m.unit) })}
          </Tag>
        )}
      </span>
    ),
  }));
}

/** The rows to take from, one chosen (radio or a click on the row); an empty state when there are none. */
export function PickTable<R extends PickRow>({
  screen,
  rows,
  loading,
  idColumn,
  idOf,
  idAttr,
  selected,
  onChoose,
  scrollX,
  empty,
}: {
  screen: IssueScreen;
  rows: R[];
  loading: boolean;
  /** The row's package ID or LOT ID column (first). */
  idColumn: TableColumnsType<R>[number];
  idOf: (r: R) => string;
  /** The row's ID attribute (data-package, data-lot). */
  idAttr: string;
  selected: number | null;
  onChoose: (row: R | undefined) => void;
  scrollX: number;
  empty: string;
}) {
  const { t } = useTranslation(screen.ns);
  const unitLabel = useCodeLabel('UNIT');
  const p = screen.testPrefix;
  if (rows.length === 0 && !loading)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${p}-release-no-stock`} />;
  const columns: TableColumnsType<R> = [
    idColumn,
    {
      title: t('fields.qty'),
      dataIndex: 'qty',
      width: 110,
      align: 'right',
      render: (v: number, r) => `${fmtQty(v)} ${unitLabel(r.unit)}`,
    },
    { title: t('fields.place'), dataIndex: 'placePath', ellipsis: true },
    {
      title: t('fields.expiryDate'),
      dataIndex: 'expiryDate',
      width: 170,
      render: (_: unknown, r) => <ExpiryCell date={r.expiryDate} days={r.daysToExpiry} state={r.expiryState} />,
    },
  ];
  return (
    <Table<R>
      size="small"
      rowKey="id"
      data-testid={`${p}-release-rows`}
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: scrollX, y: 200 }}
      rowSelection={{
        type: 'radio',
        selectedRowKeys: selected != null ? [selected] : [],
        onChange: (keys) => onChoose(rows.find((r) => r.id === keys[0])),
        getCheckboxProps: (r) => ({ 'aria-label': idOf(r) }) as never,
      }}
      onRow={(r) =>
        ({
          onClick: () => onChoose(r),
          'data-testid': `${p}-release-row`,
          [idAttr]: idOf(r),
        }) as never
      }
    />
  );
}

/** The quantity, with the chosen row's stock and what the plan still needs as hints (the server is the judge). */
export function ReleaseQty<Req extends Requirement>({
  screen,
  qtyRule,
  rowField,
  itemField,
  rows,
  items,
  itemIdOf,
}: {
  screen: IssueScreen;
  qtyRule: ZodType;
  /** The form's fields of the chosen stock row and item. */
  rowField: string;
  itemField: string;
  rows: readonly PickRow[];
  items: readonly Req[];
  itemIdOf: (m: Req) => number;
}) {
  const { t } = useTranslation(screen.ns);
  const unitLabel = useCodeLabel('UNIT');
  const p = screen.testPrefix;
  const form = Form.useFormInstance();
  const stockId = Form.useWatch(rowField, form);
  const itemId = Form.useWatch(itemField, form);
  const row = rows.find((r) => r.id === stockId);
  const item = items.find((m) => itemIdOf(m) === itemId);
  const unit = row?.unit ?? item?.unit;
  return (
    <Form.Item
      name="qty"
      label={t('fields.releaseQty')}
      required
      rules={[zodRule(qtyRule)]}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${p}-release-available`}>
          {[
            row ? t('hints.available', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) }) : null,
            item ? t('hints.toRelease', { qty: fmtQty(item.toReleaseQty), unit: unitLabel(item.unit) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      }
    >
      <NumberField
        testId={`${p}-release-qty`}
        min={0}
        suffix={unit ? unitLabel(unit) : undefined}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
