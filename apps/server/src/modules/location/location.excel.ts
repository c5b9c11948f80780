import {
  LOCATION_TYPES,
  type LocationExportQuery,
  type LocationType,
  type LocationWithParent,
  locationCreateBody,
  locationExportQuery,
  locationPlacementError,
} from '@eqms/contract';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { keyIn } from '../../platform/excel/excel-cells.ts';
import type { ExcelColumn, ExcelEntity, ExcelOption, ParsedRow } from '../../platform/excel/excel.ts';
import { parentsFirst } from '../../platform/excel/excel-columns.ts';
import { checkExtRows, customFieldColumns, extOf } from '../custom-ext/custom-ext.excel.ts';
import { locationRefs } from './location.paths.ts';
import { insertLocation, LOCATION_UNIQUE, listLocationsWithParent } from './location.service.ts';
import { locations } from './location.table.ts';

// Locations as an Excel import/export (platform/excel). A parent is named by its code, name or path
// ("Site / Factory / Line"): an existing location or one created by an earlier row of the same file.

/** What a user may type for a type: the code or its name in either language (the glossary's words). */
export const LOCATION_TYPE_LABELS: Record<LocationType, { kr: string; en: string }> = {
  SITE: { kr: '사업장', en: 'Site' },
  FACTORY: { kr: '공장', en: 'Factory' },
  LINE: { kr: '라인', en: 'Line' },
  WAREHOUSE: { kr: '창고', en: 'Warehouse' },
  SHELF: { kr: '선반', en: 'Shelf' },
};

export const PATH_SEPARATOR = ' / ';
type LocationData = { type: LocationType; path: string };

/** Locations (optionally only these types) by path, code or name; `data` carries the type and path. */
export async function locationOptions(db: Executor, types?: readonly LocationType[]): Promise<ExcelOption[]> {
  const base = db.select({ id: locations.id, code: locations.code, type: locations.type }).from(locations);
  const rows = await (types ? base.where(inArray(locations.type, [...types])) : base);
  const refs = await locationRefs(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => {
      const ref = refs.get(r.id);
      const path = (ref?.path ?? []).join(PATH_SEPARATOR);
      const data: LocationData = { type: r.type as LocationType, path };
      return { value: String(r.id), labels: [path, ...(r.code ? [r.code] : []), ref?.name ?? ''], data };
    })
    .sort((a, b) => a.labels[0].localeCompare(b.labels[0], 'ko'));
}

const shape = locationCreateBody.shape;

const baseColumns: ExcelColumn<LocationWithParent>[] = [
  {
    key: 'type',
    header: { kr: '유형', en: 'Type' },
    required: true,
    lookup: {
      options: async () =>
        LOCATION_TYPES.map((t) => ({ value: t, labels: [t, LOCATION_TYPE_LABELS[t].kr, LOCATION_TYPE_LABELS[t].en] })),
    },
    width: 14,
  },
  { key: 'name', header: { kr: '위치명', en: 'Name' }, required: true, rule: shape.name, width: 24 },
  { key: 'code', header: { kr: '위치 코드', en: 'Code' }, rule: shape.code, width: 16 },
  {
    key: 'parent',
    header: { kr: '상위 위치', en: 'Parent' },
    lookup: {
      // A shelf holds no locations: it is not offered as a parent.
      options: (db) => locationOptions(db, ['SITE', 'FACTORY', 'LINE', 'WAREHOUSE']),
      rowOption: (row, optionOf) => {
        const { type, name, code, parent } = row.data as {
          type?: LocationType;
          name?: string;
          code?: string | null;
          parent?: string;
        };
        if (!type || !name) return null;
        const parentPath = (optionOf('parent', parent)?.data as LocationData | undefined)?.path;
        const path = parentPath ? `${parentPath}${PATH_SEPARATOR}${name}` : name;
        const data: LocationData = { type, path };
        return { labels: [path, ...(code ? [code] : []), name], data };
      },
    },
    exportValue: (l) => l.parent?.path.join(PATH_SEPARATOR) ?? '',
    width: 36,
  },
  { key: 'sort', header: { kr: '정렬 순서', en: 'Sort order' }, kind: 'integer', rule: shape.sort, width: 12 },
  { key: 'description', header: { kr: '설명', en: 'Description' }, rule: shape.description, width: 30 },
];

export const locationExcel: ExcelEntity<LocationWithParent, LocationExportQuery> = {
  name: 'locations',
  sheet: { kr: '위치', en: 'Locations' },
  columns: async (db) => [...baseColumns, ...(await customFieldColumns<LocationWithParent>(db, 'locations'))],
  // SPEC §5 placement on every row, with the parent's type from the database or from the earlier row.
  checkRow: (row, optionOf) => {
    const type = row.data.type as LocationType | undefined;
    if (!type || (row.values.parent?.trim() && row.data.parent === undefined)) return [];
    const parentType = (optionOf('parent', row.data.parent)?.data as LocationData | undefined)?.type ?? null;
    const error = locationPlacementError(type, parentType);
    return error ? [{ column: 'parent', message: error }] : [];
  },
  checkRows: (db, rows) => checkExtRows(db, 'locations', rows),
  unique: [
    {
      column: 'code',
      key: (row) => (row.data.code as string | null | undefined) || null,
      taken: async (db, rows) => {
        const wanted = rows.map((r) => r.data.code as string);
        const found = await db.select({ code: locations.code }).from(locations).where(keyIn(locations.code, wanted));
        return new Set(found.map((f) => f.code!));
      },
    },
  ],
  saveRow: async (tx, actor, row: ParsedRow, { refId }) => {
    const d = row.data;
    const created = await insertLocation(tx, actor, {
      name: d.name as string,
      code: (d.code as string | null | undefined) ?? null,
      type: d.type as LocationType,
      parentId: refId(d.parent),
      sort: (d.sort as number | undefined) ?? 0,
      description: (d.description as string | null | undefined) || null,
      ext: extOf(row),
    });
    return created.id;
  },
  fieldColumns: { parentId: 'parent' },
  uniqueConstraints: LOCATION_UNIQUE,
  exportQuery: locationExportQuery,
  exportRecords: async (db, q) => {
    const text = q.q?.trim().toLowerCase();
    const all = await listLocationsWithParent(db);
    const picked = all.filter(
      (l) =>
        (!q.type?.length || q.type.includes(l.type)) &&
        (!text || l.name.toLowerCase().includes(text) || (l.code ?? '').toLowerCase().includes(text)),
    );
    return parentsFirst(
      picked,
      (l) => l.id,
      (l) => l.parentId,
    );
  },
};
