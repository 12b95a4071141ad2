/**
 * index.html: the certification report for people. One self-contained file: inline CSS, inline SVG,
 * no script and no external asset (a Content-Security-Policy forbids loading any), so it opens from
 * disk, from a CI artifact, or attached to a ticket, and shows the same everywhere.
 * Failures first: the banner links to each failing (and each unconfirmed) clause, the clause table is
 * sorted by how much a row needs attention, and its filters (status, area) are radio buttons and CSS
 * alone. Each failing exchange carries a curl script to reproduce it, with credentials as placeholders.
 */
import { isBinding } from '../../contract/clauses/catalogue.ts';
import { durationText, ms, percent, valueText } from '../../report/format.ts';
import { STATUS_LABEL } from './status-label.ts';
import {
  evidenceRows,
  PACKAGE_STATUS_TEXT,
  QUOTES_SHOWN,
  type CertificationReport,
  type ClauseFailureRow,
  type ClauseRow,
  type ClauseStatus,
  type LoadScenarioRow,
} from './report-model.ts';
import { escapeXml as esc, groupedBars, stackedBar } from '../../report/svg-charts.ts';
import { curlScript } from './curl.ts';
import { unconfirmedGroups } from './unconfirmed.ts';
import { STRICTNESS_HEADING, STRICTNESS_NOTE } from '../../contract/strictness.ts';
import { CSS, documentStart, facts, list, table, td, tr } from '../../report/html-kit.ts';

export { CSS, facts, list, table, td, tr } from '../../report/html-kit.ts';

const STATUS_COLOR: Record<ClauseStatus, string> = {
  pass: '#2e7d32',
  fail: '#c62828',
  waived: '#ef8f00',
  observed: '#1565c0',
  'not-testable': '#757575',
  skipped: '#b0bec5',
  'not-covered': '#8e24aa',
};

/** Filter groups of the clause table: the status, with a must clause nobody confirmed as `incomplete`. */
type ClauseGroup = ClauseStatus | 'incomplete';

/**
 * Order of the table and of the filter buttons: what needs attention first, then what the run confirmed and observed;
 * an observe clause the run had no occasion to see (LIMIT-RATE is never provoked) last, not first in a passing report.
 */
const GROUP_ORDER: readonly ClauseGroup[] = ['fail', 'incomplete', 'waived', 'pass', 'observed', 'not-testable', 'skipped', 'not-covered'];
/** Groups that always get a filter button, even when empty: a reader looks for them by name. */
const ALWAYS_SHOWN: readonly ClauseGroup[] = ['fail', 'incomplete', 'observed', 'pass'];

const GROUP_LABEL: Record<ClauseGroup, string> = { ...STATUS_LABEL, fail: 'fail', incomplete: 'not confirmed' };

export function clauseGroup(c: Pick<ClauseRow, 'kind' | 'status'>): ClauseGroup {
  return isBinding(c.kind) && (c.status === 'skipped' || c.status === 'not-covered') ? 'incomplete' : c.status;
}

/** The area of a clause: its ID's first word (`SUB`, `PAGE`, ...). */
export const clauseArea = (id: string) => id.split('-')[0];

/** The anchor of a clause's row. */
export const clauseAnchor = (id: string) => `clause-${id}`;

/** On a phone the 760 px status chart shrinks to a legend nobody can read; the status filter buttons carry its counts. */
const PHONE_CSS = '@media (max-width:760px){#clauses figure.status-chart{display:none}}';

/** Tests listed in full up to this many; more are folded. */
const TESTS_SHOWN = 2;
/** Findings of one clause shown in full; more are folded. */
const FINDINGS_SHOWN = 1;

/** One rule per filter button: when it is checked, rows outside it are hidden. CSS only (the CSP allows no script). */
function filterCss(groups: readonly string[], areas: readonly string[]): string {
  const rule = (input: string, attr: string, value: string) =>
    `#clauses:has(#${input}:checked) #clause-table tbody tr:not([${attr}="${value}"]){display:none}`;
  return [...groups.map((g) => rule(`status-${g}`, 'data-group', g)), ...areas.map((a) => rule(`area-${a}`, 'data-area', a))].join('\n');
}

