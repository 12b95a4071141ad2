/**
 * The regression report of one scenario as Markdown (reports/perf-regression/<scenario>.md) and as one
 * self-contained HTML page with inline SVG charts (reports/perf-regression/<scenario>.html): the work each run
 * did, latency percentiles per endpoint, baseline against current, and throughput (shown, not judged, under an
 * arrival-rate plan), written by `npm run load:compare` (Node: k6 never loads it). No script, font or stylesheet is loaded
 * from anywhere. The charts are drawn by svg-charts.ts, the reports' one chart writer. Pure module. Every value a summary
 * carries (the target, the scenario, the endpoints, the reasons built from them) is text in both: escaped with the
 * reports' own kits (escapeMarkdown, htmlEscape), so a summary file cannot make a link, an image or markup.
 */
import { type ComparableRun, type Comparison, type ComparisonRow, type MetricId, format } from '../../load/lib/compare.ts';
import type { RunWork } from '../../load/lib/report.ts';
import { escapeMarkdown } from './markdown-escape.ts';
import { escapeXml as htmlEscape, type PairedBarGroup, pairedBars } from './svg-charts.ts';

const STATUS_TEXT: Record<Comparison['status'], string> = {
  pass: 'PASS — no metric got worse beyond its tolerance',
  regression: 'REGRESSION — at least one metric got worse beyond its tolerance',
  invalid: 'INVALID — a run with dropped iterations is not a measurement; nothing was compared as a pass',
  incomparable:
    'INCOMPARABLE — the run and the baseline did different work or ran under different conditions; nothing was judged (use --force to compare anyway)',
};

const VERDICT_MARK: Record<ComparisonRow['verdict'], string> = {
  ok: 'ok',
  regression: '✗ regression',
  improved: 'improved',
  new: 'new',
  missing: 'missing',
  shown: 'shown, not judged',
  undecided: 'undecided (merged runners)',
};

/** The work of both runs side by side; null when neither recorded it. */
function workRows(c: Comparison): Array<[string, string, string]> | null {
  const b = c.baseline.work ?? null;
  const cur = c.current.work ?? null;
  if (b === null && cur === null) return null;
  const show = (w: RunWork | null, f: (w: RunWork) => string): string => (w === null ? 'not recorded' : f(w));
  const row = (label: string, f: (w: RunWork) => string): [string, string, string] => [label, show(b, f), show(cur, f)];
  return [
    row('executor', (w) => w.executor),
    row('planned rate', (w) =>
      w.plannedRatePerSecond === null ? 'ramping (see settings)' : `${Math.round(w.plannedRatePerSecond * 1000) / 1000} iterations/s`,
    ),
    row('planned length', (w) => `${Math.round(w.plannedDurationMs / 100) / 10} s`),
    row('iterations planned', (w) => String(w.iterationsPlanned)),
    row('iterations done', (w) => String(w.iterationsDone)),
    row('write budget', (w) => (w.writeBudget === null ? '—' : String(w.writeBudget))),
    row('creates spent in setup', (w) => String(w.setupCreates)),
    row('iterations with the budget spent', (w) => String(w.budgetSkipped)),
  ];
}

function runnersText(r: ComparableRun): string {
  return (r.runners ?? 1) > 1 ? `, merged from ${r.runners} runners` : '';
}

function change(row: ComparisonRow, comparison: Comparison): string {
  if (row.delta === null) return '—';
  const unit = comparison.tolerances[row.metric].unit;
  const sign = row.delta > 0 ? '+' : '';
  const rel = row.ratio === null ? '' : ` (${sign}${Math.round(row.ratio * 1000) / 10}%)`;
  return unit === 'share' ? `${sign}${Math.round(row.delta * 10000) / 100} pt` : `${sign}${format(row.delta, unit)}${rel}`;
}

function run(label: string, r: Comparison['current'] & { recordedOn?: string }): string {
  const on = r.recordedOn ? `, measured on ${r.recordedOn}` : '';
  return `${label}: run ${r.runId ?? '-'} at ${r.generatedAt}${runnersText(r)}, k6 ${r.k6Version ?? 'unknown'}, target ${r.target} (${r.environment})${on}`;
}

