import {
  LOCATION_DEPTH,
  LOCATION_TYPES,
  type User,
  type UserExportQuery,
  userCreateBody,
  userExportQuery,
} from '@eqms/contract';
import { asc } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.ts';
import { keyIn } from '../../platform/excel/excel-cells.ts';
import type { ExcelColumn, ExcelEntity, ParsedRow } from '../../platform/excel/excel.ts';
import { checkExtRows, customFieldColumns, extOf } from '../custom-ext/custom-ext.excel.ts';
import { locationOptions, PATH_SEPARATOR } from '../location/location.excel.ts';
import { roles } from '../role/role.table.ts';
import { insertUser, listUsers, USER_UNIQUE } from './user.service.ts';
import { users } from './user.table.ts';

// Users as an Excel import/export (platform/excel). The password column is the initial password: required on
// import, never exported. A location is named by its path, code or name (down to a line or warehouse); roles by
// their names, separated by commas.

const shape = userCreateBody.shape;
/** Users sit on a line or warehouse at most (the same rule as the form). */
const USER_LOCATION_TYPES = LOCATION_TYPES.filter((t) => LOCATION_DEPTH[t] <= LOCATION_DEPTH.LINE);
/** scrypt runs on libuv's thread pool (4 threads by default): more at once only queues. */
const HASH_CONCURRENCY = 4;

const baseColumns: ExcelColumn<User>[] = [
  { key: 'userId', header: { kr: '사용자 ID', en: 'User ID' }, required: true, rule: shape.userId, width: 18 },
  { key: 'username', header: { kr: '이름', en: 'Name' }, required: true, rule: shape.username, width: 16 },
  {
    key: 'password',
    header: { kr: '초기 비밀번호', en: 'Initial password' },
    required: true,
    rule: shape.password,
    secret: true,
    width: 18,
  },
  { key: 'email', header: { kr: '이메일', en: 'Email' }, rule: shape.email, width: 26 },
  { key: 'phone', header: { kr: '전화번호', en: 'Phone' }, rule: shape.phone, width: 18 },
  {
    key: 'location',
    header: { kr: '위치', en: 'Location' },
    lookup: { options: (db) => locationOptions(db, USER_LOCATION_TYPES) },
    exportValue: (u) => u.location?.path.join(PATH_SEPARATOR) ?? '',
    width: 36,
  },
  {
    key: 'roles',
    header: { kr: '권한', en: 'Roles' },
    lookup: {
      multiple: true,
      options: async (db) =>
        (await db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name))).map((r) => ({
          value: String(r.id),
          labels: [r.name],
        })),
    },
    exportValue: (u) => u.roles.map((r) => r.name).join(', '),
    width: 24,
  },
  {
    key: 'enabled',
    header: { kr: '사용 여부', en: 'Enabled' },
    kind: 'yesNo',
    rule: shape.enabled,
    exportValue: (u) => (u.enabled ? 'Y' : 'N'),
    width: 12,
  },
];

async function hashAll(rows: ParsedRow[]): Promise<Map<number, string>> {
  const hashes = new Map<number, string>();
  for (let i = 0; i < rows.length; i += HASH_CONCURRENCY) {
    const batch = rows.slice(i, i + HASH_CONCURRENCY);
    const done = await Promise.all(batch.map((r) => hashPassword(r.data.password as string)));
    for (const [j, r] of batch.entries()) hashes.set(r.rowNumber, done[j]);
  }
  return hashes;
}

export const userExcel: ExcelEntity<User, UserExportQuery> = {
  name: 'users',
  sheet: { kr: '사용자', en: 'Users' },
  columns: async (db) => [...baseColumns, ...(await customFieldColumns<User>(db, 'users'))],
  checkRows: (db, rows) => checkExtRows(db, 'users', rows),
  unique: [
    {
      column: 'userId',
      key: (row) => (row.data.userId as string | undefined) ?? null,
      taken: async (db, rows) => {
        const found = await db
          .select({ userId: users.userId })
          .from(users)
          .where(
            keyIn(
              users.userId,
              rows.map((r) => r.data.userId as string),
            ),
          );
        return new Set(found.map((f) => f.userId));
      },
    },
  ],
  prepare: hashAll,
  saveRow: (tx, actor, row, { prepared, refId }) => {
    const d = row.data;
    const hash = (prepared as Map<number, string>).get(row.rowNumber);
    if (!hash) throw new Error(`No password hash for row ${row.rowNumber}.`);
    return insertUser(
      tx,
      actor,
      {
        userId: d.userId as string,
        username: d.username as string,
        password: d.password as string,
        email: (d.email as string | null | undefined) || null,
        phone: (d.phone as string | null | undefined) || null,
        locationId: refId(d.location),
        roleIds: ((d.roles as string[] | undefined) ?? []).map(Number),
        enabled: (d.enabled as boolean | undefined) ?? true,
        ext: extOf(row),
      },
      hash,
    );
  },
  fieldColumns: { locationId: 'location', roleIds: 'roles' },
  uniqueConstraints: USER_UNIQUE,
  exportQuery: userExportQuery,
  exportRecords: async (db, q) => (await listUsers(db, q)).data,
};
