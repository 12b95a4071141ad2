/**
 * The history written three ways: history.json (schemas/history.schema.json), history.md (a CI job summary) and
 * index.html (self-contained, the reports' Content-Security-Policy and style). Every value read from a run (target,
 * versions, reasons) goes through the reports' escaping kits: escapeXml/esc for HTML, escapeMarkdown/table for Markdown.
 */
import { CSS, documentStart, table as htmlTable, td, tr } from '../../report/html-kit.ts';
import { escapeMarkdown as mdEsc, table as mdTable } from '../../report/markdown-escape.ts';
import { escapeXml as esc } from '../../report/svg-charts.ts';
import type { Skipped } from './read-runs.ts';
import type { FlipGroup, HistoryOptions, RunEntry, Series } from './series.ts';

export const HISTORY_FORMAT = 'osd-suite/history@1';

export interface HistoryDocument {
  format: typeof HISTORY_FORMAT;
  generatedAt: string;
  options: HistoryOptions;
  runs: RunEntry[];
  flips: FlipGroup[];
  regressions: Series['regressions'];
  skipped: Skipped[];
  lastChange: string[];
}

const VERDICT_TEXT: Record<RunEntry['verdict'], string> = { pass: 'PASS', fail: 'FAIL', incomplete: 'INCOMPLETE', stopped: 'STOPPED' };
const VERDICT_COLOR: Record<RunEntry['verdict'], string> = { pass: '#2e7d32', fail: '#c62828', incomplete: '#8d5a00', stopped: '#555' };

const runName = (r: RunEntry) => `run ${r.index} (${r.startedAt.slice(0, 16).replace('T', ' ')} UTC)`;
const recovery = (g: FlipGroup) => (g.recovered === null ? 'still failing' : `run ${g.recovered}`);
const clausesText = (ids: readonly string[]) =>
  ids.length > 6 ? `${ids.length} clauses: ${ids.slice(0, 6).join(', ')} and ${ids.length - 6} more` : ids.join(', ');

/** What changed in the last run against the one before it: the first thing the page and the summary say. */
export function lastChange(series: Series): string[] {
  const last = series.runs.at(-1);
  if (!last) return ['No run could be read.'];
  const prev = series.runs.at(-2);
  const lines: string[] = [];
  if (!prev) lines.push(`One run: ${VERDICT_TEXT[last.verdict]}; nothing to compare with yet.`);
  else if (prev.verdict !== last.verdict)
    lines.push(`Verdict ${VERDICT_TEXT[prev.verdict]} → ${VERDICT_TEXT[last.verdict]} in ${runName(last)}.`);
  else lines.push(`Verdict unchanged: ${VERDICT_TEXT[last.verdict]} (${runName(last)}).`);
  for (const g of series.flips) {
    if (g.firstFailing === last.index)
      lines.push(`Now ${g.state === 'fail' ? 'failing' : 'not confirmed'}: ${clausesText(g.clauses)} (${g.cause}).`);
    if (g.recovered === last.index) lines.push(`Recovered: ${clausesText(g.clauses)}.`);
  }
  for (const r of series.regressions.filter((x) => x.run === last.index))
    lines.push(`Slower: ${r.operation} p95 ${r.p95} ms against a median of ${r.baselineP95} ms.`);
  if (last.notComparable) lines.push(`Latency ${last.notComparable}.`);
  if (prev && lines.length === 1) lines.push('No clause flipped and no operation got slower.');
  return lines;
}

export function historyDocument(series: Series, skipped: Skipped[], options: HistoryOptions, now = new Date()): HistoryDocument {
  return {
    format: HISTORY_FORMAT,
    generatedAt: now.toISOString(),
    options,
    runs: series.runs,
    flips: series.flips,
    regressions: series.regressions,
    skipped,
    lastChange: lastChange(series),
  };
}

// ---- Markdown ---------------------------------------------------------------------------------------------------

/** Runs the summary lists in full (a job summary is read on one screen; history.json and index.html hold them all). */
const MD_RUNS = 20;

