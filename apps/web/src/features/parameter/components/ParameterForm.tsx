import { PARAMETER_DATA_TYPES, type Parameter, SAMPLE_INTERVAL, translateMessage } from '@eqms/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import type { MasterFieldsProps } from '../../../components/master/master-def.ts';
import { NumberItem, SelectItem, TextItem } from '../../../components/master/master-fields.tsx';
import { integerRule, numberRule } from '../../../components/inputs/NumberField.tsx';
import { useTools } from '../../tool/tool.queries.ts';

/** Limits in order on the form too (lower ≤ target ≤ upper); the server says the same on the same fields. */
function limitsRule(field: 'upperLimit' | 'target') {
  return ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: async (_: unknown, v: number | null | undefined) => {
      if (v == null || getFieldValue('dataType') !== 'NUMBER') return;
      const lo = getFieldValue('lowerLimit') as number | null | undefined;
      const hi = getFieldValue('upperLimit') as number | null | undefined;
      const { locale } = useAppStore.getState();
      if (field === 'upperLimit' && lo != null && v < lo) throw new Error(translateMessage('limitOrder', locale));
      if (field === 'target' && lo != null && v < lo) throw new Error(translateMessage('targetBelowLower', locale));
      if (field === 'target' && hi != null && v > hi) throw new Error(translateMessage('targetAboveUpper', locale));
    },
  });
}

/** The parameter form's fields: the tool, and the limits only for a NUMBER parameter. */
export function ParameterForm({ creating }: MasterFieldsProps<Parameter>) {
  const { t } = useTranslation('parameter');
  const tools = useTools();
  return (
    <>
      <SelectItem
        name="toolId"
        labelKey="tool"
        sm={24}
        required
        rules={[{ required: true, message: t('messages.toolRequired') }]}
        search
        loading={tools.isLoading}
        options={(tools.data ?? []).map((x) => ({
          value: x.id,
          label: `${x.name} (${x.code}) · ${x.locationPath.join(' / ')}`,
        }))}
      />
      <TextItem name="code" maxLength={50} autoFocus={creating} autoComplete="off" tooltip={t('hints.code')} />
      <TextItem name="name" maxLength={100} autoFocus={!creating} />
      <SelectItem
        name="dataType"
        sm={8}
        required
        options={PARAMETER_DATA_TYPES.map((d) => ({ value: d, label: t(`dataTypes.${d}`) }))}
      />
      <TextItem name="unit" sm={8} maxLength={20} />
      <NumberItem
        name="sampleInterval"
        required
        tooltip={t('hints.sampleInterval')}
        rules={[
          { required: true, message: t('messages.sampleIntervalRequired') },
          numberRule({ integer: true, intDigits: 5, min: SAMPLE_INTERVAL.min, max: SAMPLE_INTERVAL.max }),
        ]}
        integer
        intDigits={5}
        min={SAMPLE_INTERVAL.min}
        max={SAMPLE_INTERVAL.max}
      />
      <Form.Item noStyle dependencies={['dataType']}>
        {({ getFieldValue }) =>
          getFieldValue('dataType') === 'NUMBER' && (
            <>
              <NumberItem name="lowerLimit" rules={[numberRule()]} />
              <NumberItem
                name="target"
                dependencies={['lowerLimit', 'upperLimit']}
                rules={[numberRule(), limitsRule('target')]}
              />
              <NumberItem
                name="upperLimit"
                dependencies={['lowerLimit']}
                rules={[numberRule(), limitsRule('upperLimit')]}
              />
            </>
          )
        }
      </Form.Item>
      <NumberItem name="sort" rules={[integerRule(9)]} integer intDigits={9} />
      <TextItem name="description" sm={16} maxLength={500} />
    </>
  );
}
