import type { PlanMaterial, PlanMaterials, ProductionMaterialStock } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import type { PlanHeader } from '../../issue-to-production/issue-screen.ts';
import { PlanPanel as IssuePlanPanel } from '../../issue-to-production/PlanPanel.tsx';
import { usePlanMaterials } from '../production-material.queries.ts';
import { MATERIAL_SCREEN } from '../screen.ts';
import { ProdHistoryDialog } from './ProdHistoryDialog.tsx';
import { ReleaseDialog } from './ReleaseDialog.tsx';
import { RestockDialog } from './RestockDialog.tsx';

/**
 * A selected plan: its materials against its BOM and its released packages, with release and restock. A release
 * picks a warehouse package, so it needs the material stock's view right too.
 */
export function PlanPanel({ planId, header }: { planId: number; header: PlanHeader | null }) {
  const { t } = useTranslation(MATERIAL_SCREEN.ns);
  const plan = usePlanMaterials(planId);
  return (
    <IssuePlanPanel<PlanMaterial, ProductionMaterialStock, PlanMaterials>
      screen={MATERIAL_SCREEN}
      header={header}
      stockMenu="materialStock"
      plan={plan}
      requirementsOf={(p) => p.materials}
      itemIdOf={(m) => m.materialId}
      itemTestId="prod-material"
      itemTitle={t('fields.material')}
      itemWidth={180}
      requirementsTitle={t('titles.materials')}
      idColumn={{
        title: t('fields.packageId'),
        dataIndex: 'packageId',
        width: 150,
        ellipsis: true,
        render: (v: string) => <span data-testid="prod-stock-package-id">{v}</span>,
      }}
      stockItemOf={(r) => `${r.materialCode} · ${r.materialName}`}
      idOf={(r) => r.packageId}
      idAttr="data-package"
      stocksTitle={t('titles.packages')}
      noStocks={t('hints.noPackages')}
      stockQtyWidth={110}
      scrollX={{ requirements: 880, stocks: 840 }}
      summaryColumns={{ xs: 1, sm: 2, xl: 4 }}
      renderRelease={(p, materialId, onClose) => <ReleaseDialog plan={p} materialId={materialId} onClose={onClose} />}
      RestockDialog={RestockDialog}
      HistoryDialog={ProdHistoryDialog}
    />
  );
}