export function historyMarkdown(doc: HistoryDocument): string {
  const last = doc.runs.at(-1);
  const lines = [`# History: ${doc.runs.length} run(s)${last ? `, last ${VERDICT_TEXT[last.verdict]}` : ''}`, ''];
  lines.push(...doc.lastChange.map((l) => `- ${mdEsc(l)}`), '');
  lines.push(`## Verdicts (last ${Math.min(MD_RUNS, doc.runs.length)})`, '');
  lines.push(
    ...mdTable(
      ['run', 'started (UTC)', 'verdict', 'target', 'suite', 'deployment', 'latency'],
      doc.runs
        .slice(-MD_RUNS)
        .reverse()
        .map((r) => [
          String(r.index),
          r.startedAt,
          VERDICT_TEXT[r.verdict],
          r.target,
          r.suiteVersion,
          r.deploymentVersion ?? '—',
          r.notComparable ?? (r.latencyMarks.some((m) => m.mark === 'regression') ? 'regression' : '—'),
        ]),
    ),
    '',
  );
  lines.push('## Clause flips', '');
  if (doc.flips.length === 0) lines.push('No clause changed its result across the series.', '');
  else
    lines.push(
      ...mdTable(
        ['clauses', 'cause', 'first failing', 'recovered'],
        doc.flips.map((g) => [clausesText(g.clauses), g.cause, `run ${g.firstFailing}`, recovery(g)]),
      ),
      '',
    );
  lines.push('## Latency regressions (p95)', '');
  if (doc.regressions.length === 0) lines.push('None.', '');
  else
    lines.push(
      ...mdTable(
        ['run', 'operation', 'p95 (ms)', 'median of previous (ms)'],
        doc.regressions.slice(-MD_RUNS).map((r) => [`run ${r.run}`, r.operation, String(r.p95), String(r.baselineP95)]),
      ),
      '',
    );
  if (doc.skipped.length) {
    lines.push(`## Skipped (${doc.skipped.length})`, '');
    lines.push(...doc.skipped.slice(0, MD_RUNS).map((s) => `- ${mdEsc(s.path)}: ${mdEsc(s.reason)}`), '');
  }
  lines.push(
    mdEsc(
      `Regression: p95 above the median of up to ${doc.options.window} previous comparable runs by more than ${Math.round(doc.options.tolerance * 100)} % and ${doc.options.minDeltaMs} ms. Full page: index.html.`,
    ),
    '',
  );
  return lines.join('\n');
}

// ---- HTML -------------------------------------------------------------------------------------------------------

const HISTORY_CSS = `${CSS}
svg.timeline{width:100%;height:auto;display:block;background:#fff;border:1px solid #ddd}
.mark{display:inline-block;width:10px;height:10px;border-radius:2px;vertical-align:middle;margin-right:4px}
td.regression{background:#ffebee;font-weight:600}
td.not-comparable{color:#666;font-style:italic}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(360px,1fr));gap:12px}
.charts figure{margin:0;background:#fff;border:1px solid #ddd;padding:8px}
.charts figcaption{font-weight:600;margin-bottom:4px;overflow-wrap:anywhere}
@media (max-width:760px){.charts{grid-template-columns:1fr}}
`;

const runHref = (r: RunEntry) => (r.reportLink ? r.reportLink : null);
const runLink = (r: RunEntry | undefined, text: string) =>
  r && runHref(r) ? `<a href="${esc(runHref(r)!)}" data-run="${r.index}">${esc(text)}</a>` : esc(text);

