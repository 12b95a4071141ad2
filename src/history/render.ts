/**
 * The history's three outputs: index.html (self-contained, the reports' security header, hand-written SVG: no chart
 * library is needed for marks on a line and one polyline per operation, and none can then reach beyond the file),
 * history.md (a CI job summary) and history.json. Every text from a run (the target, its messages, versions) goes
 * through the reports' escaping kits: esc for HTML, escapeMarkdown / table for Markdown.
 */
import { dirname } from 'node:path';
import { CSS, documentStart, facts, table, td, tr } from '../report/html-kit.ts';
import { escapeMarkdown, table as mdTable } from '../report/markdown-escape.ts';
import { escapeXml as esc } from '../report/svg-charts.ts';
import { type History, type HistoryOptions, paceText, type TimelineRun } from './analyse.ts';
import { linkFrom, type SkippedFolder } from './runs.ts';

export const HISTORY_FORMAT = 'osd-suite/history@1';

export interface HistoryDocument extends History {
  format: typeof HISTORY_FORMAT;
  generatedAt: string;
  options: HistoryOptions;
  skipped: SkippedFolder[];
}

const VERDICT_COLOUR: Record<string, string> = { pass: '#2e7d32', fail: '#c62828', incomplete: '#8d5a00', stopped: '#616161' };
const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

function runLink(run: TimelineRun, from: string, text: string): string {
  return run.reportPage ? `<a href="${esc(linkFrom(from, run.reportPage))}">${esc(text)}</a>` : esc(text);
}

/** Marks per row of the timeline: a row fits 1240 px; a long series wraps into rows instead of shrinking to dots. */
const TIMELINE_ROW = 50;

/**
 * One mark per run, coloured by verdict, each a link to its report; oldest first, in rows of TIMELINE_ROW (1,000 runs
 * are 20 rows, each mark still one click wide, instead of one 22,000 px line scaled down to a hairline).
 */
function timelineSvg(runs: readonly TimelineRun[], from: string): string {
  const step = 22;
  const perRow = Math.min(TIMELINE_ROW, Math.max(runs.length, 1));
  const rows = Math.max(1, Math.ceil(runs.length / TIMELINE_ROW));
  const width = Math.max(240, perRow * step + 20);
  const height = rows * 24 + 16;
  const lines = Array.from({ length: rows }, (_, row) => {
    const count = Math.min(TIMELINE_ROW, runs.length - row * TIMELINE_ROW);
    return `<line x1="8" y1="${20 + row * 24}" x2="${Math.max(24, 16 + (count - 1) * step + 8)}" y2="${20 + row * 24}" stroke="#bbb"/>`;
  });
  const marks = runs.map((r, i) => {
    const [row, col] = [Math.floor(i / TIMELINE_ROW), i % TIMELINE_ROW];
    const circle = `<circle cx="${16 + col * step}" cy="${20 + row * 24}" r="8" fill="${VERDICT_COLOUR[r.verdict] ?? '#999'}"><title>${esc(`${r.runId}: ${r.verdict.toUpperCase()} (${when(r.startedAt)})`)}</title></circle>`;
    return r.reportPage ? `<a href="${esc(linkFrom(from, r.reportPage))}">${circle}</a>` : circle;
  });
  return `<div class="scroll"><svg class="chart" role="img" aria-label="verdict per run, oldest first, ${TIMELINE_ROW} to a row" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${lines.join('')}${marks.join('')}</svg></div>`;
}

/** p95 per operation over the runs: one polyline each, regressions ringed. */
function latencySvg(runs: readonly TimelineRun[], operations: readonly string[]): string {
  const step = 22;
  const width = Math.max(300, runs.length * step + 60);
  const height = 160;
  const top = Math.max(1, ...runs.flatMap((r) => Object.values(r.operations).map((o) => o.p95)));
  const y = (v: number) => height - 20 - (v / top) * (height - 40);
  const palette = ['#0d47a1', '#6a1b9a', '#00838f', '#ef6c00', '#2e7d32', '#ad1457', '#4e342e', '#37474f'];
  const lines = operations.map((op, k) => {
    const points = runs.flatMap((r, i) => (r.operations[op] ? [`${40 + i * step},${y(r.operations[op].p95).toFixed(1)}`] : []));
    const rings = runs.flatMap((r, i) =>
      r.regressions.some((g) => g.operation === op)
        ? [`<circle cx="${40 + i * step}" cy="${y(r.operations[op].p95).toFixed(1)}" r="5" fill="none" stroke="#c62828" stroke-width="2"/>`]
        : [],
    );
    return `<polyline fill="none" stroke="${palette[k % palette.length]}" stroke-width="1.5" points="${points.join(' ')}"><title>${esc(op)}</title></polyline>${rings.join('')}`;
  });
  const legend = operations.map((op, k) => `<span style="color:${palette[k % palette.length]}">&#9632; ${esc(op)}</span>`).join(' ');
  return `<div class="scroll"><svg class="chart" role="img" aria-label="p95 per operation per run" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><text x="2" y="14">${esc(ms(top))}</text><text x="2" y="${height - 22}">0</text>${lines.join('')}</svg></div><p class="muted">p95 per run, oldest first; a red ring marks a regression. ${legend}</p>`;
}

