import { endpoint, endpoints } from '../endpoint.ts';
import {
  backupCreatedResponse,
  backupStatusResponse,
  onlineUserListResponse,
  pageHitBody,
  pageHitBucketListResponse,
  pageHitFunctionListResponse,
  pageHitListQuery,
  pageHitListResponse,
  pageHitRangeParams,
  pageHitResponse,
  pageHitTimeParams,
  pageHitUserListResponse,
  runtimeResponse,
  systemMenuListResponse,
  systemMenuSaveBody,
} from './system.schemas.ts';

// SPEC §7 System: the menu configuration (read by every shell, saved from /admin/config), page hits and their
// statistics (pageHit menu), who is online (the user menu's view: activity is personal data), and the runtime
// settings the web reads at start, and the backups (issue 11) listed and made on demand from /admin/config.
const pageHitView = { menu: 'pageHit', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const systemEndpoints = endpoints('system', {
  menu: endpoint('GET', '/system/menu', systemMenuListResponse, 'authenticated', 'The system menu configuration (visibility and order of menus)'),
  createMenu: endpoint('POST', '/system/menu', systemMenuListResponse, { menu: 'config', action: 'create' }, 'Save menu configuration entries, upserted by menu name (with the create right)', { body: systemMenuSaveBody }),
  saveMenu: endpoint('PUT', '/system/menu', systemMenuListResponse, { menu: 'config', action: 'modify' }, 'Save menu configuration entries, upserted by menu name (with the modify right)', { body: systemMenuSaveBody }),
  recordPageHit: endpoint('POST', '/system/page-hits/page-hit', pageHitResponse, 'authenticated', 'Record a page hit of the caller', { body: pageHitBody }),
  pageHits: endpoint('GET', '/system/page-hits', pageHitListResponse, pageHitView, 'Page hits in a period, one page, with the total', { query: pageHitListQuery }),
  pageHitsByTime: endpoint('GET', '/system/page-hits/type/{type}/{fromMs}/{toMs}', pageHitBucketListResponse, pageHitView, 'Page-hit counts per hour, day, week or month of a period', { params: pageHitTimeParams }),
  pageHitsByFunction: endpoint('GET', '/system/page-hits/function/{from}/{to}', pageHitFunctionListResponse, pageHitView, 'Page-hit counts per screen in a period', { params: pageHitRangeParams }),
  pageHitsByUser: endpoint('GET', '/system/page-hits/user/{from}/{to}', pageHitUserListResponse, pageHitView, 'Page-hit counts per user in a period', { params: pageHitRangeParams }),
  onlineUsers: endpoint('GET', '/system/online-users', onlineUserListResponse, { menu: 'user', action: 'view' }, "Users with a live session used in the last minutes, latest access first (who is active is personal data: the user screen's view right)"),
  backups: endpoint('GET', '/system/backups', backupStatusResponse, { menu: 'config', action: 'view' }, 'The backup settings (folder, days kept, daily hour), whether this engine can be backed up, and the backup files, newest first'),
  createBackup: endpoint('POST', '/system/backups', backupCreatedResponse, { menu: 'config', action: 'create' }, 'Write one backup of the whole database now into the backup folder and remove the ones older than BACKUP_KEEP days (no body; 409 on PGlite or while another backup runs)'),
  runtime: endpoint('GET', '/system/runtime', runtimeResponse, 'authenticated', 'The runtime settings of this deployment (business type, excluded menus, chat, session idle limit)'),
});
