import { IssuePage } from '../../issue-to-production/IssuePage.tsx';
import { IssuePlanPanel } from '../components/IssuePlanPanel.tsx';
import { IssueReleasedList } from '../components/IssueReleasedList.tsx';
import { useIssuePlanTree } from '../product-issue.queries.ts';
import { ISSUE_SCREEN } from '../screen.ts';

/**
 * /production/productStockOutRestock (SPEC §2 "product issue", issue 14): the product-level twin of the material
 * issue screen. The plans of a period by factory and line; a plan's semi-finished products against its BOM (still to
 * release, short in product stock, tracked by lot), its released lots with restock and movements, and the release
 * dialog (a lot of the child product, picked or scanned); a second tab lists the released lots of a period.
 */
export default function ProductStockOutRestockPage() {
  return (
    <IssuePage
      screen={ISSUE_SCREEN}
      usePlanTree={useIssuePlanTree}
      PlanPanel={IssuePlanPanel}
      ReleasedList={IssueReleasedList}
    />
  );
}
