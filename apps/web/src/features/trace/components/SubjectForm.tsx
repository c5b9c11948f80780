import { SearchOutlined } from '@ant-design/icons';
import { rules } from '@eqms/contract';
import { Button, Form, Input, Segmented, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRule, zodRule } from '../../../components/formErrors.ts';
import { PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import type { TraceView } from '../trace.links.ts';
import { TRACE_NS } from '../trace.locales.ts';

// What to trace: a LOT ID (backward, forward), a supplier and supplier lot (forward, recall); a package or a shipment
// arrives by link from their screens and shows as a tag that can be cleared. The fields check with the contract's
// rules, so the form says what the server would.

export type Subject = {
  lotId?: string;
  shipmentId?: number;
  stockId?: number;
  supplierId?: number;
  supplierLot?: string;
};

type Values = { lotId?: string; supplierId?: number | null; supplierLot?: string };
type Mode = 'supplierLot' | 'lot';

const lotIdRule = zodRule(rules.text(100));
const supplierRule = checkRule((v) => v != null, 'required');

export function SubjectForm({
  view,
  subject,
  subjectLabel,
  onTrace,
}: {
  view: TraceView;
  subject: Subject;
  /** The linked shipment's number or package's ID once the trace answered (the id until then). */
  subjectLabel?: string;
  /** The new subject: every subject field, those not given cleared. */
  onTrace: (next: Subject) => void;
}) {
  const { t } = useTranslation(TRACE_NS);
  const [form] = Form.useForm<Values>();
  const initialMode: Mode = view === 'recall' || (view === 'forward' && !subject.lotId) ? 'supplierLot' : 'lot';
  const [mode, setMode] = useState<Mode>(initialMode);
  useEffect(() => setMode(initialMode), [initialMode]);
  useEffect(() => {
    form.setFieldsValue({
      lotId: subject.lotId,
      supplierId: subject.supplierId ?? null,
      supplierLot: subject.supplierLot,
    });
  }, [form, subject.lotId, subject.supplierId, subject.supplierLot]);

  const modes: Mode[] = view === 'backward' ? ['lot'] : view === 'forward' ? ['supplierLot', 'lot'] : ['supplierLot'];
  const linked =
    view === 'backward' && subject.shipmentId != null ? (
      <Tag closable data-testid="trace-subject-shipment" onClose={() => onTrace({ lotId: subject.lotId })}>
        {t('subject.shipment', { id: subjectLabel ?? `#${subject.shipmentId}` })}
      </Tag>
    ) : view !== 'backward' && subject.stockId != null ? (
      <Tag
        closable
        data-testid="trace-subject-package"
        onClose={() =>
          onTrace({ lotId: subject.lotId, supplierId: subject.supplierId, supplierLot: subject.supplierLot })
        }
      >
        {t('subject.package', { id: subjectLabel ?? `#${subject.stockId}` })}
      </Tag>
    ) : null;

  // Forward takes a package first, then a supplier lot, then a lot: a lot traced forward clears the supplier lot; the
  // other subjects stay for the other views (backward reads only the lot, recall only the supplier lot).
  const submit = (v: Values) =>
    onTrace(
      mode === 'lot'
        ? view === 'forward'
          ? { lotId: v.lotId?.trim() }
          : { lotId: v.lotId?.trim(), supplierId: subject.supplierId, supplierLot: subject.supplierLot }
        : { supplierId: v.supplierId ?? undefined, supplierLot: v.supplierLot?.trim(), lotId: subject.lotId },
    );

  return (
    <Space wrap align="start" size={8} style={{ marginBottom: 12 }} data-testid="trace-subject">
      {modes.length > 1 && (
        <Segmented<Mode>
          data-testid="trace-subject-mode"
          value={mode}
          onChange={setMode}
          options={modes.map((m) => ({ value: m, label: t(`subject.${m}`) }))}
        />
      )}
      {linked}
      <Form form={form} layout="inline" onFinish={submit} requiredMark={false}>
        {mode === 'lot' ? (
          <Form.Item name="lotId" label={t('subject.lotId')} rules={[lotIdRule]}>
            <Input
              allowClear
              data-testid="trace-lot-input"
              placeholder={t('subject.lotIdPlaceholder')}
              style={{ width: 300 }}
              autoComplete="off"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="supplierId" label={t('subject.supplier')} rules={[supplierRule]}>
              <PartnerSelect
                type="SUPPLIER"
                testId="trace-supplier"
                placeholder={t('subject.supplierPlaceholder')}
                style={{ width: 240 }}
              />
            </Form.Item>
            <Form.Item name="supplierLot" label={t('subject.supplierLot')} rules={[zodRule(rules.text(100))]}>
              <Input
                allowClear
                data-testid="trace-supplier-lot"
                placeholder={t('subject.supplierLotPlaceholder')}
                style={{ width: 180 }}
                autoComplete="off"
              />
            </Form.Item>
          </>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="trace-run">
            {view === 'recall' ? t('subject.runRecall') : t('subject.run')}
          </Button>
        </Form.Item>
      </Form>
    </Space>
  );
}
