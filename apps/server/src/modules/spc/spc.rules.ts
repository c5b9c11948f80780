import { type ControlLimits, type SigmaZones, WE_RULES, type WeRule } from './spc.types.ts';

// Western Electric rules 1–4 on one chart (README.md "Western Electric rules"). A point is flagged with a rule when
// the pattern is complete at that point, and the point itself is part of it: rule 2 flags the point that is the
// second of 2-of-3 beyond 2σ, rule 4 every point from the 8th of a run on. Zones come from the chart's own limits:
// σ above the centre line is (UCL − CL)/3 and below it (CL − LCL)/3, so a dispersion chart's truncated LCL is honoured.
// "Beyond" is strict: a point exactly on a limit or zone line is not beyond it, and a point on the centre line is on
// neither side (it ends a run).

const RUN_RULE4 = 8;

export function sigmaZones(limits: ControlLimits): SigmaZones {
  const up = (limits.ucl - limits.cl) / 3;
  const down = (limits.cl - limits.lcl) / 3;
  return { plus1: limits.cl + up, plus2: limits.cl + 2 * up, minus1: limits.cl - down, minus2: limits.cl - 2 * down };
}

// Shared by every point that breaks no rule: a 1 Hz day is 86,400 points, most of them quiet.
const NONE: readonly WeRule[] = Object.freeze([]);

/** For each value, the rules (ascending) it breaks among `rules`; points breaking none share one frozen empty list. */
export function westernElectric(
  values: readonly number[],
  limits: ControlLimits,
  rules: readonly WeRule[] = WE_RULES,
): (readonly WeRule[])[] {
  const z = sigmaZones(limits);
  const [r1On, r2On, r3On, r4On] = WE_RULES.map((r) => rules.includes(r));
  const len = values.length;
  // side: +1 above the centre line, −1 below, 0 on it; level: how far beyond on that side (1: past 1σ, 2: past 2σ,
  // 3: past the limit), each zone line from that side's own sigma.
  const side = new Int8Array(len);
  const level = new Int8Array(len);
  for (let i = 0; i < len; i++) {
    const v = values[i];
    if (v > limits.cl) {
      side[i] = 1;
      level[i] = v > limits.ucl ? 3 : v > z.plus2 ? 2 : v > z.plus1 ? 1 : 0;
    } else if (v < limits.cl) {
      side[i] = -1;
      level[i] = v < limits.lcl ? 3 : v < z.minus2 ? 2 : v < z.minus1 ? 1 : 0;
    }
  }
  const out: (readonly WeRule[])[] = new Array(len);
  let run = 0;
  for (let i = 0; i < len; i++) {
    run = side[i] === 0 ? 0 : i > 0 && side[i] === side[i - 1] ? run + 1 : 1;
    const r1 = r1On && level[i] === 3;
    const r2 = r2On && beyond(side, level, i, 3, 2, 2);
    const r3 = r3On && beyond(side, level, i, 5, 4, 1);
    const r4 = r4On && run >= RUN_RULE4;
    if (!(r1 || r2 || r3 || r4)) {
      out[i] = NONE;
      continue;
    }
    const flags: WeRule[] = [];
    if (r1) flags.push(1);
    if (r2) flags.push(2);
    if (r3) flags.push(3);
    if (r4) flags.push(4);
    out[i] = flags;
  }
  return out;
}

// Whether point i is at least `atLevel` beyond on its side and at least `count` of the `width` points ending at i are
// so on the same side. At the start of a series the window is shorter: two points beyond 2σ are already 2 of any 3
// that hold them, so waiting for a third would only delay the signal.
function beyond(side: Int8Array, level: Int8Array, i: number, width: number, count: number, atLevel: number): boolean {
  if (side[i] === 0 || level[i] < atLevel) return false;
  let n = 0;
  for (let j = Math.max(0, i - width + 1); j <= i; j++) if (side[j] === side[i] && level[j] >= atLevel) n++;
  return n >= count;
}
