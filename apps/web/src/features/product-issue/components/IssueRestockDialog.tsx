import { type ProductionProductStock, productShipRestockBody } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import { RestockDialog } from '../../issue-to-production/RestockDialog.tsx';
import { useIssueApi } from '../product-issue.queries.ts';
import { ISSUE_SCREEN } from '../screen.ts';

/**
 * Return what the line did not use of a released lot to its product stock row (POST
 * /production-product-stock/ship-restock): at most what is at the line. The server's refusals (OUT_OF_STOCK beyond
 * the line, lotDisposed for a discarded row) show in the dialog, which stays open.
 */
export function IssueRestockDialog({ row, onClose }: { row: ProductionProductStock | null; onClose: () => void }) {
  const { t } = useTranslation(ISSUE_SCREEN.ns);
  const api = useIssueApi();
  return (
    <RestockDialog
      screen={ISSUE_SCREEN}
      row={row}
      title={t('titles.restock', { lotId: row?.lotId ?? '' })}
      item={row && `${row.productCode} · ${row.productName}`}
      plan={row && `${row.planProductCode} · ${row.planProductName} (${row.lineName}) → ${row.locationName}`}
      shape={productShipRestockBody.shape}
      restock={(v) => api.restock({ prodProductStockId: row!.id, ...v })}
      onClose={onClose}
    />
  );
}
