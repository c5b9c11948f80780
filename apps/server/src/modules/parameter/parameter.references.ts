import { and, inArray, sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { tools } from '../tool/tool.table.ts';
import { parameters, traceData } from './parameter.table.ts';

// What parameters and their collected values refer to (platform/references.ts).

/** SPEC §5/§8 "cannot delete a parameter that has data" (the web recognises the message). */
export const PARAMETER_HAS_DATA = 'Cannot delete a parameter that has data.';

export const parameterReferences: Reference[] = [
  {
    table: parameters,
    column: parameters.toolId,
    refers: 'tools',
    screen: 'parameter',
    id: parameters.code,
    name: parameters.name,
    createdBy: parameters.createdBy,
    createdAt: parameters.createdAt,
  },
  {
    // Collected values block their parameter; the dialog lists the parameter itself (code, name and its tool).
    table: traceData,
    column: traceData.parameterId,
    refers: 'parameters',
    screen: 'parameter',
    shows: {
      table: parameters,
      where: (ids) =>
        and(
          inArray(parameters.id, ids),
          sql`exists (select 1 from ${traceData} where ${traceData.parameterId} = ${parameters.id})`,
        )!,
    },
    id: parameters.code,
    name: sql<string>`${parameters.name} || ' (' || (select ${tools.code} from ${tools} where ${tools.id} = ${parameters.toolId}) || ')'`,
    createdBy: parameters.createdBy,
    createdAt: parameters.createdAt,
    message: PARAMETER_HAS_DATA,
  },
];
