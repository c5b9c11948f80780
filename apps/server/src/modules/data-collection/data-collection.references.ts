import { and, inArray, sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { PARAMETER_HAS_DATA } from '../parameter/parameter.references.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { ingestKeys, traceMinutes, traceSpecOuts } from './data-collection.table.ts';

// What the data collection tables refer to (platform/references.ts).
export const dataCollectionReferences: Reference[] = [
  {
    // A tool with an ingest key (even a revoked one: the record of who could write) cannot be deleted.
    table: ingestKeys,
    column: ingestKeys.toolId,
    refers: 'tools',
    screen: 'parameter',
    id: ingestKeys.prefix,
    name: ingestKeys.name,
    createdBy: ingestKeys.createdBy,
    createdAt: ingestKeys.createdAt,
  },
  {
    // Spec-out rows are collected data too (SPEC §5: a parameter with data cannot be deleted); listed as the parameter.
    table: traceSpecOuts,
    column: traceSpecOuts.parameterId,
    refers: 'parameters',
    screen: 'parameter',
    shows: {
      table: parameters,
      where: (ids) =>
        and(
          inArray(parameters.id, ids),
          sql`exists (select 1 from ${traceSpecOuts} where ${traceSpecOuts.parameterId} = ${parameters.id})`,
        )!,
    },
    id: parameters.code,
    name: parameters.name,
    createdBy: parameters.createdBy,
    createdAt: parameters.createdAt,
    message: PARAMETER_HAS_DATA,
  },
  {
    // The minutes of collected data exist exactly when the parameter's trace data does, which parameter's own
    // declaration already lists (with its message): declared for the foreign key, listing nothing twice.
    table: traceMinutes,
    column: traceMinutes.parameterId,
    refers: 'parameters',
    screen: 'parameter',
    shows: { table: parameters, where: () => sql`false` },
    id: parameters.code,
    name: parameters.name,
    createdBy: parameters.createdBy,
    createdAt: parameters.createdAt,
    message: PARAMETER_HAS_DATA,
  },
];
