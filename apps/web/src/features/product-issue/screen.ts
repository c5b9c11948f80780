import type { IssueScreen } from '../issue-to-production/issue-screen.ts';
import { ISSUE_NS } from './product-issue.locales.ts';

/** Semi-finished lots released to production (/production/productStockOutRestock) in the shared parts. */
export const ISSUE_SCREEN: IssueScreen = { ns: ISSUE_NS, menuName: 'productStockOutRestock', testPrefix: 'issue' };
