import { BOM_LOSS_RATE_MAX, type BomKind, bomProductCreateBody } from '@eqms/contract';
import { Alert, Col, Form, Input, Radio, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect, integerRule, NumberField } from '../../../components/inputs/index.ts';
import { cycleText, type LineValues, type PickItem, useBomApi } from '../bom.queries.ts';
import { PickSelect } from './PickSelect.tsx';

const shape = bomProductCreateBody.shape;

/** Under which product a line is added, or the line being edited. */
export type BomLineDialogMode =
  | { kind: 'create'; parent: { id: number; code: string; name: string } }
  | {
      kind: 'edit';
      line: {
        id: number;
        kind: BomKind;
        code: string;
        name: string;
        parentCode: string;
        qty: number;
        unit: string;
        lossRate: number;
        seq: number;
        description: string | null;
      };
    };

/** Add a child product or material under a product, or edit a line's quantity, unit, loss rate and order. */
export function BomLineDialog({ mode, onClose }: { mode: BomLineDialogMode | null; onClose: () => void }) {
  const { t } = useTranslation(['bom', 'common']);
  const bomApi = useBomApi();
  const [kind, setKind] = useState<BomKind>('MATERIAL');
  const [picked, setPicked] = useState<PickItem | null>(null);
  const [cycle, setCycle] = useState<string | null>(null);
  const line = mode?.kind === 'edit' ? mode.line : null;
  const parent = mode?.kind === 'create' ? mode.parent : null;
  const close = () => {
    setCycle(null);
    setPicked(null);
    onClose();
  };
  const initialValues: Partial<LineValues> = line
    ? { qty: line.qty, unit: line.unit, lossRate: line.lossRate, seq: line.seq, description: line.description }
    : { kind, lossRate: 0 };

  return (
    <FormDialog<LineValues>
      open={!!mode}
      width={640}
      title={
        line
          ? t('titles.editLine', { code: line.code, name: line.name })
          : t('titles.addLine', { code: parent?.code, name: parent?.name })
      }
      testId="bom-line-form"
      initialValues={initialValues}
      onClose={close}
      onSubmit={async (values, form) => {
        setCycle(null);
        try {
          if (line) await bomApi.update(line.id, values);
          else if (parent) await bomApi.add(parent.id, { ...values, kind: values.kind ?? kind });
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
          setPicked(null);
        } catch (err) {
          const text = cycleText(err);
          if (text) {
            setCycle(text);
            form.setFields([{ name: 'childId', errors: [t('messages.cycleField')] }]);
            useAppStore.getState().notify(text, 'error');
          } else {
            showSaveError(form, err, {
              fieldNames: { childProductId: 'childId', materialId: 'childId' },
              duplicateText: { childProductId: t('messages.duplicate'), materialId: t('messages.duplicate') },
            });
          }
          throw err;
        }
      }}
    >
      {cycle && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={cycle} data-testid="bom-cycle-alert" />
      )}
      {line && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('hints.editLine', { parent: line.parentCode, child: `${line.code} · ${line.name}` })}
        />
      )}
      <Row gutter={16}>
        {!line && (
          <>
            <Col xs={24}>
              <Form.Item name="kind" label={t('fields.kind')} required>
                <Radio.Group
                  data-testid="bom-line-kind"
                  optionType="button"
                  onChange={(e) => {
                    setKind(e.target.value);
                    setPicked(null);
                    setCycle(null);
                  }}
                  options={[
                    { value: 'MATERIAL', label: t('kind.MATERIAL') },
                    { value: 'PRODUCT', label: t('kind.PRODUCT') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="childId"
                label={kind === 'PRODUCT' ? t('fields.childProduct') : t('fields.material')}
                required
                rules={[{ required: true, message: t('messages.pick') }]}
              >
                <PickSelect
                  key={kind}
                  kind={kind}
                  testId="bom-line-child"
                  excludeId={kind === 'PRODUCT' ? parent?.id : undefined}
                  placeholder={t('hints.pick')}
                  onPicked={setPicked}
                />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={8}>
          <Form.Item
            name="qty"
            label={t('fields.qtyPerUnit')}
            required
            rules={[{ required: true, message: t('messages.qtyRequired') }, zodRule(shape.qty)]}
          >
            <NumberField testId="bom-line-qty" min={0} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="unit" label={t('fields.unit')} extra={line ? undefined : t('hints.unit')}>
            <CodeSelect
              category="UNIT"
              testId="bom-line-unit"
              placeholder={picked?.unit ?? line?.unit ?? t('hints.unitDefault')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="lossRate" label={t('fields.lossRate')} rules={[zodRule(shape.lossRate)]}>
            <NumberField testId="bom-line-loss" min={0} max={BOM_LOSS_RATE_MAX} suffix="%" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="seq" label={t('fields.seq')} rules={[integerRule(9)]} extra={t('hints.seq')}>
            <NumberField testId="bom-line-seq" integer intDigits={9} min={0} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input data-testid="bom-line-description" maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
