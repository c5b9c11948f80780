// Every Drizzle table, for the query builder and drizzle-kit.
export * from '../modules/auth/session.table.ts';
export * from '../modules/code/code.table.ts';
export * from '../modules/condition/condition.table.ts';
export * from '../modules/custom-ext/custom-ext.table.ts';
export * from '../modules/files/files.table.ts';
export * from '../modules/history/history.table.ts';
export * from '../modules/location/location.table.ts';
export * from '../modules/notice/notice.table.ts';
export * from '../modules/role/role.table.ts';
export * from '../modules/settings/settings.table.ts';
export * from '../modules/system/system.table.ts';
export * from '../modules/user/user.table.ts';