/** Beside the reports' style: a history's tables keep their columns readable and scroll sideways on a phone. */
const HISTORY_CSS = `${CSS}
.scroll table{min-width:720px}
.scroll td,.scroll th{overflow-wrap:normal;word-break:normal}
.scroll td:last-child{overflow-wrap:anywhere}
`;

export function renderHistoryHtml(doc: HistoryDocument, pagePath: string): string {
  const from = dirname(pagePath);
  const last = doc.runs.at(-1);
  const byId = new Map(doc.runs.map((r) => [r.runId, r]));
  const operations = [...new Set(doc.runs.flatMap((r) => Object.keys(r.operations)))].sort();
  const verdictClass = last ? (last.verdict === 'pass' ? 'pass' : last.verdict === 'incomplete' ? 'incomplete' : 'fail') : 'incomplete';
  const flipRows = [...doc.flips]
    .sort((a, b) => (a.area < b.area ? -1 : a.area > b.area ? 1 : 0))
    .map((f) => {
      const first = byId.get(f.firstFailedRun);
      const recovered = f.recoveredRun ? byId.get(f.recoveredRun) : undefined;
      return tr(
        [
          td(f.area),
          `<td><code>${esc(f.clause)}</code></td>`,
          `<td>${first ? runLink(first, from, `${f.firstFailedRun} (${when(first.startedAt)})`) : esc(f.firstFailedRun)}</td>`,
          `<td>${recovered ? runLink(recovered, from, `${recovered.runId} (${when(recovered.startedAt)})`) : '<strong>still failing</strong>'}</td>`,
          td(f.cause),
        ],
        ` data-clause="${esc(f.clause)}"`,
      );
    });
  const runRows = [...doc.runs]
    .reverse()
    .map((r) =>
      tr(
        [
          `<td>${runLink(r, from, r.runId)}</td>`,
          td(when(r.startedAt)),
          `<td><span class="badge" style="background:${VERDICT_COLOUR[r.verdict] ?? '#999'}">${esc(r.verdict.toUpperCase())}</span>${r.stoppedKind ? ` ${esc(r.stoppedKind)}` : ''}</td>`,
          td(r.target),
          td(`${r.environment}, ${paceText(r.pace)}`),
          td(r.suiteVersion),
          td(r.deploymentVersion ?? '—'),
        ],
        ` data-run="${esc(r.runId)}"`,
      ),
    );
  const latencyRows = [...doc.runs].reverse().flatMap((r) =>
    Object.entries(r.operations).map(([op, f]) => {
      const mark = r.regressions.find((g) => g.operation === op);
      const note = mark
        ? `REGRESSION: p95 above the median ${ms(mark.median)} of ${mark.over.length} run(s) by more than ${ms(mark.allowed)}`
        : (r.notComparable ?? '');
      return tr(
        [
          td(r.runId),
          `<td><code>${esc(op)}</code></td>`,
          td(String(f.count)),
          td(ms(f.min)),
          td(ms(f.p50)),
          td(ms(f.p95)),
          td(ms(f.max)),
          td(note),
        ],
        mark ? ' class="drift"' : '',
      );
    }),
  );
  const loadRows = doc.runs.flatMap((r) =>
    r.load.flatMap((l) =>
      Object.entries(l.p95).map(([endpoint, p95]) =>
        tr([td(r.runId), td(`${l.scenario} (${l.engine})`), td(endpoint), td(ms(p95)), td(l.passed ? 'passed' : 'failed')]),
      ),
    ),
  );
  const skipped = doc.skipped.map((s) => tr([td(s.dir), td(s.reason)]));
  return `${documentStart('Run history', HISTORY_CSS)}
<body>
<header class="verdict ${verdictClass}" id="summary"><h1>${esc(last ? `Last run: ${last.verdict.toUpperCase()}` : 'No runs')}</h1>
<p>What changed last${last ? ` (${esc(last.runId)}, ${esc(when(last.startedAt))})` : ''}:</p><ul>${doc.lastChanges.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>
<p class="links">${doc.runs.length} run(s), ${doc.flips.length} clause flip(s), ${doc.runs.reduce((n, r) => n + r.regressions.length, 0)} latency regression(s)${doc.skipped.length ? `, ${doc.skipped.length} folder(s) skipped` : ''}</p></header>
<nav class="toc"><a href="#timeline">Timeline</a><a href="#flips">Clause flips</a><a href="#latency">Latency</a>${loadRows.length ? '<a href="#load">Load</a>' : ''}${skipped.length ? '<a href="#skipped">Skipped</a>' : ''}</nav>
<main>
<h2 id="timeline">Verdict timeline</h2>
${timelineSvg(doc.runs, from)}
${table(['run', 'started', 'verdict', 'target', 'environment, pace', 'suite', 'deployment'], runRows, ' id="runs"')}
<h2 id="flips">Clause flips</h2>
${flipRows.length ? table(['area', 'clause', 'first failed in', 'recovered in', 'cause (first failure)'], flipRows, ' id="flip-table"') : '<p class="muted">No clause changed its result across the series.</p>'}
<h2 id="latency">Latency per operation (successful answers)</h2>
${facts([
  [
    'regression',
    `p95 above the median of the previous ${doc.options.window} comparable runs by more than ${Math.round(doc.options.relative * 100)}% of it or ${doc.options.absoluteMs} ms, whichever is larger`,
  ],
  ['comparable', 'same target, environment, pace (API_RATE) and load engine; other runs are marked "not comparable", never a regression'],
])}
${operations.length ? latencySvg(doc.runs, operations) : ''}
${table(['run', 'operation', 'answers', 'min', 'p50', 'p95', 'max', 'note'], latencyRows, ' id="latency-table"')}
${loadRows.length ? `<h2 id="load">Load scenarios</h2>${table(['run', 'scenario (engine)', 'endpoint', 'p95', 'verdict'], loadRows)}` : ''}
${skipped.length ? `<h2 id="skipped">Folders skipped</h2>${table(['folder', 'why'], skipped)}` : ''}
</main>
</body>
</html>
`;
}