/** The same line as Markdown text (escaped: a summary's values render as themselves). */
function runLine(label: string, r: Comparison['current'] & { recordedOn?: string }): string {
  return escapeMarkdown(run(label, r));
}

/** Files beside the report, as links relative to it. */
export interface ReportLinks {
  /** k6's own web-dashboard HTML report of the current run (K6_WEB_DASHBOARD_EXPORT); null when it wrote none. */
  dashboard: string | null;
}

const DASHBOARD_TEXT = "k6's own dashboard report of the current run";

export function renderMarkdown(c: Comparison, links: ReportLinks = { dashboard: null }): string {
  const lines: string[] = [];
  const md = escapeMarkdown;
  lines.push(`# Performance regression report: ${md(c.scenario)}`, '');
  lines.push(`**${STATUS_TEXT[c.status]}**`, '');
  lines.push(`- ${runLine('Current', c.current)}`, `- ${runLine('Baseline', c.baseline)}`);
  if (links.dashboard !== null) lines.push(`- ${DASHBOARD_TEXT}: [${md(links.dashboard)}](${encodeURI(links.dashboard)})`);
  lines.push('');
  if (c.reasons.length > 0) {
    lines.push('## Why', '');
    for (const r of c.reasons) lines.push(`- ${md(r)}`);
    lines.push('');
  }
  const work = workRows(c);
  if (work !== null) {
    lines.push('## Work', '', '| | baseline | current |', '|---|---:|---:|');
    for (const [label, b, cur] of work) lines.push(`| ${label} | ${md(b)} | ${md(cur)} |`);
    lines.push('');
  }
  lines.push(
    '## Figures',
    '',
    '| scope | metric | baseline | current | change | tolerance | verdict |',
    '|---|---|---:|---:|---:|---:|---|',
  );
  for (const row of c.rows) {
    const t = c.tolerances[row.metric];
    lines.push(
      `| ${md(row.scope)} | ${t.title} | ${format(row.baseline, t.unit)} | ${format(row.current, t.unit)} | ${change(row, c)} | ${format(row.allowed, t.unit)} | ${VERDICT_MARK[row.verdict]} |`,
    );
  }
  lines.push('');
  if (c.notes.length > 0) {
    lines.push('## Notes', '');
    for (const n of c.notes) lines.push(`- ${md(n)}`);
    lines.push('');
  }
  lines.push(
    '## Tolerances',
    '',
    'A metric regresses when it gets worse by more than the larger of its relative and absolute tolerance.',
    '',
  );
  lines.push('| metric | worse when | relative | absolute |', '|---|---|---:|---:|');
  for (const id of Object.keys(c.tolerances) as MetricId[]) {
    const t = c.tolerances[id];
    lines.push(`| ${t.title} | ${t.worse} | ${Math.round(t.relative * 100)}% | ${format(t.absolute, t.unit)} |`);
  }
  lines.push('');
  return lines.join('\n');
}

function regressed(c: Comparison, scope: string, metric: MetricId): boolean {
  return c.rows.some((r) => r.scope === scope && r.metric === metric && r.verdict === 'regression');
}

export function latencyGroups(c: Comparison): PairedBarGroup[] {
  const keys = Object.keys(c.baseline.endpoints)
    .concat(Object.keys(c.current.endpoints).filter((k) => c.baseline.endpoints[k] === undefined))
    .sort();
  return keys.map((key) => {
    const b = c.baseline.endpoints[key];
    const cur = c.current.endpoints[key];
    return {
      title: key,
      bars: (['med', 'p95', 'p99'] as const).map((m) => ({
        label: m === 'med' ? 'p50' : m,
        baseline: b === undefined ? null : b[m],
        current: cur === undefined ? null : cur[m],
        flagged: regressed(c, key, m),
      })),
    };
  });
}

export function throughputGroups(c: Comparison): PairedBarGroup[] {
  return [
    {
      title: 'whole scenario',
      bars: [
        {
          label: 'requests/s',
          baseline: c.baseline.totals.httpRequestsPerSecond,
          current: c.current.totals.httpRequestsPerSecond,
          flagged: regressed(c, 'scenario', 'throughput'),
        },
        {
          label: 'iterations/s',
          baseline: c.baseline.totals.iterationsPerSecond,
          current: c.current.totals.iterationsPerSecond,
          flagged: false,
        },
      ],
    },
  ];
}

