import { type ProductionMaterialStock, restockBody } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import { RestockDialog as IssueRestock } from '../../issue-to-production/RestockDialog.tsx';
import { useProdApi } from '../production-material.queries.ts';
import { MATERIAL_SCREEN } from '../screen.ts';

/**
 * Return unused material of a released package from the line to its warehouse package (POST
 * /material-stock/ship-in-restock): at most what is at the line; the server's OUT_OF_STOCK refusal shows in the
 * dialog, which stays open.
 */
export function RestockDialog({ row, onClose }: { row: ProductionMaterialStock | null; onClose: () => void }) {
  const { t } = useTranslation(MATERIAL_SCREEN.ns);
  const api = useProdApi();
  return (
    <IssueRestock
      screen={MATERIAL_SCREEN}
      row={row}
      title={t('titles.restock', { packageId: row?.packageId ?? '' })}
      item={row && `${row.materialCode} · ${row.materialName}`}
      plan={row && `${row.productCode} · ${row.productName} (${row.lineName})`}
      shape={restockBody.shape}
      restock={(v) => api.restock({ prodStockId: row!.id, ...v })}
      onClose={onClose}
    />
  );
}
