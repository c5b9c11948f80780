import type { Operation } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import type { MasterFieldsProps } from '../../../components/master/master-def.ts';
import { CodeItem, SwitchItem } from '../../../components/master/master-choice-items.tsx';
import { NumberItem, TextAreaItem, TextItem } from '../../../components/master/master-fields.tsx';

/** The operation form's fields. */
export function OperationForm(_: MasterFieldsProps<Operation>) {
  const { t } = useTranslation('operation');
  return (
    <>
      <TextItem name="code" maxLength={50} autoComplete="off" autoFocus />
      <TextItem name="name" maxLength={100} />
      <CodeItem name="type" sm={12} category="OPERATION_TYPE" />
      <NumberItem name="standardTime" sm={12} min={0} tooltip={t('hints.standardTime')} />
      <SwitchItem name="defectYn" tooltip={t('hints.defectYn')} />
      <TextAreaItem name="description" maxLength={500} />
    </>
  );
}
