/**
 * The history's three outputs: index.html (self-contained, the reports' security header, SVG drawn by the reports' one
 * chart writer, src/report/svg-charts.ts: no chart library, so none can reach beyond the file),
 * history.md (a CI job summary) and history.json. Every text from a run (the target, its messages, versions) goes
 * through the reports' escaping kits: esc for HTML, escapeMarkdown / table for Markdown.
 */
import { dirname } from 'node:path';
import { CSS, documentStart, facts, table, td, tr } from '../report/html-kit.ts';
import { escapeMarkdown, table as mdTable } from '../report/markdown-escape.ts';
import { escapeXml as esc, type LinePoint, markTimeline, smallLineChart } from '../report/svg-charts.ts';
import { plural } from '../report/unconfirmed-reason.ts';
import { type FlipGroup, flipSentence, groupFlips, type History, type HistoryOptions, paceText, type TimelineRun } from './analyse.ts';
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

/** A run as the page and history.md name it: its place in the series (oldest first), then its id. */
export const runNumber = (run: Pick<TimelineRun, 'index'>) => `#${run.index + 1}`;

function runLink(run: TimelineRun, from: string, text: string): string {
  return run.reportPage ? `<a href="${esc(linkFrom(from, run.reportPage))}">${esc(text)}</a>` : esc(text);
}

/** Marks per row of the timeline: a row fits 1240 px; a long series wraps into rows instead of shrinking to dots. */
const TIMELINE_ROW = 50;

/** Which marks carry their number below them: all in a short series, every tenth (and the last) in a long one. */
const numbered = (i: number, count: number) => count <= 15 || i % 10 === 0 || i === count - 1;

/**
 * One mark per run, coloured by verdict, each a link to its report; oldest first, in rows of TIMELINE_ROW (1,000 runs
 * are 20 rows, each mark still one click wide, instead of one 22,000 px line scaled down to a hairline), numbered as
 * the tables number runs.
 */
function timelineSvg(runs: readonly TimelineRun[], from: string): string {
  const svg = markTimeline(
    runs.map((r, i) => ({
      colour: VERDICT_COLOUR[r.verdict] ?? '#999',
      title: `${runNumber(r)} ${r.runId}: ${r.verdict.toUpperCase()} (${when(r.startedAt)})`,
      href: r.reportPage ? linkFrom(from, r.reportPage) : null,
      label: numbered(i, runs.length) ? String(i + 1) : null,
    })),
    { perRow: TIMELINE_ROW, ariaLabel: `verdict per run, oldest first, ${TIMELINE_ROW} to a row` },
  );
  const legend = Object.entries(VERDICT_COLOUR)
    .map(([verdict, colour]) => `<span class="nowrap"><span style="color:${colour}">&#9679;</span> ${verdict.toUpperCase()}</span>`)
    .join(' &#160; ');
  return `<div class="scroll">${svg}</div><p class="muted">One mark per run, oldest first, numbered as in the tables; each a link to its report. ${legend}</p>`;
}

/**
 * One small chart per operation (its p95 per run, on its own scale: a step of 200 ms on a 5 ms operation must show as
 * plainly as on a 50 ms one), laid out in a grid that is one column on a phone. Regressions are ringed in red; a run
 * not comparable with those before it is a hollow grey point.
 */
function operationChart(runs: readonly TimelineRun[], op: string): string {
  const points = runs.flatMap((r, i): LinePoint[] => {
    const figures = r.operations[op];
    if (!figures) return [];
    if (r.regressions.some((g) => g.operation === op))
      return [{ index: i, value: figures.p95, mark: 'flagged', title: `${runNumber(r)}: p95 ${ms(figures.p95)}, a regression` }];
    if (r.notComparable) return [{ index: i, value: figures.p95, mark: 'hollow', title: `${runNumber(r)}: not comparable` }];
    return [{ index: i, value: figures.p95, mark: runs.length <= 60 ? 'dot' : 'none', title: '' }];
  });
  const last = runs.at(-1);
  return smallLineChart({
    title: op,
    ariaLabel: `p95 of ${op} per run`,
    axisTitle: 'p95',
    count: runs.length,
    points,
    format: ms,
    firstLabel: '#1',
    lastLabel: last && runs.length > 1 ? runNumber(last) : null,
  });
}

