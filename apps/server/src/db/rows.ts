/**
 * The rows of a raw `db.execute(sql…)` result, whatever the driver: node-postgres and PGlite answer `{ rows }`,
 * others (postgres-js) the array itself.
 */
export function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}