function filterButtons(name: string, label: string, options: ReadonlyArray<[string, string]>): string {
  const all = `<input type="radio" name="${name}" id="${name}-all" checked><label for="${name}-all">all</label>`;
  return `<span class="label">${esc(label)}</span>${all}${options.map(([value, text]) => `<input type="radio" name="${name}" id="${name}-${esc(value)}"><label for="${name}-${esc(value)}">${esc(text)}</label>`).join('')}`;
}

function badge(status: ClauseStatus): string {
  return `<span class="badge" style="background:${STATUS_COLOR[status]}">${esc(STATUS_LABEL[status])}</span>`;
}

/** The exchange as a curl script: shown, and downloadable as a file (a data: link, no script). */
function reproduce(
  baseUrl: string,
  c: Pick<ClauseRow, 'id'>,
  f: Pick<ClauseFailureRow, 'test' | 'message' | 'evidence'>,
  n: number | string,
): string {
  if (!f.evidence) return '';
  const script = curlScript(baseUrl, f.evidence, `Reproduces the exchange behind ${c.id} (${f.test}): ${f.message.split('\n')[0]}`);
  if (!script) return '';
  const file = `${c.id}-${n}.sh`;
  return `<details class="curl"><summary>reproduce with curl</summary><a class="download" download="${esc(file)}" href="data:text/x-shellscript;charset=utf-8,${encodeURIComponent(script)}">download ${esc(file)}</a><pre>${esc(script)}</pre></details>`;
}

/** An exchange excerpt, folded (open when asked). */
function evidenceDetails(ev: ClauseFailureRow['evidence'], open: boolean): string {
  return ev
    ? `<details${open ? ' open' : ''}><summary>evidence: ${esc(ev.request ?? 'request')} → ${esc(String(ev.status ?? '?'))}</summary><pre>${esc([`${ev.request ?? ''}`, ev.requestBody ? `request body: ${ev.requestBody}` : '', `status: ${ev.status ?? '?'}  content-type: ${ev.contentType ?? '?'}`, ev.responseBody ? `response body: ${ev.responseBody}` : ''].filter(Boolean).join('\n'))}</pre></details>`
    : '';
}

/** The Strictness section: each finding under its clause, with the exchange and its curl (none: no section). */
function strictnessSection(r: CertificationReport): string {
  const rows = r.strictness ?? [];
  if (rows.length === 0) return '';
  const items = rows.map((x, i) => {
    const what = x.title ? `${x.title}: ${x.message}` : x.message;
    const f = { test: x.test ?? 'strictness', message: what, evidence: x.evidence };
    return `<div class="failure"><strong>${esc(x.clause)}</strong>${x.test ? ` · ${esc(x.test)}` : ''}<div>${esc(what)}</div>${evidenceDetails(x.evidence, false)}${reproduce(r.target.baseUrl, { id: x.clause }, f, `strictness-${i + 1}`)}</div>`;
  });
  return `<section id="strictness"><h2>${esc(STRICTNESS_HEADING)} (${rows.length})</h2><p>${esc(STRICTNESS_NOTE)}</p>${items.join('')}</section>`;
}

function failureBlock(c: ClauseRow, baseUrl: string): string {
  const blocks = c.failures.map((f, i) => {
    const evidence = evidenceDetails(f.evidence, c.status === 'fail' && i === 0);
    const er =
      f.expected !== undefined || f.received !== undefined
        ? `<div>expected: <code>${esc(valueText(f.expected))}</code><br>received: <code>${esc(valueText(f.received))}</code></div>`
        : '';
    return `<div class="failure${f.drift ? ' drift' : ''}"><strong>${esc(f.test)}</strong>${f.drift ? ' <em>(drift from the pinned profile)</em>' : ''}<div>${esc(f.message)}</div>${er}${evidence}${reproduce(baseUrl, c, f, i + 1)}</div>`;
  });
  // The first finding in full; the others folded, so one clause does not fill the screen.
  return blocks.length > FINDINGS_SHOWN
    ? `${blocks.slice(0, FINDINGS_SHOWN).join('')}<details class="more"><summary>${blocks.length - FINDINGS_SHOWN} more finding(s)</summary>${blocks.slice(FINDINGS_SHOWN).join('')}</details>`
    : blocks.join('');
}