/** One mark per run, each a link to its report; its tooltip (title) says time, verdict, target and versions. */
function timelineSvg(runs: readonly RunEntry[]): string {
  const n = Math.max(runs.length, 1);
  const step = Math.max(4, Math.min(40, 1200 / n));
  const width = Math.max(320, Math.ceil(n * step));
  const marks = runs
    .map((r, i) => {
      const tip = `run ${r.index} · ${r.startedAt} · ${VERDICT_TEXT[r.verdict]} · ${r.target} · suite ${r.suiteVersion} · deployment ${r.deploymentVersion ?? '—'}`;
      const rect = `<rect x="${(i * step).toFixed(1)}" y="4" width="${Math.max(2, step - 2).toFixed(1)}" height="28" fill="${VERDICT_COLOR[r.verdict]}"><title>${esc(tip)}</title></rect>`;
      return r.reportLink ? `<a href="${esc(r.reportLink)}">${rect}</a>` : rect;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" class="timeline" role="img" aria-label="verdict per run, oldest first" viewBox="0 0 ${width} 36" preserveAspectRatio="none">${marks}</svg>`;
}

/** p95 (line) and p50 (light line) of one operation over the runs; a regression is a red dot, a run not compared a grey ring. */
function latencyChart(operation: string, runs: readonly RunEntry[]): string {
  const points = runs.flatMap((r) => {
    const cell = r.latencyMarks.find((m) => m.operation === operation);
    return cell ? [{ run: r, cell }] : [];
  });
  const [w, h, left, bottom] = [360, 150, 44, 18];
  const maxY = Math.max(1, ...points.map((p) => p.cell.p95));
  const n = Math.max(runs.length - 1, 1);
  const x = (index: number) => left + ((index - 1) / n) * (w - left - 8);
  const y = (v: number) => 6 + (1 - v / maxY) * (h - bottom - 6);
  const line = (key: 'p95' | 'p50') => points.map((p) => `${x(p.run.index).toFixed(1)},${y(p.cell[key]).toFixed(1)}`).join(' ');
  const dots = points
    .filter((p) => p.cell.mark === 'regression' || p.cell.mark === 'not-comparable')
    .map((p) => {
      const regression = p.cell.mark === 'regression';
      const tip = `run ${p.run.index}: p95 ${p.cell.p95} ms${p.cell.baselineP95 !== null ? `, median of previous ${p.cell.baselineP95} ms` : ''} (${p.cell.mark})`;
      return `<circle cx="${x(p.run.index).toFixed(1)}" cy="${y(p.cell.p95).toFixed(1)}" r="4" fill="${regression ? '#c62828' : 'none'}" stroke="${regression ? '#c62828' : '#777'}" stroke-width="1.5"><title>${esc(tip)}</title></circle>`;
    })
    .join('');
  const axis = `<line x1="${left}" y1="${h - bottom}" x2="${w - 4}" y2="${h - bottom}" stroke="#bbb"/><text x="2" y="12">${maxY} ms</text><text x="2" y="${h - bottom}">0</text><text x="${left}" y="${h - 4}">run 1</text><text x="${w - 60}" y="${h - 4}">run ${runs.length}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="${esc(`${operation}: p95 and p50 per run`)}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${axis}<polyline fill="none" stroke="#90caf9" stroke-width="1" points="${line('p50')}"/><polyline fill="none" stroke="#0d47a1" stroke-width="1.5" points="${line('p95')}"/>${dots}</svg>`;
}

/** Runs whose rows the page shows in its tables up front; the rest fold under <details> (the whole series is there). */
const HTML_RECENT = 30;

function runRow(r: RunEntry): string {
  return tr(
    [
      `<td>${runLink(r, String(r.index))}</td>`,
      td(r.startedAt),
      `<td><span class="mark" style="background:${VERDICT_COLOR[r.verdict]}"></span>${esc(VERDICT_TEXT[r.verdict])}</td>`,
      td(r.target),
      td(r.suiteVersion),
      td(r.deploymentVersion ?? '—'),
      td(r.headline),
      r.notComparable ? `<td class="not-comparable">${esc(r.notComparable)}</td>` : td('—'),
    ],
    ` id="run-${r.index}"`,
  );
}

export function historyHtml(doc: HistoryDocument): string {
  const runs = doc.runs;
  const last = runs.at(-1);
  const byIndex = new Map(runs.map((r) => [r.index, r]));
  const cls = last ? last.verdict.replace('stopped', 'incomplete') : 'incomplete';
  const head = ['run', 'started (UTC)', 'verdict', 'target', 'suite', 'deployment', 'first reason', 'comparable'];
  const recent = runs.slice(-HTML_RECENT).reverse();
  const older = runs.slice(0, -HTML_RECENT).reverse();
  const operations = [...new Set(runs.flatMap((r) => r.latency.map((l) => l.operation)))].sort();
  const latencyRows = runs
    .slice(-HTML_RECENT)
    .reverse()
    .flatMap((r) =>
      r.latencyMarks.map((m) =>
        tr([
          `<td>${runLink(r, String(r.index))}</td>`,
          td(m.operation),
          td(String(m.count)),
          td(String(m.p50)),
          `<td class="${m.mark}">${esc(`${m.p95}`)}</td>`,
          td(String(m.max)),
          td(m.baselineP95 === null ? '—' : String(m.baselineP95)),
          `<td class="${m.mark}">${esc(m.mark === 'not-comparable' ? 'not comparable' : m.mark)}</td>`,
        ]),
      ),
    );
  const loadRows = runs.flatMap((r) =>
    r.load.map((s) =>
      tr([
        `<td>${runLink(r, String(r.index))}</td>`,
        td(s.scenario),
        td(s.engine),
        td(String(s.requests)),
        td(s.requestsPerSecond.toFixed(1)),
        td(`${(s.errorRate * 100).toFixed(2)} %`),
        td(String(s.p95)),
        td(String(s.p99)),
      ]),
    ),
  );
  const body = [
    `<header class="verdict ${cls}"><h1>History: ${runs.length} run(s)${last ? `, last ${esc(VERDICT_TEXT[last.verdict])}` : ''}</h1>`,
    `<ul id="last-change">${doc.lastChange.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
    last ? `<div class="links">${runLink(last, `Open the last run's report (run ${last.index})`)}</div>` : '',
    '</header>',
    '<nav class="toc"><a href="#timeline">Verdicts</a><a href="#flips">Clause flips</a><a href="#latency">Latency</a><a href="#load">Load</a><a href="#skipped">Skipped</a></nav>',
    '<main>',
    '<h2 id="timeline">Verdicts</h2>',
    `<p class="muted">One mark per run, oldest left; each opens that run's report. ${Object.entries(VERDICT_COLOR)
      .map(([v, c]) => `<span class="mark" style="background:${c}"></span>${esc(VERDICT_TEXT[v as RunEntry['verdict']])}`)
      .join(' ')}</p>`,
    timelineSvg(runs),
    htmlTable(head, recent.map(runRow)),
    older.length ? `<details><summary>${older.length} older run(s)</summary>${htmlTable(head, older.map(runRow))}</details>` : '',
    '<h2 id="flips">Clause flips</h2>',
    doc.flips.length
      ? htmlTable(
          ['clauses', 'cause', 'first failing run', 'recovered in'],
          doc.flips.map((g) =>
            tr(
              [
                td(g.clauses.join(', ')),
                td(g.cause),
                `<td class="first-failing">${runLink(byIndex.get(g.firstFailing), `run ${g.firstFailing}`)}</td>`,
                `<td class="recovered">${g.recovered === null ? esc('still failing') : runLink(byIndex.get(g.recovered), `run ${g.recovered}`)}</td>`,
              ],
              ' class="flip"',
            ),
          ),
        )
      : '<p>No clause changed its result across the series.</p>',
    '<h2 id="latency">Latency per operation</h2>',
    `<p class="muted">${esc(`Successful answers only (2xx, from each run's requests.jsonl). A red dot: p95 above the median of up to ${doc.options.window} previous comparable runs by more than ${Math.round(doc.options.tolerance * 100)} % and ${doc.options.minDeltaMs} ms. A grey ring: not compared (another pace, target, environment or engine).`)}</p>`,
    `<div class="charts">${operations.map((op) => `<figure>${`<figcaption>${esc(op)}</figcaption>`}${latencyChart(op, runs)}</figure>`).join('')}</div>`,
    htmlTable(
      ['run', 'operation', 'answers', 'p50 ms', 'p95 ms', 'max ms', 'median p95 before', 'mark'],
      latencyRows,
      ' id="latency-table"',
    ),
    '<h2 id="load">Load</h2>',
    loadRows.length
      ? htmlTable(['run', 'scenario', 'engine', 'requests', 'requests/s', 'errors', 'p95 ms', 'p99 ms'], loadRows)
      : '<p class="muted">No run of the series ran a load smoke.</p>',
    '<h2 id="skipped">Skipped</h2>',
    doc.skipped.length
      ? htmlTable(
          ['path', 'why'],
          doc.skipped.map((s) => tr([td(s.path), td(s.reason)])),
        )
      : '<p class="muted">Every folder given was read.</p>',
    `<p class="muted">${esc(`Written ${doc.generatedAt}. The whole series: history.json.`)}</p>`,
    '</main>',
  ];
  return `${documentStart(`History: ${runs.length} run(s)`, HISTORY_CSS)}\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
}
