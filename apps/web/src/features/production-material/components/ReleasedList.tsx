import type { ProductionMaterialStock } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable.tsx';
import {
  ReleasedList as IssueReleasedList,
  type ReleasedListPageProps,
} from '../../issue-to-production/ReleasedList.tsx';
import { downloadProdStocks, useProdStocks } from '../production-material.queries.ts';
import { MATERIAL_SCREEN } from '../screen.ts';
import { ProdHistoryDialog } from './ProdHistoryDialog.tsx';
import { RestockDialog } from './RestockDialog.tsx';

/** The released material of the plans meeting a period: one page at a time, searched, exported whole. */
export function ReleasedList(props: ReleasedListPageProps) {
  const { t } = useTranslation(MATERIAL_SCREEN.ns);
  const itemColumns: DataColumn<ProductionMaterialStock>[] = [
    { key: 'packageId', title: t('fields.packageId'), dataIndex: 'packageId', width: 150 },
    { key: 'materialCode', title: t('fields.materialCode'), dataIndex: 'materialCode', width: 120 },
    { key: 'materialName', title: t('fields.materialName'), dataIndex: 'materialName', width: 150 },
  ];
  const planColumns: DataColumn<ProductionMaterialStock>[] = [
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 120 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
  ];
  return (
    <IssueReleasedList<ProductionMaterialStock>
      {...props}
      screen={MATERIAL_SCREEN}
      useRows={useProdStocks}
      download={downloadProdStocks}
      historyTable="production_material_stocks"
      itemColumns={itemColumns}
      planColumns={planColumns}
      idOf={(r) => r.packageId}
      RestockDialog={RestockDialog}
      HistoryDialog={ProdHistoryDialog}
    />
  );
}