function testsCell(tests: readonly string[]): string {
  if (tests.length <= TESTS_SHOWN) return list(tests);
  return `<details><summary>${tests.length} tests</summary>${list(tests)}</details>`;
}

/** The contract's words the clause enforces, under its statement and beside its findings: the first passages, the rest folded. */
function contractQuote(c: ClauseRow): string {
  if (c.contract.length === 0) return '';
  const passages = (qs: readonly string[]) => qs.map((q) => `<p>${esc(q)}</p>`).join('');
  const rest = c.contract.slice(QUOTES_SHOWN);
  const folded = rest.length ? `<details><summary>${rest.length} more passage(s)</summary>${passages(rest)}</details>` : '';
  return `<blockquote class="contract"><div class="muted">The contract:</div>${passages(c.contract.slice(0, QUOTES_SHOWN))}${folded}</blockquote>`;
}

function clauseRow(c: ClauseRow, baseUrl: string): string {
  const waiver = c.waiver
    ? `<div class="muted">waiver (${esc(c.waiver.state)}): ${esc(c.waiver.note)} — ${esc(c.waiver.reason)}</div>`
    : '';
  const details = `${failureBlock(c, baseUrl)}${waiver}${c.notes.length ? list(c.notes) : ''}${c.observations.length ? `<details><summary>${c.observations.length} observation(s)</summary>${list(c.observations)}</details>` : ''}`;
  const cell = (label: string, html: string) => `<td data-label="${label}">${html}</td>`;
  const cells = [
    cell('Clause', `<a href="#${esc(clauseAnchor(c.id))}"><code>${esc(c.id)}</code></a><div class="muted">${esc(c.section)}</div>`),
    cell('Kind', esc(c.kind)),
    cell('Status', badge(c.status)),
    cell('Statement', `${esc(c.summary)}${contractQuote(c)}`),
    cell('Tests', testsCell(c.tests)),
    cell('Findings', details || '<span class="muted">—</span>'),
  ];
  return tr(
    cells,
    ` id="${esc(clauseAnchor(c.id))}" data-clause="${esc(c.id)}" data-status="${esc(c.status)}" data-group="${clauseGroup(c)}" data-area="${esc(clauseArea(c.id))}"`,
  );
}

/**
 * The must clauses nobody confirmed, one item per reason (src/certify/report/unconfirmed.ts): a clause alone with its
 * reason, several with one reason said once and their links folded. A clause the verdict gave no reason for (a report
 * put together by hand) gets its first note.
 */
function unconfirmedItems(r: CertificationReport, link: (c: ClauseRow, text: string) => string): string[] {
  const byId = new Map(r.clauses.map((c) => [c.id, c]));
  const groups = unconfirmedGroups(r).filter((g) => g.ids.every((id) => byId.has(id)));
  const grouped = new Set(groups.flatMap((g) => g.ids));
  for (const c of r.clauses.filter((x) => clauseGroup(x) === 'incomplete' && !grouped.has(x.id))) {
    const why = c.notes[0] ?? 'no passing test in this run';
    groups.push({ why, ids: [c.id], sentence: `${c.id} not confirmed: ${why}` });
  }
  return groups.map((g) => {
    if (g.ids.length === 1) return link(byId.get(g.ids[0])!, g.why);
    const links = g.ids.map((id) => `<a href="#${esc(clauseAnchor(id))}"><code>${esc(id)}</code></a>`).join(' ');
    return `<li class="folded"><details><summary>${esc(g.sentence)}</summary><div class="ids">${links}</div></details></li>`;
  });
}

