/**
 * Writes the client certification: client-certification.json (checked against its schema first),
 * client-certification.md and index.html, with the service certification's table, list and chart helpers.
 * Every text passes through the redactor on its way out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactDeep } from '../../config/redact.ts';
import { SIGNATURE_FILE } from '../../report/evidence.ts';
import { valueText } from '../../report/format.ts';
import { CSS, documentStart, facts, list, table as htmlTable, td, tr } from '../../report/html-kit.ts';
import { escapeMarkdown as md, fenced, table as mdTable } from '../../report/markdown-escape.ts';
import { validateClientCertificationReport } from '../../report/report-schema.ts';
import { escapeXml as esc, stackedBar } from '../../report/svg-charts.ts';
import { CLIENT_REPORT_FILES, CLIENT_STATUSES, type ClientCertificationReport, type ClientClauseRow } from './report-model.ts';

const LABEL = { pass: 'PASS', fail: 'FAIL', incomplete: 'INCOMPLETE' } as const;
const COLOR = { pass: '#2e7d32', fail: '#c62828', incomplete: '#ef8f00' } as const;

function settingsRows(r: ClientCertificationReport): Array<[string, string]> {
  return [
    ['Session', r.session.file],
    ['Target', `${r.session.target}${r.session.bundledReference ? ' (bundled reference server)' : ''}`],
    ['Time', `${r.session.startedAt} to ${r.session.finishedAt ?? '(the proxy did not stop cleanly; every exchange it saw is recorded)'}`],
    ['Requests', String(r.session.requests)],
    ...(r.session.uncheckedAnswers ? ([['Answers not checked', uncheckedText(r)]] as Array<[string, string]>) : []),
    ['Agreed rate', r.settings.agreedRate === null ? 'not given (--agreed-rate)' : `${r.settings.agreedRate} requests/s`],
    ['Client currency', r.settings.currency ?? "not given: the first create's currency"],
    ['Duplicate window', `${r.settings.duplicateWindowMs / 1000} s`],
    ['Schema digest', r.evidence.schemaDigest],
  ];
}

/** What the report says of answers the proxy recorded unchecked (its queue to the checks full): a visible finding. */
function uncheckedText(r: ClientCertificationReport): string {
  return `${r.session.uncheckedAnswers} of ${r.session.requests} answer(s) were recorded but not checked: the proxy's checks fell behind the traffic (its queue to them was full). Their service findings are unknown, and so are their page sizes (the pagination check reads them).`;
}

/**
 * Findings of one clause written out in the Markdown and HTML reports; the rest are counted there and kept whole in
 * client-certification.json. A client that breaks a duty on every request of a long session (a load run through the
 * proxy) has tens of thousands of findings of one kind: listed in full they made reports of tens of megabytes.
 */
export const FINDINGS_WRITTEN = 20;

/** The requests a report's findings name, by sequence number (looked up once per evidence line). */
const requestRows = new WeakMap<ClientCertificationReport, Map<number, ClientCertificationReport['requests'][number]>>();

function requestText(r: ClientCertificationReport, seq: number): string {
  let rows = requestRows.get(r);
  if (!rows) {
    rows = new Map(r.requests.map((row) => [row.seq, row]));
    requestRows.set(r, rows);
  }
  const row = rows.get(seq);
  return row
    ? `#${row.seq} ${row.at} ${row.request} -> ${row.status ?? row.outcome}${row.outcome === 'answered' ? '' : ` (${row.outcome})`}`
    : `#${seq}`;
}

/** Each finding written out (the first FINDINGS_WRITTEN of the clause) as lines: message, expected, received, evidence. */
function findingLines(r: ClientCertificationReport, c: ClientClauseRow): string[][] {
  return c.findings
    .slice(0, FINDINGS_WRITTEN)
    .map((f) => [
      f.message,
      `expected: ${valueText(f.expected)}`,
      `received: ${valueText(f.received)}`,
      ...f.evidence.map((seq) => `  ${requestText(r, seq)}`),
    ]);
}

/** The line that counts a clause's findings not written out, or null when all are. */
function findingsNotWritten(c: ClientClauseRow): string | null {
  const rest = c.findings.length - FINDINGS_WRITTEN;
  return rest > 0 ? `${rest} more finding(s) of ${c.id}, not written here: every one is in client-certification.json.` : null;
}

