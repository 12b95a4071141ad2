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

/** The colours of a comparison: the baseline grey, the current blue, a current figure flagged (regressed) red. */
export const COMPARISON_COLOURS = { baseline: '#8a94a6', current: '#2b6cb0', flagged: '#c53030' };

export interface PairedBar {
  label: string;
  baseline: number | null;
  current: number | null;
  /** The current figure got worse beyond its tolerance: drawn in the flagged colour, and said in its title. */
  flagged: boolean;
}

export interface PairedBarGroup {
  title: string;
  bars: PairedBar[];
}

/**
 * Baseline against current (the regression report, a merged runners' report): per group (an endpoint), one pair of
 * horizontal bars (baseline, current) per label (a percentile), on one scale for the whole chart so groups compare
 * at a glance. A missing figure is a zero-width bar marked n/a.
 */
export function pairedBars(title: string, groups: readonly PairedBarGroup[], unit: string, flaggedAs = 'regressed'): string {
  const barH = 10;
  const rowH = barH * 2 + 6;
  const labelW = 230;
  const plotW = 420;
  const max = Math.max(1e-9, ...groups.flatMap((g) => g.bars.flatMap((b) => [b.baseline ?? 0, b.current ?? 0])));
  // Title on the first line, legend on the second, then the groups.
  let y = 46;
  const parts: string[] = [];
  for (const g of groups) {
    parts.push(`<text x="0" y="${y + 10}" font-size="12" font-weight="bold">${escapeXml(g.title)}</text>`);
    y += 16;
    for (const b of g.bars) {
      parts.push(`<text x="${labelW - 8}" y="${y + barH + 2}" font-size="11" text-anchor="end">${escapeXml(b.label)}</text>`);
      const pair = [
        ['baseline', b.baseline],
        ['current', b.current],
      ] as const;
      pair.forEach(([kind, value], i) => {
        const w = value === null ? 0 : Math.max(1, (value / max) * plotW);
        const flagged = kind === 'current' && b.flagged;
        const by = y + i * barH;
        const shown = value === null ? 'n/a' : `${value.toFixed(2)} ${unit}`;
        parts.push(
          `<rect x="${labelW}" y="${by}" width="${w.toFixed(1)}" height="${barH - 1}" fill="${flagged ? COMPARISON_COLOURS.flagged : COMPARISON_COLOURS[kind]}"><title>${escapeXml(`${g.title} · ${kind} ${b.label}${flagged ? ` (${flaggedAs})` : ''}: ${shown}`)}</title></rect>`,
          `<text x="${labelW + w + 4}" y="${by + barH - 2}" font-size="9">${value === null ? 'n/a' : escapeXml(`${value >= 100 ? Math.round(value) : Math.round(value * 100) / 100} ${unit}`)}</text>`,
        );
      });
      y += rowH;
    }
    y += 16;
  }
  const height = y + 10;
  const width = labelW + plotW + 90;
  const legend = [
    [0, COMPARISON_COLOURS.baseline, 'baseline'],
    [80, COMPARISON_COLOURS.current, 'current'],
    [150, COMPARISON_COLOURS.flagged, `current, ${flaggedAs}`],
  ]
    .map(
      ([x, colour, text]) =>
        `<rect x="${x}" y="26" width="10" height="10" fill="${colour}"/><text x="${Number(x) + 14}" y="35" font-size="11">${escapeXml(String(text))}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif"><text x="0" y="17" font-size="13" font-weight="bold">${escapeXml(title)}</text>${legend}${parts.join('')}</svg>`;
}

export interface TimelineMark {
  colour: string;
  /** The mark's tooltip. */
  title: string;
  /** Where a click on the mark goes (a report page); null: not a link. */
  href: string | null;
  /** Printed below the mark; null: none. */
  label: string | null;
}

/**
 * One mark per item in order (the history's runs, oldest first), in rows of `perRow` marks, so a long series wraps into
 * rows of marks a click wide each instead of shrinking into one line of dots.
 */
export function markTimeline(marks: readonly TimelineMark[], opts: { perRow: number; ariaLabel: string }): string {
  const step = 22;
  const rowHeight = 38;
  const perRow = Math.min(opts.perRow, Math.max(marks.length, 1));
  const rows = Math.max(1, Math.ceil(marks.length / opts.perRow));
  const width = Math.max(240, perRow * step + 20);
  const height = rows * rowHeight + 8;
  const lines = Array.from({ length: rows }, (_, row) => {
    const count = Math.min(opts.perRow, marks.length - row * opts.perRow);
    return `<line x1="8" y1="${16 + row * rowHeight}" x2="${Math.max(24, 16 + (count - 1) * step + 8)}" y2="${16 + row * rowHeight}" stroke="#bbb"/>`;
  });
  const drawn = marks.map((m, i) => {
    const [row, col] = [Math.floor(i / opts.perRow), i % opts.perRow];
    const [x, y] = [16 + col * step, 16 + row * rowHeight];
    const circle = `<circle cx="${x}" cy="${y}" r="8" fill="${m.colour}"><title>${escapeXml(m.title)}</title></circle>`;
    const label = m.label === null ? '' : `<text x="${x}" y="${y + 22}" text-anchor="middle">${escapeXml(m.label)}</text>`;
    return `${m.href === null ? circle : `<a href="${escapeXml(m.href)}">${circle}</a>`}${label}`;
  });
  return `<svg class="chart" role="img" aria-label="${escapeXml(opts.ariaLabel)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${lines.join('')}${drawn.join('')}</svg>`;
}

export interface LinePoint {
  /** The point's place on the x axis, of `count` places. */
  index: number;
  value: number;
  /** flagged: ringed red (a regression); hollow: grey, not comparable; dot: a plain point; none: the line only. */
  mark: 'flagged' | 'hollow' | 'dot' | 'none';
  /** The mark's tooltip (flagged and hollow marks). */
  title: string;
}

/**
 * A small line chart of one series on its own scale from zero (the history: one operation's p95 per run), with the
 * highest value on the axis, and the first and last places named below.
 */
export function smallLineChart(opts: {
  title: string;
  ariaLabel: string;
  axisTitle: string;
  count: number;
  points: readonly LinePoint[];
  format: (value: number) => string;
  firstLabel: string;
  lastLabel: string | null;
}): string {
  const [width, height, left, right, top, bottom] = [400, 130, 44, 390, 26, 108];
  const highest = Math.max(1, ...opts.points.map((p) => p.value));
  const x = (i: number) => (opts.count < 2 ? (left + right) / 2 : left + (i / (opts.count - 1)) * (right - left));
  const y = (v: number) => bottom - (v / highest) * (bottom - top);
  const at = (p: LinePoint) => `${x(p.index).toFixed(1)},${y(p.value).toFixed(1)}`;
  const marks = opts.points.flatMap((p) => {
    const [cx, cy] = at(p).split(',');
    if (p.mark === 'flagged')
      return [
        `<circle cx="${cx}" cy="${cy}" r="5" fill="none" stroke="#c62828" stroke-width="2"><title>${escapeXml(p.title)}</title></circle>`,
      ];
    if (p.mark === 'hollow')
      return [
        `<circle cx="${cx}" cy="${cy}" r="3.5" fill="#fff" stroke="#757575" stroke-width="1.5"><title>${escapeXml(p.title)}</title></circle>`,
      ];
    return p.mark === 'dot' ? [`<circle cx="${cx}" cy="${cy}" r="2" fill="#0d47a1"/>`] : [];
  });
  const last = opts.lastLabel === null ? '' : `<text x="${right}" y="${height - 6}" text-anchor="end">${escapeXml(opts.lastLabel)}</text>`;
  return `<svg role="img" aria-label="${escapeXml(opts.ariaLabel)}" viewBox="0 0 ${width} ${height}"><text x="6" y="16" class="op">${escapeXml(opts.title)}</text><text x="${right}" y="16" text-anchor="end">${escapeXml(opts.axisTitle)}</text><text x="${left - 4}" y="${top + 4}" text-anchor="end">${escapeXml(opts.format(highest))}</text><text x="${left - 4}" y="${bottom}" text-anchor="end">0</text><line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#ccc"/><polyline fill="none" stroke="#0d47a1" stroke-width="1.5" points="${opts.points.map(at).join(' ')}"/>${marks.join('')}<text x="${left}" y="${height - 6}" text-anchor="start">${escapeXml(opts.firstLabel)}</text>${last}</svg>`;
}