/** The banner's list: each failing clause, then each must clause nobody confirmed, each a link to its row. */
function bannerList(r: CertificationReport): string {
  const link = (c: ClauseRow, text: string) => `<li><a href="#${esc(clauseAnchor(c.id))}"><code>${esc(c.id)}</code></a> ${esc(text)}</li>`;
  const failing = r.clauses.filter((c) => c.status === 'fail');
  const unconfirmed = r.clauses.filter((c) => clauseGroup(c) === 'incomplete');
  const unconfirmedList = unconfirmedItems(r, link);
  const waived = r.clauses.filter((c) => c.status === 'waived');
  const parts: string[] = [];
  if (failing.length)
    parts.push(
      `<div>Failing clauses:</div><ol id="banner-failures">${failing.map((c) => link(c, c.failures[0] ? c.failures[0].message.split('\n')[0] : 'see its row')).join('')}</ol>`,
    );
  if (unconfirmed.length) parts.push(`<div>Not confirmed by this run:</div><ol id="banner-unconfirmed">${unconfirmedList.join('')}</ol>`);
  if (waived.length)
    parts.push(
      `<div>Waived failures:</div><ol id="banner-waived">${waived.map((c) => link(c, `waived until ${c.waiver?.expires ?? '?'} (owner ${c.waiver?.owner ?? '?'})`)).join('')}</ol>`,
    );
  // A load smoke that did not run is said where people look first, not only in its own section.
  if (r.load.status === 'not-run') parts.push(`<div id="banner-load">Load smoke not run: ${esc(r.load.reason ?? '')}</div>`);
  const listed = new Set([...failing, ...unconfirmed, ...waived].map((c) => c.id));
  const others = r.verdictReasons.filter(
    (reason) => ![...listed].some((id) => reason.startsWith(`${id} `)) && !/were not confirmed by a passing test/.test(reason),
  );
  if (others.length) parts.push(`<ul>${others.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`);
  return parts.join('');
}

function loadThresholds(s: LoadScenarioRow): string {
  if (!s.thresholds.length) return '';
  const rows = s.thresholds.map((t) =>
    tr(
      [`<td><code>${esc(t.metric)}</code></td>`, `<td><code>${esc(t.expression)}</code></td>`, td(t.ok ? 'held' : 'crossed')],
      t.ok ? '' : ' class="drift"',
    ),
  );
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
  const rows = s.endpoints.map((e) => [
    td(e.name),
    td(String(e.count)),
    td(ms(e.avg)),
    td(ms(e.med)),
    td(ms(e.p90)),
    td(ms(e.p95)),
    td(ms(e.p99)),
    td(ms(e.max)),
  ]);
  return `${head}<figure>${chart}<figcaption class="muted">Latency per endpoint (median, p95, p99), ${esc(s.scenario)}</figcaption></figure>${table(
    ['Endpoint', 'Requests', 'Average', 'Median', 'p90', 'p95', 'p99', 'Max'],
    rows.map((row) => tr(row)),
  )}`;
}

