import type { Doc } from './pdf.ts';
import { CONTENT_W, cell, REPORT_MARGIN } from './report-pdf.ts';

// A chart drawn into a report PDF as vectors (pdfkit paths, not a picture): grouped bars on a left axis and,
// optionally, one line on a right axis in percent (the defect report's Pareto, the product report's production by
// period). Lengths are pdfkit points; the chart spans the content width.

export type ChartBars = { name: string; color: string; values: number[] };
export type ChartLine = { name: string; color: string; values: (number | null)[]; max: number };
export type PdfChart = {
  labels: string[];
  bars: ChartBars[];
  line?: ChartLine;
  /** The left axis' caption (a unit). */
  axis?: string;
  /** Shown in the middle when there is nothing to draw. */
  empty: string;
};

/** The smallest 1-2-5 step that divides `max` into at most `ticks` parts. */
export function niceStep(max: number, ticks = 5): number {
  if (!(max > 0)) return 1;
  const raw = max / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

const AXIS = '#595959';
const GRID = '#d9d9d9';
const tickText = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Draws the chart from y, `height` points high (legend and labels included); answers the y below it. */
export function drawChart(doc: Doc, chart: PdfChart, y: number, height = 200): number {
  const left = REPORT_MARGIN + 40;
  const right = REPORT_MARGIN + CONTENT_W - (chart.line ? 34 : 8);
  const top = y + 18;
  const bottom = y + height - 24;
  const plotH = bottom - top;
  const plotW = right - left;
  const n = chart.labels.length;

  // Legend.
  doc.font('regular').fontSize(7.5);
  let lx = left;
  for (const s of [...chart.bars, ...(chart.line ? [chart.line] : [])]) {
    doc.rect(lx, y + 3, 9, 7).fill(s.color);
    doc.fill('#000000');
    cell(doc, s.name, lx + 12, y + 2, 90);
    lx += 18 + Math.min(90, doc.widthOfString(s.name));
  }
  if (chart.axis) {
    doc.fill(AXIS);
    cell(doc, chart.axis, REPORT_MARGIN, y + 2, 36, 'left');
  }

  const max = Math.max(0, ...chart.bars.flatMap((b) => b.values));
  const step = niceStep(max);
  const axisMax = max > 0 ? Math.ceil(max / step) * step : step * 5;
  const yOf = (v: number) => bottom - (v / axisMax) * plotH;
  doc.fontSize(7).fill(AXIS);
  for (let v = 0; v <= axisMax + step / 1000; v += step) {
    const ty = yOf(v);
    doc.moveTo(left, ty).lineTo(right, ty).lineWidth(0.3).stroke(GRID);
    doc.fill(AXIS);
    cell(doc, tickText(v), REPORT_MARGIN, ty - 3.5, 36, 'right');
  }
  if (chart.line) {
    const line = chart.line;
    for (let k = 0; k <= 4; k++) {
      const v = (line.max / 4) * k;
      doc.fill(AXIS);
      cell(doc, `${tickText(v)}%`, right + 3, bottom - (v / line.max) * plotH - 3.5, 30, 'left');
    }
  }
  doc.moveTo(left, top).lineTo(left, bottom).lineTo(right, bottom).lineWidth(0.6).stroke(AXIS);
  if (chart.line) doc.moveTo(right, top).lineTo(right, bottom).lineWidth(0.6).stroke(AXIS);

  if (n === 0 || (max === 0 && !chart.line?.values.some((v) => v != null))) {
    doc.fill('#8c8c8c').fontSize(10);
    cell(doc, chart.empty, left, top + plotH / 2 - 6, plotW, 'center');
    doc.fill('#000000');
    return y + height;
  }

  // Bars: each category a slot, its series side by side in 70 % of it.
  const slot = plotW / n;
  const groupW = slot * 0.7;
  const barW = groupW / Math.max(1, chart.bars.length);
  chart.bars.forEach((s, si) => {
    s.values.forEach((v, i) => {
      if (!(v > 0)) return;
      const x = left + i * slot + (slot - groupW) / 2 + si * barW;
      doc.rect(x, yOf(v), Math.max(0.4, barW - (barW > 3 ? 0.8 : 0)), bottom - yOf(v)).fill(s.color);
    });
  });

  // The line on the right axis, with a dot at each point; a gap where a value is null.
  if (chart.line) {
    const line = chart.line;
    const pt = (i: number, v: number) => [left + (i + 0.5) * slot, bottom - (Math.min(v, line.max) / line.max) * plotH];
    let drawing = false;
    line.values.forEach((v, i) => {
      if (v == null) {
        drawing = false;
        return;
      }
      const [x, py] = pt(i, v);
      if (drawing) doc.lineTo(x, py);
      else doc.moveTo(x, py);
      drawing = true;
    });
    doc.lineWidth(1.2).stroke(line.color);
    if (n <= 60)
      line.values.forEach((v, i) => {
        if (v == null) return;
        const [x, py] = pt(i, v);
        doc.circle(x, py, 1.8).fill(line.color);
      });
  }

  // Category labels, as many as fit.
  doc.fill('#000000').fontSize(6.5);
  const every = Math.max(1, Math.ceil(n / Math.floor(plotW / 44)));
  chart.labels.forEach((label, i) => {
    if (i % every !== 0) return;
    const w = Math.min(slot * every, 60);
    cell(doc, label, left + (i + 0.5) * slot - w / 2, bottom + 4, w, 'center');
  });
  doc.fill('#000000');
  return y + height;
}