export function renderHtml(c: Comparison, links: ReportLinks = { dashboard: null }): string {
  const rows = c.rows
    .map((row) => {
      const t = c.tolerances[row.metric];
      const cls = row.verdict === 'regression' ? ' class="bad"' : row.verdict === 'improved' ? ' class="good"' : '';
      return `<tr${cls}><td>${htmlEscape(row.scope)}</td><td>${htmlEscape(t.title)}</td><td>${format(row.baseline, t.unit)}</td><td>${format(row.current, t.unit)}</td><td>${htmlEscape(change(row, c))}</td><td>${format(row.allowed, t.unit)}</td><td>${VERDICT_MARK[row.verdict]}</td></tr>`;
    })
    .join('\n');
  const list = (items: readonly string[]): string =>
    items.length === 0 ? '' : `<ul>${items.map((i) => `<li>${htmlEscape(i)}</li>`).join('')}</ul>`;
  const latency = latencyGroups(c);
  const work = workRows(c);
  const workTable =
    work === null
      ? ''
      : `<h2>Work</h2>\n<div class="scroll"><table id="work"><thead><tr><th></th><th>baseline</th><th>current</th></tr></thead><tbody>\n${work
          .map(([label, b, cur]) => `<tr><td>${htmlEscape(label)}</td><td>${htmlEscape(b)}</td><td>${htmlEscape(cur)}</td></tr>`)
          .join('\n')}\n</tbody></table></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Performance regression: ${htmlEscape(c.scenario)}</title>
<style>
body{font-family:sans-serif;margin:24px;color:#1a202c;max-width:1000px}
svg{max-width:100%;height:auto}.scroll{overflow-x:auto;max-width:100%}
@media (max-width:600px){body{margin:12px}h1{font-size:22px}}
.status{padding:10px 14px;border-radius:4px;font-weight:bold}
.status.pass{background:#e6ffed}.status.regression,.status.invalid{background:#fff5f5;color:#9b2c2c}.status.incomparable{background:#fffaf0}
table{border-collapse:collapse;margin:12px 0;font-size:13px}td,th{border:1px solid #cbd5e0;padding:4px 8px;text-align:right}td:first-child,td:nth-child(2),th{text-align:left}
tr.bad td{background:#fff5f5}tr.good td{background:#f0fff4}figure{margin:16px 0}
</style></head><body>
<h1>Performance regression report: ${htmlEscape(c.scenario)}</h1>
<p class="status ${c.status}" data-status="${c.status}">${htmlEscape(STATUS_TEXT[c.status])}</p>
<p>${htmlEscape(run('Current', c.current))}<br>${htmlEscape(run('Baseline', c.baseline))}</p>
${links.dashboard === null ? '' : `<p>${DASHBOARD_TEXT}: <a id="k6-dashboard" href="${htmlEscape(encodeURI(links.dashboard))}">${htmlEscape(links.dashboard)}</a></p>`}
${c.reasons.length > 0 ? `<h2>Why</h2>${list(c.reasons)}` : ''}
${workTable}
<h2>Latency per endpoint</h2>
<figure id="latency-chart">${latency.length > 0 ? pairedBars('Latency percentiles per endpoint (ms)', latency, 'ms') : '<p>No per-endpoint latency in either run.</p>'}</figure>
<h2>Throughput</h2>
<p>Under an arrival-rate plan the plan sets the throughput: it is shown here, not judged. Whether the plan was held is judged (iterations done / planned, dropped iterations).</p>
<figure id="throughput-chart">${pairedBars('Throughput', throughputGroups(c), '/s')}</figure>
<h2>Figures</h2>
<div class="scroll"><table><thead><tr><th>scope</th><th>metric</th><th>baseline</th><th>current</th><th>change</th><th>tolerance</th><th>verdict</th></tr></thead><tbody>
${rows}
</tbody></table></div>
${c.notes.length > 0 ? `<h2>Notes</h2>${list(c.notes)}` : ''}
<p>A metric regresses when it gets worse by more than the larger of its relative and absolute tolerance. An invalid run (dropped iterations) is never reported as a pass.</p>
</body></html>
`;
}
