/**
 * Inline SVG charts for the HTML report: no script, no external asset, readable when the file is opened
 * from disk. Every label is XML-escaped. Pure functions returning markup.
 */
import { controlPicture } from './markdown-escape.ts';

/**
 * Control characters but the whitespace HTML keeps (tab, line feed, carriage return): a target's NUL or ESC would
 * otherwise sit raw in a report file (a NUL makes tools call the page binary; XML forbids them even as references).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const HTML_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function escapeXml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
    .replace(HTML_CONTROL, controlPicture);
}

export interface Segment {
  label: string;
  value: number;
  color: string;
}

/** One horizontal bar split into segments (e.g. clauses by status), with a legend below. */
export function stackedBar(segments: readonly Segment[], opts: { title: string; width?: number }): string {
  const width = opts.width ?? 640;
  const total = segments.reduce((s, x) => s + x.value, 0) || 1;
  let x = 0;
  const rects = segments
    .filter((s) => s.value > 0)
    .map((s) => {
      const w = (s.value / total) * width;
      const r = `<rect x="${x.toFixed(2)}" y="0" width="${w.toFixed(2)}" height="24" fill="${s.color}"><title>${escapeXml(`${s.label}: ${s.value}`)}</title></rect>`;
      x += w;
      return r;
    });
  const legend = segments
    .map((s, i) => {
      const lx = (i % 4) * (width / 4);
      const ly = 44 + Math.floor(i / 4) * 20;
      return `<rect x="${lx}" y="${ly - 11}" width="12" height="12" fill="${s.color}"/><text x="${lx + 18}" y="${ly}">${escapeXml(`${s.label} (${s.value})`)}</text>`;
    })
    .join('');
  const height = 44 + Math.ceil(segments.length / 4) * 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(opts.title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" class="chart"><title>${escapeXml(opts.title)}</title>${rects.join('')}${legend}</svg>`;
}

export interface Series {
  name: string;
  color: string;
}

export interface BarGroup {
  label: string;
  values: number[];
}

/**
 * Horizontal grouped bars: one group per row (e.g. an endpoint), one bar per series (e.g. median,
 * p95, p99), on a shared linear scale starting at zero, with the value printed after each bar.
 */
export function groupedBars(
  groups: readonly BarGroup[],
  series: readonly Series[],
  opts: { title: string; unit: string; width?: number },
): string {
  const width = opts.width ?? 640;
  const labelWidth = 220;
  const plot = width - labelWidth - 70;
  const barH = 10;
  const groupH = series.length * (barH + 2) + 10;
  const max = Math.max(1e-9, ...groups.flatMap((g) => g.values));
  const rows = groups
    .map((g, gi) => {
      const y0 = 24 + gi * groupH;
      const label = `<text x="0" y="${y0 + (series.length * (barH + 2)) / 2 + 4}" class="label">${escapeXml(g.label.length > 34 ? `${g.label.slice(0, 33)}…` : g.label)}</text>`;
      const bars = series
        .map((s, si) => {
          const v = g.values[si] ?? 0;
          const w = Math.max(1, (v / max) * plot);
          const y = y0 + si * (barH + 2);
          return `<rect x="${labelWidth}" y="${y}" width="${w.toFixed(2)}" height="${barH}" fill="${s.color}"><title>${escapeXml(`${g.label} ${s.name}: ${v.toFixed(1)} ${opts.unit}`)}</title></rect><text x="${(labelWidth + w + 4).toFixed(2)}" y="${y + barH - 1}" class="value">${escapeXml(`${v < 10 ? v.toFixed(1) : Math.round(v)} ${opts.unit}`)}</text>`;
        })
        .join('');
      return label + bars;
    })
    .join('');
  const legend = series
    .map(
      (s, i) =>
        `<rect x="${labelWidth + i * 90}" y="4" width="12" height="12" fill="${s.color}"/><text x="${labelWidth + i * 90 + 16}" y="14">${escapeXml(s.name)}</text>`,
    )
    .join('');
  const height = 30 + groups.length * groupH;
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(opts.title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" class="chart"><title>${escapeXml(opts.title)}</title>${legend}${rows}</svg>`;
}
