import type { z } from 'zod';
import { type EndpointSpec, FILE, MULTIPART, type Stamped } from '../endpoint.ts';
import { excelCheckResponse, excelSaveBody, excelSaveResponse } from './excel.schemas.ts';

/** The save body is up to EXCEL_MAX_ROWS rows of cell texts: more than the 2 MB every other JSON body gets. */
export const EXCEL_SAVE_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The four Excel endpoints of an importable entity, spread into its group: `...excelEndpoints('/product',
 * 'productInfo', productExportQuery)`. Import needs the menu's create right, export its view right.
 */
export function excelEndpoints<Q extends z.ZodType>(base: string, menu: string, exportQuery: Q) {
  const can = (action: 'view' | 'create') => ({ menu, action });
  return {
    excelTemplate: {
      method: 'GET',
      path: `${base}/excel/template`,
      response: FILE,
      permission: can('create'),
      summary: 'Excel import template (row 1 keys, row 2 headers, allowed values sheet)',
    },
    excelCheck: {
      method: 'POST',
      path: `${base}/excel/check`,
      body: MULTIPART,
      response: excelCheckResponse,
      permission: can('create'),
      summary: 'Check an uploaded workbook: every row with its errors',
    },
    excelSave: {
      method: 'POST',
      path: `${base}/excel`,
      body: excelSaveBody,
      response: excelSaveResponse,
      permission: can('create'),
      summary: 'Save checked rows, all or none',
      bodyLimit: EXCEL_SAVE_BODY_LIMIT,
    },
    excelExport: {
      method: 'GET',
      path: `${base}/excel/export`,
      query: exportQuery,
      response: FILE,
      permission: can('view'),
      summary: 'Export the filtered rows as a workbook',
    },
  } as const satisfies Record<string, EndpointSpec>;
}

/** The import half of a group's Excel endpoints, as the import dialog takes it. */
export type ExcelImportEndpoints = Pick<
  Stamped<ReturnType<typeof excelEndpoints<z.ZodType>>>,
  'excelTemplate' | 'excelCheck' | 'excelSave'
>;