export function renderHistoryMarkdown(doc: HistoryDocument): string {
  const last = doc.runs.at(-1);
  const lines = [
    `# Run history: ${last ? `last run ${escapeMarkdown(last.verdict.toUpperCase())}` : 'no runs'}`,
    '',
    ...(last
      ? [`What changed last (${escapeMarkdown(last.runId)}):`, '', ...doc.lastChanges.map((c) => `- ${escapeMarkdown(c)}`), '']
      : []),
    '## Clause flips',
    '',
    ...(doc.flips.length
      ? mdTable(
          ['area', 'clause', 'first failed in', 'recovered in', 'cause'],
          doc.flips.map((f) => [f.area, { code: f.clause }, f.firstFailedRun, f.recoveredRun ?? 'still failing', f.cause]),
        )
      : ['No clause changed its result across the series.']),
    '',
    '## Latency regressions',
    '',
    ...(doc.runs.some((r) => r.regressions.length)
      ? mdTable(
          ['run', 'operation', 'p95', 'median of earlier runs'],
          doc.runs.flatMap((r) => r.regressions.map((g) => [r.runId, { code: g.operation }, ms(g.p95), ms(g.median)])),
        )
      : ['None.']),
    ...doc.runs.filter((r) => r.notComparable).map((r) => `- ${escapeMarkdown(`${r.runId}: ${r.notComparable}`)}`),
    '',
    '<details><summary>Every run</summary>',
    '',
    ...mdTable(
      ['run', 'started', 'verdict', 'target', 'pace', 'suite', 'deployment'],
      [...doc.runs]
        .reverse()
        .map((r) => [
          r.runId,
          when(r.startedAt),
          r.verdict.toUpperCase(),
          r.target,
          paceText(r.pace),
          r.suiteVersion,
          r.deploymentVersion ?? '-',
        ]),
    ),
    '',
    '</details>',
    ...(doc.skipped.length
      ? [
          '',
          '## Folders skipped',
          '',
          ...mdTable(
            ['folder', 'why'],
            doc.skipped.map((s) => [s.dir, s.reason]),
          ),
        ]
      : []),
    '',
  ];
  return lines.join('\n');
}
