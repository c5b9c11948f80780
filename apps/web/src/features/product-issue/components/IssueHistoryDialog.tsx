import type { ProductionProductStock } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import { HistoryDialog } from '../../issue-to-production/HistoryDialog.tsx';
import { useIssueHistory } from '../product-issue.queries.ts';
import { ISSUE_SCREEN } from '../screen.ts';

/** A released lot's movements at the line, oldest first (GET …/production-product-stock-history/{id}). */
export function IssueHistoryDialog({ row, onClose }: { row: ProductionProductStock | null; onClose: () => void }) {
  const { t } = useTranslation(ISSUE_SCREEN.ns);
  const movements = useIssueHistory(row?.id ?? null);
  return (
    <HistoryDialog
      screen={ISSUE_SCREEN}
      row={row}
      title={t('titles.history', { lotId: row?.lotId ?? '' })}
      about={
        row &&
        `${row.productCode} · ${row.productName} — ${row.planProductCode} · ${row.planProductName} (${row.lineName})`
      }
      movements={movements}
      onClose={onClose}
    />
  );
}
