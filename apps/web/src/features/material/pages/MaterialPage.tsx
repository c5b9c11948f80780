import { type Material, materialEndpoints } from '@eqms/contract';
import { AutoComplete } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defineMaster } from '../../../components/master/master-def.ts';
import { MasterPage } from '../../../components/master/MasterPage.tsx';
import { MaterialForm } from '../components/MaterialForm.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { findMaterialByBarcode, useMaterialsByName } from '../material.queries.ts';

/** The look-up by name (GET /material/materials/by-name/{name}): choosing a match opens it. */
function NameLookup({ onPick }: { onPick: (m: Material) => void }) {
  const { t } = useTranslation('material');
  const [text, setText] = useState('');
  const found = useMaterialsByName(text);
  const matches = text.trim() ? (found.data ?? []) : [];
  return (
    <AutoComplete
      data-testid="material-name-lookup"
      aria-label={t('search.byName')}
      value={text}
      onChange={setText}
      style={{ width: 220 }}
      placeholder={t('search.byName')}
      notFoundContent={text.trim() && !found.isFetching ? t('hints.noMatch') : undefined}
      options={matches.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
      onSelect={(id: string) => {
        const m = matches.find((x) => String(x.id) === id);
        setText('');
        if (m) onPick(m);
      }}
    />
  );
}

/** Materials (/baseinfo/materialInfo): a plain master with look-ups by name and by barcode. */
export const materialMaster = defineMaster({
  name: 'material',
  locales: { kr, en },
  menu: 'materialInfo',
  endpoints: materialEndpoints,
  table: 'materials',
  customFields: 'materials',
  pageSize: 20,
  search: { width: 240 },
  filters: [{ key: 'type', code: 'MATERIAL_TYPE' }],
  toolbar: ({ edit }) => <NameLookup onPick={edit} />,
  barcode: { find: findMaterialByBarcode, width: 330 },
  columns: () => [
    { key: 'code', width: 120 },
    { key: 'name', width: 150 },
    { key: 'type', width: 100, code: 'MATERIAL_TYPE' },
    { key: 'specification', width: 120 },
    { key: 'unit', width: 80, code: 'UNIT' },
    { key: 'barcode', width: 120 },
    { key: 'safetyStock', width: 100, number: true },
    { key: 'shelfLifeDays', width: 100, number: true },
    { key: 'supplier', width: 140, text: (m) => m.supplierName },
  ],
  form: {
    Fields: MaterialForm,
    width: 680,
    defaults: { type: 'RAW', unit: 'KG' },
    duplicates: ['code', 'barcode'],
  },
});

export default function MaterialPage() {
  return <MasterPage def={materialMaster} />;
}
