import { IssuePage } from '../../issue-to-production/IssuePage.tsx';
import { PlanPanel } from '../components/PlanPanel.tsx';
import { ReleasedList } from '../components/ReleasedList.tsx';
import { usePlanTree } from '../production-material.queries.ts';
import { MATERIAL_SCREEN } from '../screen.ts';

/**
 * /material/stockOutRestock (SPEC §2 "production material issue"): the plans of a period by factory and line; a plan's
 * materials against its BOM (still to release, short in the warehouse), its released packages with restock and
 * movements, and the release dialog; a second tab lists the released material of a period.
 */
export default function StockOutRestockPage() {
  return (
    <IssuePage screen={MATERIAL_SCREEN} usePlanTree={usePlanTree} PlanPanel={PlanPanel} ReleasedList={ReleasedList} />
  );
}
