import type { EquipmentInsufficient } from '@eqms/contract';
import { CodeLabel } from '../../app/shell-alerts/CodeLabel.tsx';
import type { ShellAlertView } from '../../app/shell-alerts/shell-alerts.ts';
import { fmtQty } from '../material-stock/stock-rules.ts';
import { EQUIPMENT_NS } from './equipment.locales.ts';

/** The shell's equipment-insufficient alert table (SPEC §3 row): kinds below their required quantity. */
export const equipmentInsufficientView: ShellAlertView<EquipmentInsufficient> = {
  ns: EQUIPMENT_NS,
  title: 'alert.title',
  hint: 'alert.hint',
  path: '/equipmentManagement/equipment',
  rowKey: (r) => r.id,
  columns: [
    { key: 'name', title: 'fields.name', render: (r) => r.name, width: 180 },
    { key: 'type', title: 'fields.type', render: (r) => <CodeLabel category="EQUIPMENT_TYPE" code={r.type} /> },
    {
      key: 'subType',
      title: 'fields.subType',
      render: (r) => (r.subType ? <CodeLabel category="EQUIPMENT_SUB_TYPE" code={r.subType} /> : ''),
    },
    { key: 'standard', title: 'fields.standard', render: (r) => r.standard },
    { key: 'kind', title: 'fields.kind', render: (r) => r.kind },
    { key: 'stockQty', title: 'fields.stockQty', render: (r) => fmtQty(r.stockQty) },
    { key: 'kindQty', title: 'fields.kindQty', render: (r) => fmtQty(r.kindQty) },
  ],
};
