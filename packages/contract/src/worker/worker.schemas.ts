import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { WORK_STATUSES } from '../production-plan/production-plan.schemas.ts';
import { rules } from '../rules/index.ts';
import { userPickSchema } from '../user/user.schemas.ts';

// Workers (SPEC §7 "Worker", DOMAIN "Worker"): users who work on the shop floor, each assigned to a LINE or to none
// yet. A worker's history is their results: the daily plans they worked (daily_plans.worker_id) in a period.
// Personal data rule: a worker carries who the user is (id, user id, name) and never how to reach them.

/** The work history's period: at most this many days (a month's calendar with its edges, as the daily plans'). */
export const WORKER_HISTORY_MAX_DAYS = 93;
/** Workers named in one history query. */
export const WORKER_HISTORY_MAX_WORKERS = 500;

export const workerSchema = z.object({
  id: z.number(),
  /** The user: id, user (login) id and name, never email or phone. */
  user: userPickSchema,
  /** The LINE the worker is assigned to; null while unassigned. */
  lineId: z.number().nullable(),
  lineName: z.string().nullable(),
  /** The line's factory. */
  factoryId: z.number().nullable(),
  factoryName: z.string().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type Worker = z.infer<typeof workerSchema>;

export type WorkerTreeNode = {
  /** L<id> a location, W<id> a worker. */
  key: string;
  kind: 'LOCATION' | 'WORKER';
  /** The location's id, or the worker's. */
  id: number;
  /** The location's name, or the worker's (user) name. */
  name: string;
  /** SITE, FACTORY or LINE; WORKER for a worker. */
  type: string;
  /** A worker's user (login) id. */
  userId: string | null;
  /** Workers at the location and below it (1 for a worker). */
  workerCount: number;
  children: WorkerTreeNode[];
};
export const workerTreeNodeSchema: z.ZodType<WorkerTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['LOCATION', 'WORKER']),
    id: z.number(),
    name: z.string(),
    type: z.string(),
    userId: z.string().nullable(),
    workerCount: z.number(),
    get children() {
      return z.array(workerTreeNodeSchema);
    },
  })
  .meta({ id: 'WorkerTreeNode' });

/** One result of a worker: a daily plan they worked, with its product, operation, line and tool. */
export const workerHistorySchema = z.object({
  /** The daily plan. */
  id: z.number(),
  day: z.string(),
  /** The worker (row) and their user. */
  workerId: z.number(),
  user: userPickSchema,
  planId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  operationName: z.string(),
  lineId: z.number(),
  lineName: z.string(),
  toolName: z.string().nullable(),
  targetQty: z.number(),
  goodQty: z.number(),
  badQty: z.number(),
  status: z.enum(WORK_STATUSES),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type WorkerHistory = z.infer<typeof workerHistorySchema>;

/** PUT /worker: make a user a worker or change their line (one worker per user). */
export const workerSaveBody = z.object({
  userId: rules.idValue(),
  /** A LINE, or null: unassigned. */
  lineId: rules.idValue().nullable(),
  description: rules.optionalText(500),
});
export type WorkerSave = z.infer<typeof workerSaveBody>;

/** `workers` repeats (`?workers=1&workers=2`): worker ids; every worker when absent. */
const workerIds = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
  z
    .array(rules.id())
    .max(WORKER_HISTORY_MAX_WORKERS, { error: ruleMessage('max', { max: WORKER_HISTORY_MAX_WORKERS }) })
    .optional(),
);
export const workerHistoryQuery = z
  .object({ startDt: rules.date(), endDt: rules.date(), workers: workerIds })
  .superRefine((v, ctx) => checkDayPeriod({ from: v.startDt, to: v.endDt }, WORKER_HISTORY_MAX_DAYS, ctx, ['endDt']));
export type WorkerHistoryQuery = z.infer<typeof workerHistoryQuery>;

export const workerResponse = dataOf(workerSchema);
export const workerListResponse = listOf(workerSchema);
export const workerTreeResponse = dataOf(z.array(workerTreeNodeSchema));
export const workerHistoryListResponse = listOf(workerHistorySchema);
