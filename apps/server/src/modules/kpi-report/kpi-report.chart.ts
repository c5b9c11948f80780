import type { Doc } from '../../platform/pdf.ts';
import { CONTENT_W, cell, REPORT_MARGIN } from '../../platform/report-pdf.ts';

// A chart drawn as vectors with pdfkit for the KPI PDFs: grouped bars on the left axis and, optionally, lines of rates
// (percent or per-hour) on the right axis. No raster: it prints sharp at any zoom.

export type ChartSeries = { name: string; color: string; values: (number | null)[] };
export type ChartSpec = {
  title: string;
  labels: string[];
  bars: ChartSeries[];
  lines?: ChartSeries[];
  /** Print each bar's value above it (few labels only). */
  showValues?: boolean;
};

const CHART_H = 150;
const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
/** A round top for an axis: 1, 2, 2.5 or 5 × 10^k, at least the largest value. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((v) => v >= max) ?? 10 * p;
}

/** Draws the chart from y (title, plot, legend); answers the y below it. */
export function drawChart(doc: Doc, spec: ChartSpec, y0: number): number {
  doc.font('bold').fontSize(10).fill('#000000');
  cell(doc, spec.title, REPORT_MARGIN, y0, CONTENT_W);
  const top = y0 + 18;
  const left = REPORT_MARGIN + 40;
  const right = REPORT_MARGIN + CONTENT_W - (spec.lines?.length ? 40 : 8);
  const bottom = top + CHART_H;
  const barMax = niceMax(Math.max(0, ...spec.bars.flatMap((s) => s.values.map((v) => v ?? 0))));
  const lineMax = niceMax(Math.max(0, ...(spec.lines ?? []).flatMap((s) => s.values.map((v) => v ?? 0))));
  // Grid and axes.
  doc.font('regular').fontSize(6.5);
  for (let i = 0; i <= 4; i++) {
    const y = bottom - (CHART_H * i) / 4;
    doc
      .moveTo(left, y)
      .lineTo(right, y)
      .lineWidth(0.3)
      .stroke(i === 0 ? '#555555' : '#d9d9d9');
    doc.fill('#555555');
    cell(doc, fmt((barMax * i) / 4), REPORT_MARGIN, y - 3, 36, 'right');
    if (spec.lines?.length) cell(doc, fmt((lineMax * i) / 4), right + 4, y - 3, 36);
  }
  const n = Math.max(1, spec.labels.length);
  const slot = (right - left) / n;
  const groupW = slot * 0.7;
  const barW = groupW / Math.max(1, spec.bars.length);
  spec.labels.forEach((label, i) => {
    const x0 = left + i * slot + (slot - groupW) / 2;
    spec.bars.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      const h = (v / barMax) * CHART_H;
      if (h > 0) doc.rect(x0 + j * barW, bottom - h, Math.max(0.5, barW - 1), h).fill(s.color);
      if (spec.showValues && v > 0) {
        doc.fill('#333333').fontSize(6);
        cell(doc, fmt(v), x0 + j * barW - 6, bottom - h - 8, barW + 12, 'center');
      }
    });
    const every = Math.ceil(n / 16);
    if (i % every === 0) {
      doc.fill('#333333').fontSize(6.5);
      cell(doc, label, left + i * slot - 6, bottom + 3, slot * every + 12, 'center');
    }
  });
  for (const s of spec.lines ?? []) {
    const pts = s.values.map((v, i) =>
      v == null ? null : ([left + i * slot + slot / 2, bottom - (v / lineMax) * CHART_H] as const),
    );
    let started = false;
    for (const p of pts) {
      if (!p) {
        started = false;
        continue;
      }
      if (started) doc.lineTo(p[0], p[1]);
      else doc.moveTo(p[0], p[1]);
      started = true;
    }
    doc.lineWidth(1.4).stroke(s.color);
    for (const p of pts) if (p) doc.circle(p[0], p[1], 2).fill(s.color);
  }
  // Legend.
  let x = left;
  const ly = bottom + 16;
  doc.fontSize(7.5);
  for (const s of [...spec.bars, ...(spec.lines ?? [])]) {
    doc.rect(x, ly + 1, 8, 8).fill(s.color);
    doc.fill('#000000');
    const w = doc.widthOfString(s.name) + 6;
    cell(doc, s.name, x + 11, ly, w);
    x += w + 22;
  }
  doc.fill('#000000');
  return ly + 18;
}
