import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { outSourcings } from './out-sourcing.table.ts';

// What outsourcing refers to (platform/references.ts): a plan, operation plan, partner or daily plan with outsourcing
// cannot be deleted; the dialog lists the outsourcing rows (partner and operation) on the outsourcing screen.
const sent = (column: AnyPgColumn, refers: string): Reference => ({
  table: outSourcings,
  column,
  refers,
  screen: 'outSourcing',
  id: sql<string>`(select b.name from biz_partners b where b.id = ${outSourcings.bizPartnerId})`,
  name: sql<string>`(select o.name from production_oper_plans p join operations o on o.id = p.operation_id where p.id = ${outSourcings.operPlanId})`,
  createdBy: outSourcings.createdBy,
  createdAt: outSourcings.createdAt,
});

export const outSourcingReferences: Reference[] = [
  sent(outSourcings.planId, 'production_plans'),
  sent(outSourcings.operPlanId, 'production_oper_plans'),
  sent(outSourcings.bizPartnerId, 'biz_partners'),
  sent(outSourcings.dailyPlanId, 'daily_plans'),
];