function clauseSection(r: CertificationReport): string {
  const c = r.summary.clauses;
  const statusChart = stackedBar(
    (Object.keys(STATUS_COLOR) as ClauseStatus[]).map((s) => ({ label: STATUS_LABEL[s], value: c[s], color: STATUS_COLOR[s] })),
    { title: 'Clauses by status', width: 760 },
  );
  const rank = (row: ClauseRow) => GROUP_ORDER.indexOf(clauseGroup(row));
  const rows = r.clauses
    .map((row, i) => ({ row, i }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.i - b.i)
    .map(({ row }) => row);
  const count = (g: ClauseGroup) => r.clauses.filter((row) => clauseGroup(row) === g).length;
  const groups = GROUP_ORDER.filter((g) => ALWAYS_SHOWN.includes(g) || count(g) > 0);
  const areas = [...new Set(r.clauses.map((row) => clauseArea(row.id)))];
  const areaCount = (a: string) => r.clauses.filter((row) => clauseArea(row.id) === a).length;
  const filters = `<div class="filters" role="group" aria-label="Filter the clauses">${filterButtons(
    'status',
    'Status',
    groups.map((g) => [g, `${GROUP_LABEL[g]} (${count(g)})`]),
  )}${filterButtons(
    'area',
    'Area',
    areas.map((a) => [a, `${a} (${areaCount(a)})`]),
  )}</div>`;
  const colgroup =
    '<colgroup><col class="c-id"><col class="c-kind"><col class="c-status"><col class="c-summary"><col class="c-tests"><col class="c-findings"></colgroup>';
  const head = ['Clause', 'Kind', 'Status', 'Statement', 'Tests', 'Findings'].map((h) => `<th>${h}</th>`).join('');
  return `<section id="clauses"><h2>Clauses</h2>
<figure class="status-chart">${statusChart}</figure>
<p class="muted">Sorted by what needs attention: failing, then not confirmed, waived; then pass, observed, and what this run could not see. Filters keep the rows of one status or one area.</p>
${filters}
<table id="clause-table">${colgroup}<thead><tr>${head}</tr></thead><tbody>${rows.map((row) => clauseRow(row, r.target.baseUrl)).join('')}</tbody></table>
</section>`;
}

/** Links to what backs the report: the Playwright report of the run and the evidence files. */
function evidenceLinks(r: CertificationReport): string {
  const e = r.evidence;
  const links = [...(e.playwrightReport ? [[e.playwrightReport, 'Playwright report']] : []), ...e.files.map((f) => [f, f])];
  return `<ul class="tight" id="evidence-links">${links.map(([href, text]) => `<li><a href="${esc(href)}">${esc(text)}</a></li>`).join('')}</ul>`;
}

/** The package's mark under the verdict: a certification, or evidence only and why; what it records; who signed it. */
function packageBanner(r: CertificationReport): string {
  const p = r.package;
  const facts = [
    `suite ${p.suiteVersion}`,
    `contract sha256 ${p.contractSha256.slice(0, 12)}…`,
    `deployment ${p.deploymentVersion ?? 'version not given'}`,
    p.signedBy ? `signed by ${p.signedBy.slice(0, 19)}…` : 'not signed',
  ];
  const why = p.status === 'certification' ? '' : ` (not a certification): ${p.reason}`;
  return `<div class="package" id="package" data-package="${p.status}"><strong>Package: ${esc(PACKAGE_STATUS_TEXT[p.status])}</strong>${esc(why)} <span title="${esc(`contract sha256 ${p.contractSha256}${p.signedBy ? `; key ${p.signedBy}` : ''}`)}">· ${esc(facts.join(' · '))}</span></div>`;
}

/** The observed profile: what drifted from the pinned one, every item, and what the run saw beyond the contract. */
function profileSection(r: CertificationReport): string {
  const p = r.profile;
  const profileRows = p.items.map((i) =>
    tr(
      [
        td(i.label),
        `<td><code>${esc(i.clause)}</code></td>`,
        td(i.observed),
        td(i.pinned ?? '—'),
        td(i.source),
        td(`${i.drift ? 'DRIFT: ' : ''}${i.note ?? ''}`),
      ],
      ` data-item="${esc(i.item)}"${i.drift ? ' class="drift"' : ''}`,
    ),
  );
  const driftText = p.drift.length
    ? `<p><strong>${p.drift.length} item(s) drifted from the pinned profile</strong> (an undocumented behaviour a partner's integration may rely on has changed):</p>${list(p.drift.map((d) => `${d.clause}: ${d.message} (pinned: ${d.pinned}; observed: ${d.observed})`))}`
    : `<p>${p.pinned ? 'No drift from the pinned profile.' : 'No pinned profile: nothing to drift from.'}</p>`;
  return `<section id="profile"><h2>Observed profile and drift</h2>
${driftText}
${table(['Item', 'Clause', 'Observed', 'Pinned', 'Source', 'Note'], profileRows, ' id="profile-table"')}
<p>Retry-After: ${esc(p.retryAfter)}</p>
<p>Values beyond those seen: ${p.valuesBeyondSeen.length ? esc(p.valuesBeyondSeen.map((v) => `${v.field} = "${v.value}"`).join(', ')) : 'none'}</p>
<p>Fields the contract does not list: ${p.extraFields.length ? esc(p.extraFields.map((x) => `${x.operation} ${x.field}`).join(', ')) : 'none'}</p>
<details><summary>Observed profile (observed-profile.json, usable as API_PROFILE)</summary><pre>${esc(JSON.stringify(p.observed, null, 2))}</pre></details>
</section>`;
}

/** The fuzz run: its figures, the seeds of its properties, and each failure with its counterexample and replay. */
function fuzzSection(r: CertificationReport): string {
  const f = r.fuzz;
  return f.status === 'not-run'
    ? `<p id="fuzz-status">Not run: ${esc(f.reason ?? '')}.</p>`
    : `<p id="fuzz-status">${esc(`${f.properties} properties: ${f.passed} passed, ${f.failed} failed, ${f.skipped} skipped; ${f.runs === null ? 'runs not recorded' : `${f.runs} generated cases`}.`)}</p>${
        f.seeds.length
          ? `<details><summary>Seeds of ${f.seeds.length} properties</summary>${table(
              ['Property', 'Seed', 'Path', 'Runs'],
              f.seeds.map((s) =>
                tr([td(s.property), `<td><code>${esc(String(s.seed ?? '—'))}</code></td>`, td(s.path ?? '—'), td(String(s.runs ?? '—'))]),
              ),
            )}</details>`
          : ''
      }${f.failures.map((x) => `<div class="failure"><strong>${esc(x.property)}</strong><div>${esc(x.message)}</div>${x.counterexample ? `<div>counterexample: <code>${esc(x.counterexample)}</code></div>` : ''}${x.replay ? `<div>replay:</div><pre>${esc(x.replay)}</pre>` : ''}</div>`).join('')}`;
}

/** The late read (issue 50): what it re-read, after how long, and each change it found, with when first seen. */
function lateReadSection(r: CertificationReport): string {
  const l = r.lateRead;
  if (!l) return '';
  const rows = l.findings.map((f) =>
    tr([
      td(f.clause),
      td(f.binding ? 'failure' : 'observation'),
      td(f.id),
      td(f.where),
      td(f.firstSeenAt),
      td(String(f.afterS)),
      td(f.message),
    ]),
  );
  return `<section id="late-read"><h2>Late read</h2><p id="late-read-summary">${esc(l.sentence)}</p>${
    rows.length ? table(['Clause', 'Kind', 'Record', 'Read', 'First seen', 'After (s)', 'What'], rows) : ''
  }</section>`;
}

/** The requests the suite sent, operation by operation, and what it could not send. */
function requestsSection(r: CertificationReport): string {
  return `<p class="muted">${esc(r.requestCoverage.note)}</p>${table(
    ['Operation', 'Requests', 'Credentials', 'Parameters', 'Invalid values', 'Body', 'Missing'],
    r.requestCoverage.rows.map((row) =>
      tr(
        [
          `<td><code>${esc(row.operation)}</code></td>`,
          td(String(row.requests)),
          `<td>${list(row.credentials, 'none')}</td>`,
          `<td>${list(row.parameters, 'none')}</td>`,
          `<td>${list(row.invalidValues, 'none')}</td>`,
          `<td>${list(row.body, '—')}</td>`,
          `<td>${list(row.missing, 'nothing')}</td>`,
        ],
        ` data-operation="${esc(row.operation)}"${row.missing.length ? ' class="drift"' : ''}`,
      ),
    ),
  )}`;
}

/** The load smoke's scenarios, or why it did not run. */
function loadSection(r: CertificationReport): string {
  return r.load.status === 'not-run'
    ? `<p id="load-status">Not run: ${esc(r.load.reason ?? '')}.</p>`
    : `<p id="load-status">${esc(r.load.reason ?? 'Run.')}</p>${r.load.scenarios.map(loadScenario).join('')}<p class="muted">The load smoke is informative: its figures do not change the verdict.</p>`;
}

/** Each waiver with its state. */
function waiversSection(r: CertificationReport): string {
  return r.waivers.length
    ? table(
        ['Clause', 'State', 'Owner', 'Expires', 'Reason', 'Note'],
        r.waivers.map((w) =>
          tr(
            [`<td><code>${esc(w.clause)}</code></td>`, td(w.state), td(w.owner), td(w.expires), td(w.reason), td(w.note)],
            ` data-waiver="${esc(w.clause)}" data-state="${esc(w.state)}"`,
          ),
        ),
      )
    : '<p>No waivers.</p>';
}

/** The run: target, time, versions, profile, and each phase. */
function runSection(r: CertificationReport): string {
  const phases = table(
    ['Phase', 'Status', 'Duration', 'Detail'],
    r.phases.map((p) => tr([td(p.name), td(p.status), td(durationText(p.durationMs)), td(p.detail)])),
  );
  const p = r.profile;
  return `<section id="run"><h2>Run</h2>
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
</section>`;
}

/** The verdict's header: the package's mark, the counts, the banners, the target and the links. */
function verdictHeader(r: CertificationReport): string {
  const verdictText = r.verdict.toUpperCase();
  const c = r.summary.clauses;
  const e = r.evidence;
  const reportLink = e.playwrightReport ? ` · <a href="${esc(e.playwrightReport)}">Playwright report</a>` : '';
  return `<header class="verdict ${r.verdict}" id="verdict" data-verdict="${r.verdict}">
<h1>Certification verdict: ${verdictText}</h1>
${packageBanner(r)}
<div>${esc(`${c.fail} failing clause(s), ${r.clauses.filter((x) => clauseGroup(x) === 'incomplete').length} not confirmed, ${c.waived} waived, ${r.summary.drift} drift item(s); ${r.summary.tests.total} tests (${r.summary.tests.failed} failed)`)}</div>
${bannerList(r)}
<div class="links">${esc(r.target.baseUrl)}${r.target.bundledReference ? ' (bundled reference server)' : ''} · ${esc(r.finishedAt)}${reportLink} · <a href="#evidence">evidence files</a></div>
</header>`;
}

export function renderHtml(r: CertificationReport): string {
  const verdictText = r.verdict.toUpperCase();
  const c = r.summary.clauses;
  const e = r.evidence;
  const areas = [...new Set(r.clauses.map((row) => clauseArea(row.id)))];
  const toc: Array<[string, string]> = [
    ['clauses', `Clauses (${c.fail} failing)`],
    ...((r.strictness ?? []).length ? [['strictness', `${STRICTNESS_HEADING} (${r.strictness!.length})`] as [string, string]] : []),
    ['profile', 'Observed profile'],
    ['waivers', `Waivers (${r.waivers.length})`],
    ['requests', 'Requests sent'],
    ...(r.lateRead ? ([['late-read', 'Late read']] as Array<[string, string]>) : []),
    ['fuzz', 'Fuzz'],
    ['load', 'Load smoke'],
    ['run', 'Run'],
    ['evidence', 'Evidence'],
  ];

  return `${documentStart(`Certification ${verdictText}: ${r.target.baseUrl}`, `${CSS}\n${filterCss(GROUP_ORDER, areas)}\n${PHONE_CSS}`)}
<body>
${verdictHeader(r)}
<nav class="toc" aria-label="Contents">${toc.map(([id, text]) => `<a href="#${id}">${esc(text)}</a>`).join('')}</nav>
<main>
${clauseSection(r)}
${strictnessSection(r)}
${profileSection(r)}
<section id="waivers"><h2>Waivers</h2>${waiversSection(r)}</section>
<section id="requests"><h2>Requests sent</h2>${requestsSection(r)}</section>
${lateReadSection(r)}
<section id="fuzz"><h2>Fuzz</h2>${fuzzSection(r)}</section>
<section id="load"><h2>Load smoke</h2>${loadSection(r)}</section>
${runSection(r)}
<section id="evidence"><h2>Evidence bundle</h2>
${facts(evidenceRows(e))}
${evidenceLinks(r)}
<details><summary>Configuration (no credentials)</summary><pre>${esc(JSON.stringify(e.config, null, 2))}</pre></details>
</section>
</main>
</body>
</html>
`;
}
