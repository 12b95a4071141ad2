/**
 * index.html: the certification report for people. One self-contained file: inline CSS, inline SVG,
 * no script and no external asset (a Content-Security-Policy forbids loading any), so it opens from
 * disk, from a CI artifact, or attached to a ticket, and shows the same everywhere.
 */
import { durationText, ms, percent, STATUS_LABEL, valueText } from './format.ts';
import { evidenceRows, type CertificationReport, type ClauseRow, type ClauseStatus, type LoadScenarioRow } from './report-model.ts';
import { escapeXml as esc, groupedBars, stackedBar } from './svg-charts.ts';

const STATUS_COLOR: Record<ClauseStatus, string> = {
  pass: '#2e7d32',
  fail: '#c62828',
  waived: '#ef8f00',
  observed: '#1565c0',
  'not-testable': '#757575',
  skipped: '#b0bec5',
  'not-covered': '#8e24aa',
};

export const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
main{max-width:1200px;margin:0 auto;padding:0 20px 40px}
header.verdict{padding:20px;color:#fff}
header.verdict.pass{background:#2e7d32}
header.verdict.fail{background:#c62828}
header.verdict.incomplete{background:#8d5a00}
header.verdict h1{margin:0 0 6px;font-size:26px}
header.verdict ul{margin:6px 0 0;padding-left:20px}
h2{margin-top:32px;border-bottom:2px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;width:100%;background:#fff;margin:8px 0}
th,td{border:1px solid #ddd;padding:5px 7px;text-align:left;vertical-align:top}
th{background:#f0f0f0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px;border:1px solid #ddd}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;word-break:break-all}
.badge{display:inline-block;padding:1px 7px;border-radius:10px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
pre{background:#f5f5f5;border:1px solid #e0e0e0;padding:8px;white-space:pre-wrap;word-break:break-all;margin:4px 0}
ul.tight{margin:0;padding-left:18px}
.failure{border-left:3px solid #c62828;padding-left:8px;margin:6px 0}
.failure.drift{border-left-color:#ef8f00}
.muted{color:#666}
.chart text{font:12px system-ui,sans-serif;fill:#333}
tr.drift td{background:#fff3e0}
#clause-table td:first-child code,#profile-table td:nth-child(2) code{white-space:nowrap}
#clause-table td:nth-child(5){max-width:260px}
#clause-table td:nth-child(6){min-width:420px}
`;

function badge(status: ClauseStatus): string {
  return `<span class="badge" style="background:${STATUS_COLOR[status]}">${esc(STATUS_LABEL[status])}</span>`;
}

export function list(items: readonly string[], empty = '—'): string {
  return items.length ? `<ul class="tight">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : `<span class="muted">${esc(empty)}</span>`;
}

function failureBlock(c: ClauseRow): string {
  return c.failures
    .map((f) => {
      const ev = f.evidence;
      const evidence = ev
        ? `<details open><summary>evidence: ${esc(ev.request ?? 'request')} → ${esc(String(ev.status ?? '?'))}</summary><pre>${esc([`${ev.request ?? ''}`, ev.requestBody ? `request body: ${ev.requestBody}` : '', `status: ${ev.status ?? '?'}  content-type: ${ev.contentType ?? '?'}`, ev.responseBody ? `response body: ${ev.responseBody}` : ''].filter(Boolean).join('\n'))}</pre></details>`
        : '';
      const er = f.expected !== undefined || f.received !== undefined ? `<div>expected: <code>${esc(valueText(f.expected))}</code><br>received: <code>${esc(valueText(f.received))}</code></div>` : '';
      return `<div class="failure${f.drift ? ' drift' : ''}"><strong>${esc(f.test)}</strong>${f.drift ? ' <em>(drift from the pinned profile)</em>' : ''}<div>${esc(f.message)}</div>${er}${evidence}</div>`;
    })
    .join('');
}

function clauseRow(c: ClauseRow): string {
  const waiver = c.waiver ? `<div class="muted">waiver (${esc(c.waiver.state)}): ${esc(c.waiver.note)} — ${esc(c.waiver.reason)}</div>` : '';
  const details = `${failureBlock(c)}${waiver}${c.notes.length ? list(c.notes) : ''}${c.observations.length ? `<details><summary>${c.observations.length} observation(s)</summary>${list(c.observations)}</details>` : ''}`;
  const cells = [`<td><code>${esc(c.id)}</code><div class="muted">${esc(c.section)}</div></td>`, td(c.kind), `<td>${badge(c.status)}</td>`, td(c.summary), `<td>${list(c.tests)}</td>`, `<td>${details || '<span class="muted">—</span>'}</td>`];
  return tr(cells, ` data-clause="${esc(c.id)}" data-status="${esc(c.status)}"`);
}

export function facts(rows: Array<[string, string]>): string {
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

/** A table of complete rows (`<tr>…</tr>`, see `tr`), so a row can carry its own attributes. */
export function table(head: string[], rows: readonly string[], attrs = ''): string {
  return `<table${attrs}><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export const tr = (cells: readonly string[], attrs = '') => `<tr${attrs}>${cells.join('')}</tr>`;

export const td = (text: string) => `<td>${esc(text)}</td>`;

function loadThresholds(s: LoadScenarioRow): string {
  if (!s.thresholds.length) return '';
  const rows = s.thresholds.map((t) => tr([`<td><code>${esc(t.metric)}</code></td>`, `<td><code>${esc(t.expression)}</code></td>`, td(t.ok ? 'held' : 'crossed')], t.ok ? '' : ' class="drift"'));
  return table(['Threshold on', 'Rule', 'Result'], rows, ` class="load-thresholds" data-scenario="${esc(s.scenario)}"`);
}

function loadScenario(s: LoadScenarioRow): string {
  const head = `<h3>${esc(s.scenario)}: ${s.passed ? 'passed' : 'did not pass'}${s.valid ? '' : ' (invalid run)'}</h3><p>${esc(`${s.requests} requests in ${durationText(s.durationMs)} (${s.requestsPerSecond.toFixed(1)}/s), errors ${percent(s.errorRate)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, 429 answers ${s.rateLimited}, dropped iterations ${s.droppedIterations}.`)}</p>${s.reasons.length ? list(s.reasons) : ''}${loadThresholds(s)}`;
  if (!s.endpoints.length) return head;
  const chart = groupedBars(
    s.endpoints.map((e) => ({ label: e.name, values: [e.med, e.p95, e.p99] })),
    [
      { name: 'median', color: '#90caf9' },
      { name: 'p95', color: '#1e88e5' },
      { name: 'p99', color: '#0d47a1' },
    ],
    { title: `${s.scenario}: latency per endpoint`, unit: 'ms', width: 760 },
  );
  const rows = s.endpoints.map((e) => [td(e.name), td(String(e.count)), td(ms(e.avg)), td(ms(e.med)), td(ms(e.p90)), td(ms(e.p95)), td(ms(e.p99)), td(ms(e.max))]);
  return `${head}<figure>${chart}<figcaption class="muted">Latency per endpoint (median, p95, p99), ${esc(s.scenario)}</figcaption></figure>${table(['Endpoint', 'Requests', 'Average', 'Median', 'p90', 'p95', 'p99', 'Max'], rows.map((row) => tr(row)))}`;
}

export function renderHtml(r: CertificationReport): string {
  const verdictText = r.verdict.toUpperCase();
  const c = r.summary.clauses;
  const statusChart = stackedBar(
    (Object.keys(STATUS_COLOR) as ClauseStatus[]).map((s) => ({ label: STATUS_LABEL[s], value: c[s], color: STATUS_COLOR[s] })),
    { title: 'Clauses by status', width: 760 },
  );
  const phases = table(['Phase', 'Status', 'Duration', 'Detail'], r.phases.map((p) => tr([td(p.name), td(p.status), td(durationText(p.durationMs)), td(p.detail)])));

  const p = r.profile;
  const profileRows = p.items.map((i) => tr([td(i.label), `<td><code>${esc(i.clause)}</code></td>`, td(i.observed), td(i.pinned ?? '—'), td(i.source), td(`${i.drift ? 'DRIFT: ' : ''}${i.note ?? ''}`)], ` data-item="${esc(i.item)}"${i.drift ? ' class="drift"' : ''}`));
  const driftText = p.drift.length
    ? `<p><strong>${p.drift.length} item(s) drifted from the pinned profile</strong> (an undocumented behaviour a partner's integration may rely on has changed):</p>${list(p.drift.map((d) => `${d.clause}: ${d.message} (pinned: ${d.pinned}; observed: ${d.observed})`))}`
    : `<p>${p.pinned ? 'No drift from the pinned profile.' : 'No pinned profile: nothing to drift from.'}</p>`;

  const f = r.fuzz;
  const fuzz =
    f.status === 'not-run'
      ? `<p id="fuzz-status">Not run: ${esc(f.reason ?? '')}.</p>`
      : `<p id="fuzz-status">${esc(`${f.properties} properties: ${f.passed} passed, ${f.failed} failed, ${f.skipped} skipped; ${f.runs === null ? 'runs not recorded' : `${f.runs} generated cases`}.`)}</p>${
          f.seeds.length ? table(['Property', 'Seed', 'Path', 'Runs'], f.seeds.map((s) => tr([td(s.property), `<td><code>${esc(String(s.seed ?? '—'))}</code></td>`, td(s.path ?? '—'), td(String(s.runs ?? '—'))]))) : ''
        }${f.failures.map((x) => `<div class="failure"><strong>${esc(x.property)}</strong><div>${esc(x.message)}</div>${x.counterexample ? `<div>counterexample: <code>${esc(x.counterexample)}</code></div>` : ''}${x.replay ? `<div>replay:</div><pre>${esc(x.replay)}</pre>` : ''}</div>`).join('')}`;

  const load = r.load.status === 'not-run' ? `<p id="load-status">Not run: ${esc(r.load.reason ?? '')}.</p>` : `<p id="load-status">${esc(r.load.reason ?? 'Run.')}</p>${r.load.scenarios.map(loadScenario).join('')}<p class="muted">The load smoke is informative: its figures do not change the verdict.</p>`;

  const e = r.evidence;
  const waivers = r.waivers.length ? table(['Clause', 'State', 'Owner', 'Expires', 'Reason', 'Note'], r.waivers.map((w) => tr([`<td><code>${esc(w.clause)}</code></td>`, td(w.state), td(w.owner), td(w.expires), td(w.reason), td(w.note)], ` data-waiver="${esc(w.clause)}" data-state="${esc(w.state)}"`))) : '<p>No waivers.</p>';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Certification ${verdictText}: ${esc(r.target.baseUrl)}</title>
<style>${CSS}</style>
</head>
<body>
<header class="verdict ${r.verdict}" id="verdict" data-verdict="${r.verdict}">
<h1>Certification verdict: ${verdictText}</h1>
<div>${esc(`${r.summary.clauses.fail} failing clause(s), ${r.summary.clauses.waived} waived, ${r.summary.drift} drift item(s); ${r.summary.tests.total} tests (${r.summary.tests.failed} failed)`)}</div>
${r.verdictReasons.length ? `<ul>${r.verdictReasons.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : ''}
</header>
<main>
<section id="run"><h2>Run</h2>
${facts([
  ['Target', `${r.target.baseUrl}${r.target.bundledReference ? ' (bundled reference server)' : ''}`],
  ...(r.target.faults.length ? ([['Fault switches', r.target.faults.join(', ')]] as Array<[string, string]>) : []),
  ['Time', `${r.startedAt} to ${r.finishedAt}`],
  ['Duration', durationText(r.durationMs)],
  ['Suite version', `${r.suite.name} ${r.suite.version}`],
  ['Schema digest', r.schemaDigest],
  ['Environment', r.environment],
  ['Run ID', r.runId],
  ['Pinned profile', p.pinnedPath ? `${p.pinnedPath}${r.target.profileName ? ` (${r.target.profileName})` : ''}` : 'none (widest reading)'],
])}
${phases}
</section>
<section id="clauses"><h2>Clauses</h2>
<figure>${statusChart}</figure>
${table(['Clause', 'Kind', 'Status', 'Statement', 'Tests', 'Findings'], r.clauses.map(clauseRow), ' id="clause-table"')}
</section>
<section id="profile"><h2>Observed profile and drift</h2>
${driftText}
${table(['Item', 'Clause', 'Observed', 'Pinned', 'Source', 'Note'], profileRows, ' id="profile-table"')}
<p>Retry-After: ${esc(p.retryAfter)}</p>
<p>Values beyond those seen: ${p.valuesBeyondSeen.length ? esc(p.valuesBeyondSeen.map((v) => `${v.field} = "${v.value}"`).join(', ')) : 'none'}</p>
<p>Fields the contract does not list: ${p.extraFields.length ? esc(p.extraFields.map((x) => `${x.operation} ${x.field}`).join(', ')) : 'none'}</p>
<details><summary>Observed profile (observed-profile.json, usable as API_PROFILE)</summary><pre>${esc(JSON.stringify(p.observed, null, 2))}</pre></details>
</section>
<section id="waivers"><h2>Waivers</h2>${waivers}</section>
<section id="fuzz"><h2>Fuzz</h2>${fuzz}</section>
<section id="load"><h2>Load smoke</h2>${load}</section>
<section id="evidence"><h2>Evidence bundle</h2>
${facts(evidenceRows(e))}
<details><summary>Configuration (no credentials)</summary><pre>${esc(JSON.stringify(e.config, null, 2))}</pre></details>
<details><summary>Files</summary>${list(e.files)}</details>
</section>
</main>
</body>
</html>
`;
}