/** Beside the reports' style: a history's tables keep their columns readable and scroll sideways on a phone. */
const HISTORY_CSS = `${CSS}
.scroll table{min-width:720px}
.scroll td,.scroll th{overflow-wrap:normal;word-break:normal}
.scroll td:last-child{overflow-wrap:anywhere}
.nowrap{white-space:nowrap}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:8px;margin:8px 0}
.charts svg{width:100%;height:auto;background:#fff;border:1px solid #ddd}
.charts text{font:11px system-ui,sans-serif;fill:#555}
.charts text.op{font:600 12px ui-monospace,Menlo,Consolas,monospace;fill:#1b1b1b}
.scroll table.latency{min-width:0}
table.latency td{white-space:nowrap}
table.latency td.op{white-space:normal}
table.latency tr.run th{background:#e8eaf6;font-weight:normal;white-space:normal}
table.latency .why{display:block;font-size:12px;color:#8d5a00}
table.latency tr.drift .why{color:#c62828;font-weight:600}
header.verdict .still{margin-top:8px}
#flip-table code{white-space:nowrap}
details.earlier>summary{margin:4px 0 8px;font-weight:600;color:#0d47a1}
dl.facts dd{word-break:normal;overflow-wrap:anywhere}
@media (max-width:760px){
  table.latency .c-count,table.latency .c-min{display:none}
  .scroll #flip-table{min-width:0}
  #flip-table,#flip-table tbody,#flip-table tr,#flip-table td{display:block;width:auto}
  #flip-table thead{display:none}
  #flip-table tr{border:1px solid #ccc;margin:0 0 10px;background:#fff}
  #flip-table td{border:0;border-top:1px solid #eee;overflow-wrap:anywhere}
  #flip-table td::before{content:attr(data-label);display:block;font-size:11px;color:#666;text-transform:uppercase}
}
`;

