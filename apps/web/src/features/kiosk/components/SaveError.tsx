import type { BomShortage } from '@eqms/contract';
import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { fmtQty } from '../../production-plan/plan-rules.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';

// Why a save was refused, in the dialog that made it: 409 INSUFFICIENT_BOM_STOCK as a table of the materials the line
// lacks (what the result needs, what is at the line, how much is short), any other refusal as its message in the UI
// language (a 400 with the field's rule, OUT_OF_STOCK, a lost connection).

/** The shortages of an INSUFFICIENT_BOM_STOCK refusal; null for any other error. */
export function shortagesOf(error: unknown): BomShortage[] | null {
  if (!(error instanceof ApiError) || error.code !== 'INSUFFICIENT_BOM_STOCK') return null;
  const list = (error.extraData as { shortages?: unknown } | undefined)?.shortages;
  return Array.isArray(list) && list.length ? (list as BomShortage[]) : null;
}

export function ShortageTable({ shortages }: { shortages: BomShortage[] }) {
  const { t } = useTranslation(KIOSK_NS);
  const num = (v: number) => <span style={{ fontSize: 22, fontVariantNumeric: 'tabular-nums' }}>{fmtQty(v)}</span>;
  return (
    <Flex vertical gap={8} data-testid="kiosk-shortage">
      <Alert
        type="error"
        showIcon
        title={<span style={{ fontSize: 22, fontWeight: 600 }}>{t('shortage.title')}</span>}
        description={<span style={{ fontSize: 18 }}>{t('shortage.hint')}</span>}
      />
      <Table<BomShortage>
        rowKey="code"
        pagination={false}
        dataSource={shortages}
        data-testid="kiosk-shortage-table"
        onRow={(r) => ({ 'data-testid': 'kiosk-shortage-row', 'data-code': r.code }) as object}
        columns={[
          {
            key: 'material',
            title: t('shortage.material'),
            render: (_, r) => (
              <Flex vertical>
                <Typography.Text strong style={{ fontSize: 20 }}>
                  {r.code}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 18 }}>{r.name}</Typography.Text>
              </Flex>
            ),
          },
          { key: 'required', title: t('shortage.required'), align: 'right', render: (_, r) => num(r.requiredQty) },
          { key: 'atLine', title: t('shortage.atLine'), align: 'right', render: (_, r) => num(r.stockQty) },
          {
            key: 'shortage',
            title: t('shortage.shortage'),
            align: 'right',
            render: (_, r) => (
              <Typography.Text type="danger" strong data-testid="kiosk-shortage-qty">
                {num(r.shortageQty)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Flex>
  );
}

export function SaveError({ error }: { error: unknown }) {
  const locale = useAppStore((s) => s.locale);
  if (!error) return null;
  const shortages = shortagesOf(error);
  if (shortages) return <ShortageTable shortages={shortages} />;
  const err = error instanceof ApiError ? error : new ApiError(0, 'INTERNAL_SERVER_ERROR', String(error));
  return (
    <Alert
      type="error"
      showIcon
      data-testid="kiosk-save-error"
      title={<span style={{ fontSize: 20 }}>{errorText(err, locale)}</span>}
    />
  );
}
