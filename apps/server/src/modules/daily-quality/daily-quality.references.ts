import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { dailyQualityResults } from './daily-quality.table.ts';

// What daily quality results refer to (platform/references.ts): a line or product with a daily quality result cannot
// be deleted; the related-data dialog lists the records (day, product) on the daily quality result screen.
const recorded = (column: AnyPgColumn, refers: string): Reference => ({
  table: dailyQualityResults,
  column,
  refers,
  screen: 'dailyQualityResult',
  id: sql<string>`${dailyQualityResults.day}::text`,
  name: sql<string>`(select p.name from products p where p.id = ${dailyQualityResults.productId})`,
  createdBy: dailyQualityResults.createdBy,
  createdAt: dailyQualityResults.createdAt,
});

export const dailyQualityReferences: Reference[] = [
  recorded(dailyQualityResults.lineId, 'locations'),
  recorded(dailyQualityResults.productId, 'products'),
];
