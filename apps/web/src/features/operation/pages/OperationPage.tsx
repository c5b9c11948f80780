import { operationEndpoints } from '@eqms/contract';
import { Tag } from 'antd';
import { defineMaster } from '../../../components/master/master-def.ts';
import { MasterPage } from '../../../components/master/MasterPage.tsx';
import { OperationForm } from '../components/OperationForm.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { reportOperationError } from '../operation.queries.ts';

/** Operations (/baseinfo/operation): the whole list, sorted and filtered in the table; a refused delete says why. */
export const operationMaster = defineMaster({
  name: 'operation',
  locales: { kr, en },
  menu: 'operation',
  endpoints: operationEndpoints,
  table: 'operations',
  customFields: 'operations',
  savedSearch: false,
  onRemoveError: reportOperationError,
  columns: (t) => {
    const yesNo = (v: boolean) => (v ? t('values.yes') : t('values.no'));
    return [
      { key: 'code', sorter: true, width: 130 },
      { key: 'name', sorter: true, width: 180 },
      { key: 'type', width: 110, code: 'OPERATION_TYPE', sorter: true },
      {
        key: 'standardTime',
        width: 130,
        sorter: (a, b) => (a.standardTime ?? -1) - (b.standardTime ?? -1),
      },
      {
        key: 'defectYn',
        width: 110,
        render: (o) => <Tag color={o.defectYn ? 'blue' : 'default'}>{yesNo(o.defectYn)}</Tag>,
        exportValue: (o) => yesNo(o.defectYn),
        sorter: (a, b) => Number(a.defectYn) - Number(b.defectYn),
      },
      { key: 'description', width: 200 },
    ];
  },
  form: { Fields: OperationForm, width: 600, defaults: { defectYn: true } },
});

export default function OperationPage() {
  return <MasterPage def={operationMaster} />;
}
