import type { IssueScreen } from '../issue-to-production/issue-screen.ts';
import { PROD_NS } from './production-material.locales.ts';

/** Material released to production (/material/stockOutRestock) in the shared issue-to-production parts. */
export const MATERIAL_SCREEN: IssueScreen = { ns: PROD_NS, menuName: 'stockOutRestock', testPrefix: 'prod' };
