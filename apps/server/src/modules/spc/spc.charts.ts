import { spcConstants } from './spc.constants.ts';
import { sigmaZones, westernElectric } from './spc.rules.ts';
import { flatten, mean, movingRanges, range, type SubgroupData, sampleStdDev, toSubgroups } from './spc.stats.ts';
import {
  type ChartSeries,
  type ChartStatistic,
  type ControlChart,
  type ControlLimits,
  WE_RULES,
  type WeRule,
} from './spc.types.ts';

// Shewhart control charts (README.md "Charts"). Limits come from the printed constants: X̄-R with A2, D3, D4;
// X̄-S with A3, B3, B4; I-MR with 3·MR̄/d2(2) (E2·MR̄ before E2 is rounded) and D4(2). Each function answers null when
// the chart cannot be drawn: a subgroup size outside the table, or fewer than two subgroups (observations for I-MR).

const MIN_SUBGROUPS = 2;

export function series(
  statistic: ChartStatistic,
  values: number[],
  limits: ControlLimits,
  rules: readonly WeRule[],
  offset = 0,
): ChartSeries {
  const flags = westernElectric(values, limits, rules);
  return {
    statistic,
    limits,
    zones: sigmaZones(limits),
    rulesApplied: [...rules],
    points: values.map((value, i) => ({ index: i + offset, value, rules: flags[i] })),
  };
}

/** X̄-R chart of subgroups of `subgroupSize` (2..25): time-ordered values are cut into consecutive subgroups. */
export function xbarRChart(data: SubgroupData, subgroupSize: number): ControlChart | null {
  const k = spcConstants(subgroupSize);
  if (!k) return null;
  const { subgroups, droppedValues } = toSubgroups(data, subgroupSize);
  if (subgroups.length < MIN_SUBGROUPS) return null;
  const means = subgroups.map(mean);
  const ranges = subgroups.map(range);
  const xbarbar = mean(means);
  const rbar = mean(ranges);
  return {
    type: 'XBAR_R',
    subgroupSize,
    subgroupCount: subgroups.length,
    droppedValues,
    sigmaWithin: rbar / k.d2,
    location: series('XBAR', means, { cl: xbarbar, ucl: xbarbar + k.A2 * rbar, lcl: xbarbar - k.A2 * rbar }, WE_RULES),
    dispersion: series('R', ranges, { cl: rbar, ucl: k.D4 * rbar, lcl: k.D3 * rbar }, WE_RULES),
  };
}

/** X̄-S chart of subgroups of `subgroupSize` (2..25). */
export function xbarSChart(data: SubgroupData, subgroupSize: number): ControlChart | null {
  const k = spcConstants(subgroupSize);
  if (!k) return null;
  const { subgroups, droppedValues } = toSubgroups(data, subgroupSize);
  if (subgroups.length < MIN_SUBGROUPS) return null;
  const means = subgroups.map(mean);
  const sds = subgroups.map(sampleStdDev);
  const xbarbar = mean(means);
  const sbar = mean(sds);
  return {
    type: 'XBAR_S',
    subgroupSize,
    subgroupCount: subgroups.length,
    droppedValues,
    sigmaWithin: sbar / k.c4,
    location: series('XBAR', means, { cl: xbarbar, ucl: xbarbar + k.A3 * sbar, lcl: xbarbar - k.A3 * sbar }, WE_RULES),
    dispersion: series('S', sds, { cl: sbar, ucl: k.B4 * sbar, lcl: k.B3 * sbar }, WE_RULES),
  };
}

// Adjacent moving ranges share an observation, so they are correlated and runs on the MR chart are not the
// independent events rules 2–4 assume (Montgomery; Nelson 1982): only rule 1 is applied there.
const MR_RULES: readonly WeRule[] = [1];

/** Individuals and moving-range (span 2) chart of time-ordered values (grouped input is read in order). */
export function imrChart(data: SubgroupData): ControlChart | null {
  const values = flatten(data);
  if (values.length < MIN_SUBGROUPS) return null;
  const k = spcConstants(2)!;
  const mrs = movingRanges(values);
  const xbar = mean(values);
  const mrbar = mean(mrs);
  const sigma = mrbar / k.d2;
  return {
    type: 'I_MR',
    subgroupSize: 1,
    subgroupCount: values.length,
    droppedValues: 0,
    sigmaWithin: sigma,
    location: series('I', values, { cl: xbar, ucl: xbar + 3 * sigma, lcl: xbar - 3 * sigma }, WE_RULES),
    dispersion: series('MR', mrs, { cl: mrbar, ucl: k.D4 * mrbar, lcl: k.D3 * mrbar }, MR_RULES, 1),
  };
}