export function renderClientMarkdown(r: ClientCertificationReport): string {
  const out = [`# Client certification: ${LABEL[r.verdict]}`, ''];
  for (const reason of r.verdictReasons) out.push(`- ${md(reason)}`);
  if (r.verdictReasons.length) out.push('');
  if (r.session.uncheckedAnswers) out.push(`**Warning:** ${md(uncheckedText(r))}`, '');
  out.push(...mdTable(['Item', 'Value'], settingsRows(r)), '');
  out.push(
    '## Client clauses',
    '',
    `${r.clauses.length} clauses: ${r.summary.pass} pass, ${r.summary.fail} fail, ${r.summary.incomplete} incomplete.`,
    '',
  );
  out.push(
    ...mdTable(
      ['Clause', 'Status', 'Duty', 'What the session showed'],
      r.clauses.map((c) => [{ code: c.id }, LABEL[c.status], c.summary, c.findings[0]?.message ?? c.note]),
    ),
    '',
  );
  const failing = r.clauses.filter((c) => c.findings.length);
  if (failing.length) out.push('## Failures and evidence', '');
  for (const c of failing) {
    out.push(`### ${md(c.id)}`, '', `Contract: ${md(c.contract)}`, '');
    for (const lines of findingLines(r, c)) out.push(...fenced(lines.join('\n')), '');
    const rest = findingsNotWritten(c);
    if (rest) out.push(md(rest), '');
  }
  out.push('## The service during the session', '');
  if (r.session.uncheckedAnswers) out.push(md(uncheckedText(r)), '');
  if (r.service.length)
    out.push(
      "Deviations of the service seen through the proxy (context only: they do not change the client's verdict):",
      '',
      ...mdTable(
        ['Clause', 'Check', 'Answers', 'First'],
        r.service.map((s) => [s.clause, s.check, String(s.count), `#${s.firstSeq}: ${s.firstMessage}`]),
      ),
      '',
    );
  else out.push("Every answer passed the suite's exchange checks.", '');
  out.push(
    '## Evidence bundle',
    '',
    `Folder ${md(r.evidence.directory)}; manifest ${md(r.evidence.manifest)} (check it with \`npm run certify -- --verify <folder>\`${r.evidence.signedBy ? ' and `--public-key <key.pub.pem>`' : ''}). ${r.evidence.signedBy ? `Signed (${md(SIGNATURE_FILE)}) with the key ${md(r.evidence.signedBy)}.` : 'Not signed.'}`,
    '',
    `Files: ${md(r.evidence.files.join(', '))}`,
    '',
  );
  return out.join('\n');
}

function badge(status: ClientClauseRow['status']): string {
  return `<span class="badge" style="background:${COLOR[status]}">${esc(LABEL[status])}</span>`;
}

/**
 * The clause table: fixed column widths, words kept whole (a column too narrow for a word broke it mid-word: "Contrac t",
 * "Statu s"), and on a phone one card per clause, as the certification's clause table does.
 */
const CLIENT_TABLE_CSS = `#client-clause-table{table-layout:fixed}
#client-clause-table th,#client-clause-table td{overflow-wrap:break-word}
#client-clause-table th:nth-child(1){width:17%}#client-clause-table th:nth-child(2){width:10%}
#client-clause-table th:nth-child(3){width:22%}#client-clause-table th:nth-child(4){width:19%}#client-clause-table th:nth-child(5){width:32%}
@media (max-width:760px){
  #client-clause-table,#client-clause-table tbody,#client-clause-table tr,#client-clause-table td{display:block;width:auto}
  #client-clause-table thead{display:none}
  #client-clause-table tr{border:1px solid #ccc;margin:0 0 10px;background:#fff}
  #client-clause-table td{border:0;border-top:1px solid #eee}
  #client-clause-table td::before{content:attr(data-label);display:block;font-size:11px;color:#666;text-transform:uppercase}
}`;

