import type { ProductionProductStock } from '@eqms/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { ReleasedList, type ReleasedListPageProps } from '../../issue-to-production/ReleasedList.tsx';
import { downloadIssueStocks, useIssueStocks } from '../product-issue.queries.ts';
import { ISSUE_SCREEN } from '../screen.ts';
import { IssueHistoryDialog } from './IssueHistoryDialog.tsx';
import { IssueRestockDialog } from './IssueRestockDialog.tsx';

/**
 * The released lots of the plans meeting a period: one page at a time, searched, exported whole. Unlike material, a
 * lot names where it came from and may have been discarded since (marked, and no restock: the server refuses it).
 */
export function IssueReleasedList(props: ReleasedListPageProps) {
  const { t } = useTranslation(ISSUE_SCREEN.ns);
  const itemColumns: DataColumn<ProductionProductStock>[] = [
    {
      key: 'lotId',
      title: t('fields.lotId'),
      width: 170,
      render: (r) => (
        <>
          {r.lotId}
          {r.disposed && (
            <Tag color="red" style={{ marginInlineStart: 4 }}>
              {t('hints.disposed')}
            </Tag>
          )}
        </>
      ),
      exportValue: (r) => r.lotId,
    },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 120 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
  ];
  const planColumns: DataColumn<ProductionProductStock>[] = [
    { key: 'planProductCode', title: t('fields.planProductCode'), dataIndex: 'planProductCode', width: 120 },
    { key: 'planProductName', title: t('fields.planProductName'), dataIndex: 'planProductName', width: 150 },
  ];
  const sourceColumns: DataColumn<ProductionProductStock>[] = [
    { key: 'locationName', title: t('fields.from'), dataIndex: 'locationName', width: 120 },
  ];
  return (
    <ReleasedList<ProductionProductStock>
      {...props}
      screen={ISSUE_SCREEN}
      useRows={useIssueStocks}
      download={downloadIssueStocks}
      historyTable="production_product_stocks"
      itemColumns={itemColumns}
      planColumns={planColumns}
      sourceColumns={sourceColumns}
      idOf={(r) => r.lotId}
      restockable={(r) => !r.disposed}
      RestockDialog={IssueRestockDialog}
      HistoryDialog={IssueHistoryDialog}
    />
  );
}
