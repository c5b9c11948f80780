import {
  type LocationType,
  type Tool,
  type ToolExportQuery,
  toolCreateBody,
  toolExportQuery,
  toolPlacementError,
} from '@eqms/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ExcelColumn, ExcelEntity, ParsedRow } from '../../platform/excel/excel.ts';
import { uniqueColumn } from '../../platform/excel/excel-cells.ts';
import { codeOptions } from '../code/code.lookups.ts';
import { checkExtRows, customFieldColumns, extOf } from '../custom-ext/custom-ext.excel.ts';
import { locationOptions, PATH_SEPARATOR } from '../location/location.excel.ts';
import { users } from '../user/user.table.ts';
import { insertTool, searchTools, TOOL_TYPE_CATEGORY, TOOL_UNIQUE } from './tool.service.ts';
import { tools } from './tool.table.ts';

// Tools as an Excel import/export (platform/excel). The location is named by its path, code or name (as in the
// user import) and must be a line or warehouse (SPEC §5, checked per row); the type by its TOOL_TYPE code or its
// Korean/English name; the manager by user ID.

const shape = toolCreateBody.shape;
type LocationData = { type: LocationType; path: string };

/** A tool with its manager's user ID: what the manager column exports and the import reads. */
type ToolRecord = Tool & { managerUserId: string };

const baseColumns: ExcelColumn<ToolRecord>[] = [
  { key: 'code', header: { kr: '설비 코드', en: 'Code' }, required: true, rule: shape.code, width: 16 },
  { key: 'name', header: { kr: '설비명', en: 'Name' }, required: true, rule: shape.name, width: 22 },
  {
    key: 'type',
    header: { kr: '설비 유형', en: 'Type' },
    lookup: { options: codeOptions(TOOL_TYPE_CATEGORY) },
    width: 16,
  },
  {
    key: 'location',
    header: { kr: '위치', en: 'Location' },
    required: true,
    // Every location is offered so that a factory or site gets the placement message, not "not found".
    lookup: { options: (db) => locationOptions(db) },
    exportValue: (t) => t.locationPath.join(PATH_SEPARATOR),
    width: 36,
  },
  {
    key: 'manager',
    header: { kr: '담당자 ID', en: 'Manager ID' },
    lookup: {
      options: async (db) =>
        (await db.select({ id: users.id, userId: users.userId }).from(users).orderBy(asc(users.userId))).map((u) => ({
          value: String(u.id),
          labels: [u.userId],
        })),
    },
    exportValue: (t) => t.managerUserId,
    width: 16,
  },
  { key: 'specification', header: { kr: '규격', en: 'Specification' }, rule: shape.specification, width: 20 },
  { key: 'manufacturer', header: { kr: '제조사', en: 'Manufacturer' }, rule: shape.manufacturer, width: 18 },
  { key: 'serialNo', header: { kr: '제조 번호', en: 'Serial no.' }, rule: shape.serialNo, width: 16 },
  { key: 'installDate', header: { kr: '설치일', en: 'Install date' }, rule: shape.installDate, width: 14 },
  { key: 'sort', header: { kr: '정렬 순서', en: 'Sort order' }, kind: 'integer', rule: shape.sort, width: 12 },
  { key: 'description', header: { kr: '설명', en: 'Description' }, rule: shape.description, width: 30 },
];

async function withManagerIds(db: Executor, list: Tool[]): Promise<ToolRecord[]> {
  const ids = [...new Set(list.map((t) => t.managerId).filter((v): v is number => v != null))];
  if (!ids.length) return list.map((t) => ({ ...t, managerUserId: '' }));
  const found = await db.select({ id: users.id, userId: users.userId }).from(users).where(inArray(users.id, ids));
  const byId = new Map(found.map((u) => [u.id, u.userId]));
  return list.map((t) => ({ ...t, managerUserId: t.managerId != null ? (byId.get(t.managerId) ?? '') : '' }));
}

export const toolExcel: ExcelEntity<ToolRecord, ToolExportQuery> = {
  name: 'tools',
  sheet: { kr: '설비', en: 'Tools' },
  columns: async (db) => [...baseColumns, ...(await customFieldColumns<ToolRecord>(db, 'tools'))],
  // SPEC §5 placement on every row, with the location's type from the lookup.
  checkRow: (row, optionOf) => {
    if (row.data.location === undefined) return [];
    const type = (optionOf('location', row.data.location)?.data as LocationData | undefined)?.type ?? null;
    const error = toolPlacementError(type);
    return error ? [{ column: 'location', message: error }] : [];
  },
  checkRows: (db, rows) => checkExtRows(db, 'tools', rows),
  unique: [uniqueColumn('code', tools, tools.code)],
  saveRow: (tx, actor, row: ParsedRow, { refId }) => {
    const d = row.data;
    return insertTool(tx, actor, {
      code: d.code as string,
      name: d.name as string,
      type: (d.type as string | undefined) ?? null,
      locationId: refId(d.location)!,
      managerId: refId(d.manager),
      specification: (d.specification as string | null | undefined) || null,
      manufacturer: (d.manufacturer as string | null | undefined) || null,
      serialNo: (d.serialNo as string | null | undefined) || null,
      installDate: (d.installDate as string | null | undefined) || null,
      sort: (d.sort as number | undefined) ?? 0,
      description: (d.description as string | null | undefined) || null,
      ext: extOf(row),
    });
  },
  fieldColumns: { locationId: 'location', managerId: 'manager' },
  uniqueConstraints: TOOL_UNIQUE,
  exportQuery: toolExportQuery,
  exportRecords: async (db, q) => withManagerIds(db, await searchTools(db, q)),
};
