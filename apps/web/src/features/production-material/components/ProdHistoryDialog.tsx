import type { ProductionMaterialStock } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import { HistoryDialog } from '../../issue-to-production/HistoryDialog.tsx';
import { useProdHistory } from '../production-material.queries.ts';
import { MATERIAL_SCREEN } from '../screen.ts';

/** A released package's movements at the line, oldest first (GET /material-stock/production-material-stock/history/{id}). */
export function ProdHistoryDialog({ row, onClose }: { row: ProductionMaterialStock | null; onClose: () => void }) {
  const { t } = useTranslation(MATERIAL_SCREEN.ns);
  const movements = useProdHistory(row?.id ?? null);
  return (
    <HistoryDialog
      screen={MATERIAL_SCREEN}
      row={row}
      title={t('titles.history', { packageId: row?.packageId ?? '' })}
      about={
        row && `${row.materialCode} · ${row.materialName} — ${row.productCode} · ${row.productName} (${row.lineName})`
      }
      movements={movements}
      onClose={onClose}
    />
  );
}
