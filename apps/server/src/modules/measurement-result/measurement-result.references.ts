import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { measurementResults, measurementValues } from './measurement-result.table.ts';

// What measurement results refer to (platform/references.ts): a product or lot with measurement results cannot be
// deleted, nor a standard item a file's values were judged by; the dialog lists the results (measured time and file)
// on the measurement results screen. Values and the file are the result's own (cascade / deleted with it).
const held = (column: AnyPgColumn, refers: string): Reference => ({
  table: measurementResults,
  column,
  refers,
  screen: 'measurementResult',
  id: measurementResults.id,
  name: sql<string>`(select f.name from files f where f.id = ${measurementResults.fileId})`,
  createdBy: measurementResults.createdBy,
  createdAt: measurementResults.createdAt,
});

export const measurementResultReferences: Reference[] = [
  held(measurementResults.productId, 'products'),
  held(measurementResults.lotRowId, 'lots'),
  {
    table: measurementValues,
    column: measurementValues.standardId,
    refers: 'quality_standards',
    screen: 'measurementResult',
    id: sql<number>`${measurementValues.resultId}`,
    name: measurementValues.name,
    createdBy: sql<string>`(select r.created_by from measurement_results r where r.id = ${measurementValues.resultId})`,
    createdAt: sql<string>`(select r.created_at from measurement_results r where r.id = ${measurementValues.resultId})`,
  },
];
