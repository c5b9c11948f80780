// The judgement of an inspection (modules/quality README "Judgement"), one pure function for the server (which
// decides) and the web (which previews while the inspector types).
//
// - A measured (NUMBER) sample passes when LSL ≤ value ≤ USL: both limits INCLUSIVE; a missing limit is no bound
//   (one-sided: only LSL, or only USL). The target does not judge.
// - A PASS_FAIL sample is what the inspector chose.
// - An item passes when every sample passes; the inspection passes when every item passes.

export const QUALITY_KINDS = ['NUMBER', 'PASS_FAIL'] as const;
export type QualityKind = (typeof QUALITY_KINDS)[number];
export const JUDGEMENTS = ['PASS', 'FAIL'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];

export type Limits = { kind: QualityKind; lsl: number | null; usl: number | null };
export type Sample = { value?: number | null; passed?: boolean | null };

export function sampleOk(limits: Limits, s: Sample): boolean {
  if (limits.kind === 'PASS_FAIL') return s.passed === true;
  const v = s.value;
  if (v == null || !Number.isFinite(v)) return false;
  if (limits.lsl != null && v < limits.lsl) return false;
  if (limits.usl != null && v > limits.usl) return false;
  return true;
}

export function itemJudgement(limits: Limits, samples: readonly Sample[]): Judgement {
  return samples.length > 0 && samples.every((s) => sampleOk(limits, s)) ? 'PASS' : 'FAIL';
}

export function overallJudgement(items: readonly Judgement[]): Judgement {
  return items.length > 0 && items.every((j) => j === 'PASS') ? 'PASS' : 'FAIL';
}
