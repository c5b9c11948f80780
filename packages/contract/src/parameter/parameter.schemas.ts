import { z } from 'zod';
import { auditFields, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { SORT_DIGITS } from '../constants.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { toolTreeNodeSchema } from '../tool/tool.schemas.ts';

// Parameters (SPEC §7 "Parameter"): the measured signals of a tool, with unit, limits and sample interval.

export const PARAMETER_DATA_TYPES = ['NUMBER', 'BOOLEAN'] as const;
export type ParameterDataType = (typeof PARAMETER_DATA_TYPES)[number];
/** Seconds between two samples: at least every second, at most once a day. */
export const SAMPLE_INTERVAL = { min: 1, max: 86_400 } as const;

export const parameterSchema = z.object({
  id: z.number(),
  toolId: z.number(),
  toolCode: z.string(),
  toolName: z.string(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  dataType: z.enum(PARAMETER_DATA_TYPES),
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  target: z.number().nullable(),
  sampleInterval: z.number(),
  sort: z.number(),
  description: z.string().nullable(),
  ...auditFields,
});
export type Parameter = z.infer<typeof parameterSchema>;

const limit = rules.qty().nullish();

/** For a NUMBER parameter: lower ≤ target ≤ upper where given; each broken pair is reported on its later field. */
function limitsInOrder(
  v: { dataType: ParameterDataType; lowerLimit?: number | null; upperLimit?: number | null; target?: number | null },
  ctx: z.RefinementCtx,
) {
  if (v.dataType !== 'NUMBER') return;
  const lo = v.lowerLimit ?? null;
  const hi = v.upperLimit ?? null;
  const tg = v.target ?? null;
  if (lo !== null && hi !== null && lo > hi) {
    ctx.addIssue({ code: 'custom', message: ruleMessage('limitOrder'), path: ['upperLimit'] });
  }
  if (tg !== null && lo !== null && tg < lo) {
    ctx.addIssue({ code: 'custom', message: ruleMessage('targetBelowLower'), path: ['target'] });
  } else if (tg !== null && hi !== null && tg > hi) {
    ctx.addIssue({ code: 'custom', message: ruleMessage('targetAboveUpper'), path: ['target'] });
  }
}

const parameterFields = {
  toolId: rules.idValue(),
  code: rules.text(50).regex(/^[A-Za-z0-9_.-]+$/, { error: ruleMessage('parameterCode') }),
  name: rules.text(100),
  unit: rules.optionalText(20),
  dataType: z.enum(PARAMETER_DATA_TYPES, { error: ruleMessage('invalidType') }).default('NUMBER'),
  lowerLimit: limit,
  upperLimit: limit,
  target: limit,
  sampleInterval: z
    .number({ error: ruleMessage('integer') })
    .int({ error: ruleMessage('integer') })
    .refine((v) => v >= SAMPLE_INTERVAL.min && v <= SAMPLE_INTERVAL.max, {
      error: ruleMessage('between', { min: SAMPLE_INTERVAL.min, max: SAMPLE_INTERVAL.max }),
    })
    .default(60),
  sort: rules.integerDigits(SORT_DIGITS).default(0),
  description: rules.optionalText(500),
};

export const parameterCreateBody = z.object(parameterFields).superRefine(limitsInOrder);
export const parameterUpdateBody = z.object({ ...parameterFields, id: rules.idValue() }).superRefine(limitsInOrder);
export type ParameterCreate = z.infer<typeof parameterCreateBody>;
export type ParameterUpdate = z.infer<typeof parameterUpdateBody>;

/** `toolIds` repeats (ARCHITECTURE §4); none = every parameter. */
export const parameterListQuery = z.object({ toolIds: queryArray(rules.id()) });
export const toolIdParam = z.object({ toolId: rules.id() });

export const parameterResponse = dataOf(parameterSchema);
export const parameterListResponse = listOf(parameterSchema);
/** The tool tree of the parameter screen, with parameterCount on every node. */
export const parameterToolTreeResponse = listOf(toolTreeNodeSchema);
