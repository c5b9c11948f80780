import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import {
  qualityDispositions,
  qualityHolds,
  qualityResultItems,
  qualityResults,
  qualityStandards,
} from './quality.table.ts';

// What quality rows refer to (platform/references.ts). A material or product with inspection items, an operation
// named by one, and a package, lot, daily plan or user with inspections cannot be deleted; an inspection item a
// result used cannot be deleted either (the dialog lists the results). Results and holds are never deleted.
const standard = (column: AnyPgColumn, refers: string, screen: string): Reference => ({
  table: qualityStandards,
  column,
  refers,
  screen,
  id: qualityStandards.id,
  name: qualityStandards.name,
  createdBy: qualityStandards.createdBy,
  createdAt: qualityStandards.createdAt,
});
const result = (column: AnyPgColumn, refers: string, screen: string): Reference => ({
  table: qualityResults,
  column,
  refers,
  screen,
  id: qualityResults.id,
  name: sql<string>`${qualityResults.stage} || ' ' || ${qualityResults.judgement}`,
  createdBy: qualityResults.createdBy,
  createdAt: qualityResults.createdAt,
});
const hold = (column: AnyPgColumn, refers: string, screen: string): Reference => ({
  table: qualityHolds,
  column,
  refers,
  screen,
  id: sql<string>`'QH-' || ${qualityHolds.id}`,
  name: qualityHolds.status,
  createdBy: qualityHolds.openedBy,
  createdAt: qualityHolds.openedAt,
});
const disposition = (column: AnyPgColumn, refers: string): Reference => ({
  table: qualityDispositions,
  column,
  refers,
  screen: 'productQualityResult',
  id: sql<string>`'QH-' || ${qualityDispositions.holdId}`,
  name: qualityDispositions.disposition,
  createdBy: qualityDispositions.createdBy,
  createdAt: qualityDispositions.createdAt,
});
export const qualityReferences: Reference[] = [
  standard(qualityStandards.materialId, 'materials', 'materialQualityInfo'),
  standard(qualityStandards.productId, 'products', 'productQualityInfo'),
  standard(qualityStandards.operationId, 'operations', 'productQualityInfo'),
  {
    table: qualityResultItems,
    column: qualityResultItems.standardId,
    refers: 'quality_standards',
    screen: 'productQualityResult',
    id: sql<number>`${qualityResultItems.resultId}`,
    name: qualityResultItems.name,
    createdBy: sql<string>`(select r.created_by from quality_results r where r.id = ${qualityResultItems.resultId})`,
    createdAt: sql<string>`(select r.created_at from quality_results r where r.id = ${qualityResultItems.resultId})`,
  },
  result(qualityResults.materialStockId, 'material_stocks', 'materialQualityResult'),
  result(qualityResults.materialId, 'materials', 'materialQualityResult'),
  result(qualityResults.productId, 'products', 'productQualityResult'),
  result(qualityResults.lotRowId, 'lots', 'productQualityResult'),
  result(qualityResults.dailyPlanId, 'daily_plans', 'productQualityResult'),
  result(qualityResults.inspectorId, 'users', 'productQualityResult'),
  result(qualityResults.operationId, 'operations', 'productQualityResult'),
  hold(qualityHolds.materialStockId, 'material_stocks', 'materialQualityResult'),
  hold(qualityHolds.lotRowId, 'lots', 'productQualityResult'),
  // Within the module: a result, hold or ledger row named by a hold or a disposition. Nothing deletes them today;
  // declared so that a delete added one day answers with the rows rather than a bare foreign-key error.
  hold(qualityHolds.resultId, 'quality_results', 'productQualityResult'),
  hold(qualityHolds.closedByResultId, 'quality_results', 'productQualityResult'),
  disposition(qualityDispositions.holdId, 'quality_holds'),
  disposition(qualityDispositions.materialHistoryId, 'material_histories'),
];