export function renderClientHtml(r: ClientCertificationReport): string {
  const chart = stackedBar(
    CLIENT_STATUSES.map((s) => ({ label: LABEL[s], value: r.summary[s], color: COLOR[s] })),
    { title: 'Client clauses by status', width: 760 },
  );
  const rows = r.clauses.map((c) => {
    const rest = findingsNotWritten(c);
    const findings =
      findingLines(r, c)
        .map((lines) => `<div class="failure"><div>${esc(lines[0])}</div><pre>${esc(lines.slice(1).join('\n'))}</pre></div>`)
        .join('') + (rest ? `<p class="muted">${esc(rest)}</p>` : '');
    return tr(
      [
        `<td data-label="Clause"><code>${esc(c.id)}</code><div class="muted">${esc(c.section)}</div></td>`,
        `<td data-label="Status">${badge(c.status)}</td>`,
        `<td data-label="Duty">${esc(c.summary)}</td>`,
        `<td data-label="Contract" class="muted">${esc(c.contract)}</td>`,
        `<td data-label="Findings and evidence">${findings || esc(c.note)}</td>`,
      ],
      ` data-clause="${esc(c.id)}" data-status="${esc(c.status)}"`,
    );
  });
  const service = r.service.length
    ? htmlTable(
        ['Clause', 'Check', 'Answers', 'First'],
        r.service.map((s) => tr([td(s.clause), td(s.check), td(String(s.count)), td(`#${s.firstSeq}: ${s.firstMessage}`)])),
      )
    : "<p>Every answer passed the suite's exchange checks.</p>";
  const verdictClass = r.verdict === 'pass' ? 'pass' : 'fail';
  return `${documentStart(`Client certification ${LABEL[r.verdict]}`, `${CSS}header.verdict.incomplete{background:${COLOR.incomplete}}${CLIENT_TABLE_CSS}`)}
<body>
<header class="verdict ${r.verdict === 'incomplete' ? 'incomplete' : verdictClass}" id="verdict" data-verdict="${r.verdict}">
<h1>Client certification verdict: ${LABEL[r.verdict]}</h1>
<div>${esc(`${r.summary.fail} failing, ${r.summary.incomplete} incomplete, ${r.summary.pass} passing client clause(s); ${r.session.requests} requests`)}</div>
${r.verdictReasons.length ? `<ul>${r.verdictReasons.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : ''}
${r.session.uncheckedAnswers ? `<p id="unchecked-answers"><strong>Warning:</strong> ${esc(uncheckedText(r))}</p>` : ''}
</header>
<main>
<section id="session"><h2>Session</h2>${facts(settingsRows(r))}</section>
<section id="clauses"><h2>Client clauses</h2>
<figure>${chart}</figure>
${htmlTable(['Clause', 'Status', 'Duty', 'Contract', 'Findings and evidence'], rows, ' id="client-clause-table"')}
</section>
<section id="service"><h2>The service during the session</h2>${r.session.uncheckedAnswers ? `<p>${esc(uncheckedText(r))}</p>` : ''}${service}</section>
<section id="evidence"><h2>Evidence bundle</h2>
${facts([
  ['Folder', r.evidence.directory],
  ['Manifest (SHA-256 of every file)', r.evidence.manifest],
  ['Signature', r.evidence.signedBy ? `${SIGNATURE_FILE}, key ${r.evidence.signedBy}` : 'not signed'],
  ['Node', r.evidence.versions.node],
  ['Suite', r.evidence.versions.suite],
])}
<details><summary>Files</summary>${list(r.evidence.files)}</details>
</section>
</main>
</body>
</html>
`;
}

export function writeClientCertificationReport(
  dir: string,
  report: ClientCertificationReport,
  redact: (text: string) => string = (t) => t,
): string[] {
  const safe = redactDeep(report, redact);
  const check = validateClientCertificationReport(safe);
  if (!check.valid)
    throw new Error(
      `The client certification report does not match schemas/client-certification-report.schema.json: ${check.errors.slice(0, 5).join('; ')}`,
    );
  mkdirSync(dir, { recursive: true });
  const files: Array<[string, string]> = [
    [CLIENT_REPORT_FILES.json, `${JSON.stringify(safe, null, 2)}\n`],
    [CLIENT_REPORT_FILES.markdown, redact(renderClientMarkdown(safe))],
    [CLIENT_REPORT_FILES.html, redact(renderClientHtml(safe))],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return files.map(([name]) => name);
}