export function renderHistoryHtml(doc: HistoryDocument, pagePath: string): string {
  const from = dirname(pagePath);
  const last = doc.runs.at(-1);
  const byId = new Map(doc.runs.map((r) => [r.runId, r]));
  const operations = [...new Set(doc.runs.flatMap((r) => Object.keys(r.operations)))].sort();
  const verdictClass = last ? (last.verdict === 'pass' ? 'pass' : last.verdict === 'incomplete' ? 'incomplete' : 'fail') : 'incomplete';
  const named = (r: TimelineRun) => `${runNumber(r)} ${r.runId} (${when(r.startedAt)})`;
  const stillFailing = stillFailingSince(doc, byId);
  const flipRows = flipRowsOf(doc, byId, from, named);
  const runRows = runRowsOf(doc, from);
  const latencyRows = latencyRowsOf(doc, from);
  const loadRows = loadRowsOf(doc);
  const skipped = doc.skipped.map((s) => tr([td(s.dir), td(s.reason)]));
  const regressions = doc.runs.reduce((n, r) => n + r.regressions.length, 0);
  return `${documentStart('Run history', HISTORY_CSS)}
<body>
<header class="verdict ${verdictClass}" id="summary"><h1>${esc(last ? `Last run: ${last.verdict.toUpperCase()}` : 'No runs')}</h1>
<p>What changed last${last ? ` (${runLink(last, from, named(last))})` : ''}:</p><ul>${doc.lastChanges.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>
${stillFailing.length ? `<p class="still">Still failing:</p><ul>${stillFailing.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>` : ''}
<p class="links">${doc.runs.length} run(s), ${doc.flips.length} clause flip(s), ${regressions} latency regression(s)${doc.skipped.length ? `, ${doc.skipped.length} folder(s) skipped` : ''}</p></header>
<nav class="toc"><a href="#timeline">Timeline</a><a href="#flips">Clause flips</a><a href="#latency">Latency</a>${loadRows.some((rows) => rows.length) ? '<a href="#load">Load</a>' : ''}${skipped.length ? '<a href="#skipped">Skipped</a>' : ''}</nav>
<main>
<h2 id="timeline">Verdict timeline</h2>
${timelineSvg(doc.runs, from)}
${recentThenEarlier(
  runRows.map((row) => [row]),
  (rows, attrs) => table(['#', 'verdict', 'started', 'run', 'target', 'environment, pace', 'suite', 'deployment'], rows, attrs),
  ' id="runs"',
  'runs',
)}
<h2 id="flips">Clause flips</h2>
${flipRows.length ? `${table(['area', 'clause', 'first failed in', 'recovered in', 'cause (first failure)'], flipRows, ' id="flip-table"')}<p class="muted">Newest first; each failing clause alone, the clauses no longer confirmed for one reason between the same runs told once, as the reports tell them.</p>` : '<p class="muted">No clause changed its result across the series.</p>'}
<h2 id="latency">Latency per operation (successful answers)</h2>
${facts([
  [
    'regression',
    `p95 above the median of the previous ${doc.options.window} comparable runs by more than ${Math.round(doc.options.relative * 100)}% of it or ${doc.options.absoluteMs} ms, whichever is larger`,
  ],
  ['comparable', 'same target, environment, pace (API_RATE) and load engine; other runs are marked "not comparable", never a regression'],
])}
${operations.length ? `<div class="charts">${operations.map((op) => operationChart(doc.runs, op)).join('')}</div><p class="muted">p95 per run, oldest first, each operation on its own scale; a red ring marks a regression, a hollow grey point a run not comparable with those before it.</p>` : ''}
${
  latencyRows.some((rows) => rows.length)
    ? recentThenEarlier(
        latencyRows.filter((rows) => rows.length),
        (rows, attrs) =>
          `<div class="scroll"><table${attrs}><thead><tr><th>operation</th><th class="c-count">answers</th><th class="c-min">min</th><th>p50</th><th>p95</th><th>max</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`,
        ' id="latency-table" class="latency"',
        'runs',
      )
    : '<p class="muted">No run recorded a successful answer.</p>'
}
${
  loadRows.some((rows) => rows.length)
    ? `<h2 id="load">Load scenarios</h2>${recentThenEarlier(
        loadRows.filter((rows) => rows.length),
        (rows, attrs) => table(['run', 'scenario (engine)', 'endpoint', 'p95', 'verdict'], rows, attrs),
        ' id="load-table"',
        'runs with load reports',
      )}`
    : ''
}
${skipped.length ? `<h2 id="skipped">Folders skipped</h2>${table(['folder', 'why'], skipped)}` : ''}
</main>
</body>
</html>
`;
}

/** The clause flips, one row per cause (groupFlips), newest first. */
function flipRowsOf(
  doc: HistoryDocument,
  byId: ReadonlyMap<string, TimelineRun>,
  from: string,
  named: (r: TimelineRun) => string,
): string[] {
  return groupFlips(doc.flips, runOrder(doc)).map((g) => {
    const first = byId.get(g.firstFailedRun);
    const recovered = g.recoveredRun ? byId.get(g.recoveredRun) : undefined;
    return tr(
      [
        `<td data-label="area">${esc(g.areas.join(', '))}</td>`,
        `<td data-label="clause">${g.clauses.map((c) => `<code>${esc(c)}</code>`).join(' ')}</td>`,
        `<td data-label="first failed in">${first ? runLink(first, from, named(first)) : esc(g.firstFailedRun)}</td>`,
        `<td data-label="recovered in">${recovered ? runLink(recovered, from, named(recovered)) : '<strong>still failing</strong>'}</td>`,
        `<td data-label="cause (first failure)">${esc(groupCause(g))}</td>`,
      ],
      ` data-clause="${esc(g.clauses.join(' '))}" data-kind="${g.kind}"`,
    );
  });
}

/** The verdict timeline's table: one row per run, newest first. */
function runRowsOf(doc: HistoryDocument, from: string): string[] {
  return [...doc.runs]
    .reverse()
    .map((r) =>
      tr(
        [
          td(runNumber(r)),
          `<td><span class="badge" style="background:${VERDICT_COLOUR[r.verdict] ?? '#999'}">${esc(r.verdict.toUpperCase())}</span>${r.stoppedKind ? ` ${esc(r.stoppedKind)}` : ''}</td>`,
          `<td class="nowrap">${esc(when(r.startedAt))}</td>`,
          `<td>${runLink(r, from, r.runId)}</td>`,
          td(r.target),
          td(`${r.environment}, ${paceText(r.pace)}`),
          td(r.suiteVersion),
          td(r.deploymentVersion ?? '—'),
        ],
        ` data-run="${esc(r.runId)}"`,
      ),
    );
}

/** The latency table's rows, grouped per run. */
function latencyRowsOf(doc: HistoryDocument, from: string): string[][] {
  // Newest run first, each run a heading row (its note, if it is not comparable), then one row per operation.
  return [...doc.runs].reverse().map((r) => {
    const entries = Object.entries(r.operations);
    if (entries.length === 0) return [];
    const heading = `<tr class="run"><th colspan="6">${runLink(r, from, `${runNumber(r)} ${r.runId}`)} · ${esc(when(r.startedAt))}${r.notComparable ? `<span class="why">${esc(r.notComparable)}</span>` : ''}</th></tr>`;
    return [
      heading,
      ...entries.map(([op, f]) => {
        const mark = r.regressions.find((g) => g.operation === op);
        const note = mark
          ? `<span class="why">REGRESSION: p95 above the median ${esc(ms(mark.median))} of ${mark.over.length} run(s) by more than ${esc(ms(mark.allowed))}</span>`
          : '';
        return tr(
          [
            `<td class="op"><code>${esc(op)}</code>${note}</td>`,
            `<td class="c-count">${f.count}</td>`,
            `<td class="c-min">${esc(ms(f.min))}</td>`,
            td(ms(f.p50)),
            td(ms(f.p95)),
            td(ms(f.max)),
          ],
          mark ? ' class="drift"' : '',
        );
      }),
    ];
  });
}

/** The load scenarios' p95 per endpoint, grouped per run. */
function loadRowsOf(doc: HistoryDocument): string[][] {
  return [...doc.runs]
    .reverse()
    .map((r) =>
      r.load.flatMap((l) =>
        Object.entries(l.p95).map(([endpoint, p95]) =>
          tr([td(runNumber(r)), td(`${l.scenario} (${l.engine})`), td(endpoint), td(ms(p95)), td(l.passed ? 'passed' : 'failed')]),
        ),
      ),
    );
}

/** Runs whose rows show at once, newest first; the earlier ones fold under a summary (in the file still; no script). */
const RECENT_RUNS = 20;

/** One table of the newest RECENT_RUNS runs' rows (`groups`: each run's rows), and the earlier ones in a second, folded. */
function recentThenEarlier(
  groups: readonly string[][],
  render: (rows: string[], attrs: string) => string,
  attrs: string,
  what: string,
): string {
  const shown = render(groups.slice(0, RECENT_RUNS).flat(), attrs);
  if (groups.length <= RECENT_RUNS) return shown;
  const earlierAttrs = attrs.replace(/ id="([^"]*)"/, ' id="$1-earlier"');
  return `${shown}<details class="earlier"><summary>${groups.length - RECENT_RUNS} earlier ${what}</summary>${render(groups.slice(RECENT_RUNS).flat(), earlierAttrs)}</details>`;
}

