import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../app/url-state.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PartsPanel } from '../components/PartsPanel.tsx';
import '../vehicle.labels.tsx';
import { useVehicles } from '../vehicle.queries.ts';

/**
 * Part info (/vehicle/partInfo): the parts by vehicle with their replacement intervals and next replacement, the
 * history entry dialog, and the chosen vehicle's replacement history.
 */
export default function PartInfoPage() {
  const { t } = useTranslation(['vehicle', 'common']);
  const vehicles = useVehicles();
  const [view, setView] = useUrlState<{ vehicle: number | undefined; q: string | undefined }>(
    { vehicle: undefined, q: undefined },
    { numbers: ['vehicle'] },
  );
  const selected = vehicles.data?.find((v) => v.id === view.vehicle) ?? null;
  return (
    <PageContainer menuName="partInfo">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>{t('hints.chooseVehicle')}</Typography.Text>
          <Select
            data-testid="part-vehicle-filter"
            aria-label={t('hints.chooseVehicle')}
            allowClear
            placeholder={t('actions.allVehicles')}
            style={{ minWidth: 260 }}
            loading={vehicles.isLoading}
            value={view.vehicle}
            onChange={(vehicle) => setView({ vehicle }, { push: true })}
            showSearch={{ optionFilterProp: 'label' }}
            options={(vehicles.data ?? []).map((v) => ({ value: v.id, label: `${v.name} (${v.plateNumber})` }))}
          />
        </Space>
        <PartsPanel
          vehicleId={selected?.id ?? null}
          vehicleLabel={selected ? `${selected.name} (${selected.plateNumber})` : null}
          search={view.q}
          onSearch={(q) => setView({ q })}
        />
      </Space>
    </PageContainer>
  );
}