/** The clauses failing in the last run that began failing before it (those that began in it are among the last changes). */
export function stillFailingSince(doc: HistoryDocument, byId = new Map(doc.runs.map((r) => [r.runId, r]))): string[] {
  const last = doc.runs.at(-1);
  return groupFlips(doc.flips, runOrder(doc))
    .filter((g) => g.recoveredRun === null && g.firstFailedRun !== last?.runId && last?.verdict !== 'stopped')
    .map((g) => {
      const first = byId.get(g.firstFailedRun);
      return `${flipSentence(g)}; since ${first ? `${runNumber(first)} ${first.runId} (${when(first.startedAt)})` : g.firstFailedRun}`;
    });
}

const runOrder = (doc: HistoryDocument) => new Map(doc.runs.map((r) => [r.runId, r.index]));

/** The cause column of a flip group: the failure message, or why its clauses were not confirmed. */
const groupCause = (g: FlipGroup) => (g.kind === 'fail' ? g.cause : `not confirmed: ${g.clauses.length > 1 ? plural(g.cause) : g.cause}`);

export function renderHistoryMarkdown(doc: HistoryDocument): string {
  const last = doc.runs.at(-1);
  const byId = new Map(doc.runs.map((r) => [r.runId, r]));
  const named = (runId: string) => {
    const run = byId.get(runId);
    return run ? `${runNumber(run)} ${runId}` : runId;
  };
  const stillFailing = stillFailingSince(doc, byId);
  const notComparable = doc.runs.filter((r) => r.notComparable);
  const lines = [
    `# Run history: ${last ? `last run ${escapeMarkdown(last.verdict.toUpperCase())}` : 'no runs'}`,
    '',
    ...(last
      ? [
          `What changed last (${escapeMarkdown(`${named(last.runId)}, ${when(last.startedAt)}`)}):`,
          '',
          ...doc.lastChanges.map((c) => `- ${escapeMarkdown(c)}`),
          '',
        ]
      : []),
    ...(stillFailing.length ? ['Still failing:', '', ...stillFailing.map((c) => `- ${escapeMarkdown(c)}`), ''] : []),
    '## Clause flips',
    '',
    ...(doc.flips.length
      ? mdTable(
          ['area', 'clause', 'first failed in', 'recovered in', 'cause'],
          groupFlips(doc.flips, runOrder(doc)).map((g) => [
            g.areas.join(', '),
            { code: g.clauses.join(', ') },
            named(g.firstFailedRun),
            g.recoveredRun ? named(g.recoveredRun) : 'still failing',
            groupCause(g),
          ]),
        )
      : ['No clause changed its result across the series.']),
    '',
    '## Latency regressions',
    '',
    ...(doc.runs.some((r) => r.regressions.length)
      ? mdTable(
          ['run', 'operation', 'p95', 'median of earlier runs'],
          doc.runs.flatMap((r) => r.regressions.map((g) => [named(r.runId), { code: g.operation }, ms(g.p95), ms(g.median)])),
        )
      : ['None.']),
    // A blank line first: a list right under a table would read as part of it in some renderers.
    ...(notComparable.length
      ? [
          '',
          'Not compared (never a regression):',
          '',
          ...notComparable.map((r) => `- ${escapeMarkdown(`${named(r.runId)}: ${r.notComparable}`)}`),
        ]
      : []),
    '',
    '<details><summary>Every run</summary>',
    '',
    ...mdTable(
      ['#', 'run', 'started', 'verdict', 'target', 'pace', 'suite', 'deployment'],
      [...doc.runs]
        .reverse()
        .map((r) => [
          runNumber(r),
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
