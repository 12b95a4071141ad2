/**
 * certification.md: the certification report as Markdown (for a pull request, a ticket, or a CI job
 * summary). Same content as index.html, without charts. Every value goes through markdown-escape.ts: what the
 * target answered renders as text, never as HTML or Markdown (issue 29, item 3).
 */
import { durationText, ms, percent, valueText } from '../../report/format.ts';
import { STATUS_LABEL } from './status-label.ts';
import { type Cell, codeSpan, escapeMarkdown as md, fenced, table } from '../../report/markdown-escape.ts';
import { evidenceRows, PACKAGE_STATUS_TEXT, QUOTES_SHOWN, type CertificationReport, type ClauseRow } from './report-model.ts';
import { escapeXml } from '../../report/svg-charts.ts';
import { curlScript } from './curl.ts';
import { foldUnconfirmed } from './unconfirmed.ts';
import { STRICTNESS_HEADING, STRICTNESS_NOTE } from '../../contract/strictness.ts';

/**
 * The verdict's reasons as a list, the "not confirmed" ones told once per reason with their clauses folded: a
 * `<details>` block (GitHub and GitLab render it; its summary is HTML, so it is escaped as HTML, not as Markdown).
 */
function reasonLines(r: CertificationReport): string[] {
  return foldUnconfirmed(r).flatMap((item) => {
    if ('reason' in item) return [`- ${md(item.reason)}`];
    const g = item.group;
    if (g.ids.length === 1) return [`- ${md(g.sentence)}`];
    return [
      // One line: a line break would end the HTML block, and what follows would be read as Markdown.
      `- <details><summary>${escapeXml(g.sentence.replace(/\s+/g, ' '))}</summary>`,
      '',
      `  ${g.ids.map((id) => codeSpan(id)).join(', ')}`,
      '',
      '  </details>',
    ];
  });
}

/** The first failing exchange of a clause as a curl script (credentials from the caller's environment), fenced. */
function reproduction(c: ClauseRow, baseUrl: string): string[] {
  for (const f of c.failures) {
    const script =
      f.evidence && curlScript(baseUrl, f.evidence, `Reproduces the exchange behind ${c.id} (${f.test}): ${f.message.split('\n')[0]}`);
    if (script) return ['Reproduce (set `API_SUBSCRIPTION_KEY` and `API_SECRET` first):', '', ...fenced(script.trimEnd(), 'sh'), ''];
  }
  return [];
}

/**
 * The contract's words the clause enforces, as a block quote under its statement: the first passages, the others
 * folded. Each passage escaped like any value (a table row's pipes stay text, `<timestamp>` stays text).
 */
function contractLines(c: ClauseRow): string[] {
  if (c.contract.length === 0) return [];
  const quote = (qs: readonly string[]) => qs.flatMap((q, i) => [...(i ? ['>'] : []), `> ${md(q)}`]);
  const rest = c.contract.slice(QUOTES_SHOWN);
  const out = ['The contract:', '', ...quote(c.contract.slice(0, QUOTES_SHOWN)), ''];
  if (rest.length)
    out.push(`<details><summary>${rest.length} more passage(s) of the contract</summary>`, '', ...quote(rest), '', '</details>', '');
  return out;
}

/** Findings of one clause written in full; the others folded (one fault can give a clause dozens). */
const FINDINGS_SHOWN = 3;
/** Findings of one clause in the Markdown at all, and bytes of findings beyond each clause's first: a job summary stays
 * well under GitHub's 1 MiB (certification.json has every finding). */
const FINDINGS_FOLDED = 20;
const FINDINGS_BUDGET = 80_000;

function findingLines(f: ClauseRow['failures'][number]): string[] {
  const out = [`- **${md(f.test)}**${f.drift ? ' (drift from the pinned profile)' : ''}: ${md(f.message)}`];
  if (f.expected !== undefined || f.received !== undefined)
    out.push(`  - expected: ${codeSpan(valueText(f.expected))}`, `  - received: ${codeSpan(valueText(f.received))}`);
  if (f.evidence) {
    const e = f.evidence;
    const lines = [
      `${e.request ?? ''}${e.requestBody ? `\n${e.requestBody}` : ''}`,
      `-> ${e.status ?? '?'} ${e.contentType ?? ''}`,
      e.responseBody ?? '',
    ].filter((l) => l.trim());
    out.push('', ...fenced(lines.join('\n')).map((l) => `  ${l}`));
  }
  return out;
}

/**
 * A clause's failures: its curl, then its first finding always; its next findings while the report's byte budget lasts
 * (the first FINDINGS_SHOWN in full, the others folded), so a run with many failures still gives a job summary GitHub
 * shows in full (its limit is 1 MiB). Every finding is in certification.json and evidence/failures.jsonl.
 */
function failureDetails(c: ClauseRow, baseUrl: string, budget: { left: number }): string[] {
  const out = [`### ${md(c.id)} (${STATUS_LABEL[c.status]})`, '', md(c.summary), '', ...contractLines(c)];
  if (c.waiver) out.push(`Waiver: ${md(c.waiver.state)} — ${md(c.waiver.note)}. Reason: ${md(c.waiver.reason)}`, '');
  // What to run first, then what was found.
  if (c.status === 'fail') out.push(...reproduction(c, baseUrl));
  const shown: string[][] = [];
  const folded: string[][] = [];
  for (const [i, f] of c.failures.slice(0, FINDINGS_FOLDED).entries()) {
    const lines = findingLines(f);
    const bytes = lines.reduce((n, l) => n + l.length + 1, 0);
    if (i > 0 && bytes > budget.left) break;
    budget.left -= bytes;
    (i < FINDINGS_SHOWN ? shown : folded).push(lines);
  }
  out.push(...shown.flat());
  const left = c.failures.length - shown.length - folded.length;
  const rest = left > 0 ? [`${left} more finding(s) of ${md(c.id)}: see \`certification.json\` and \`evidence/failures.jsonl\`.`] : [];
  if (folded.length)
    out.push(
      '',
      `<details><summary>${folded.length} more finding(s) of ${escapeXml(c.id)}</summary>`,
      '',
      ...folded.flat(),
      '',
      '</details>',
    );
  if (rest.length) out.push('', ...rest);
  out.push('');
  return out;
}

/** What the package is: a certification, or evidence only and why (src/certify/certification-package.ts). */
function packageLine(r: CertificationReport): string {
  const p = r.package;
  return `**Package: ${PACKAGE_STATUS_TEXT[p.status]}**${p.status === 'certification' ? '' : ` (not a certification): ${md(p.reason)}`}`;
}

/** The top a CI job summary shows first: the verdict, the package, the reasons, then each failure with expected / received and its curl. */
function verdictLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push(`# Certification: ${r.verdict.toUpperCase()}`, '', packageLine(r), '');
  out.push(...reasonLines(r));
  if (r.load.status === 'not-run') out.push(`- Load smoke not run: ${md(r.load.reason ?? '')}`);
  if (r.verdictReasons.length || r.load.status === 'not-run') out.push('');
  // A CI job summary shows the top first: the cause, then each failure with expected / received and its curl.
  const withFailures = r.clauses.filter((x) => x.failures.length);
  const budget = { left: FINDINGS_BUDGET };
  if (withFailures.length)
    out.push('## Failures and evidence', '', ...withFailures.flatMap((c) => failureDetails(c, r.target.baseUrl, budget)));
  return out;
}

/** The run's facts: target, time, versions, digests, signature, profile, tests. */
function runFactLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push(
    ...table(
      ['Item', 'Value'],
      [
        [
          'Target',
          `${r.target.baseUrl}${r.target.bundledReference ? ' (bundled reference server)' : ''}${r.target.faults.length ? `, fault switches: ${r.target.faults.join(', ')}` : ''}`,
        ],
        ['Time', `${r.startedAt} to ${r.finishedAt}`],
        ['Duration', durationText(r.durationMs)],
        ['Suite version', `${r.suite.name} ${r.suite.version}`],
        ['Deployment version', r.package.deploymentVersion ?? 'not given (--deployment-version)'],
        ['Contract digest (SHA-256)', { code: r.package.contractSha256 }],
        ['Signed by', r.package.signedBy ? { code: r.package.signedBy } : 'not signed (--sign)'],
        ['Schema digest', { code: r.schemaDigest }],
        ['Environment', r.environment],
        ['Run ID', r.runId],
        [
          'Pinned profile',
          r.profile.pinnedPath
            ? `${r.profile.pinnedPath}${r.target.profileName ? ` (${r.target.profileName})` : ''}`
            : 'none (widest reading)',
        ],
        [
          'Tests',
          `${r.summary.tests.total}: ${r.summary.tests.passed} passed, ${r.summary.tests.failed} failed, ${r.summary.tests.skipped} skipped`,
        ],
      ],
    ),
    '',
  );
  return out;
}

/** Each phase of the run. */
function phaseLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push(
    '## Phases',
    '',
    ...table(
      ['Phase', 'Status', 'Duration', 'Detail'],
      r.phases.map((p) => [p.name, p.status, durationText(p.durationMs), p.detail]),
    ),
    '',
  );
  return out;
}

/** Every clause, one row each, folded under its counts. */
function clauseLines(r: CertificationReport): string[] {
  const out: string[] = [];
  const c = r.summary.clauses;
  out.push(
    '## Clauses',
    '',
    `${r.clauses.length} clauses: ${c.pass} pass, ${c.fail} fail, ${c.waived} waived, ${c.observed} observed, ${c['not-testable']} not testable, ${c.skipped} skipped, ${c['not-covered']} not covered.`,
    '',
    // Folded: the table is long (one row per clause) and the failures above already name what a reader acts on.
    `<details><summary>The ${r.clauses.length} clauses, one row each</summary>`,
    '',
  );
  out.push(
    ...table(
      ['Clause', 'Kind', 'Status', 'Tests', 'Notes'],
      r.clauses.map((x) => [
        { code: x.id },
        x.kind,
        STATUS_LABEL[x.status],
        x.tests.length ? x.tests.join('; ') : '—',
        [
          x.failures[0]?.message,
          ...x.notes,
          ...x.observations.slice(0, 3),
          x.observations.length > 3 ? `(+${x.observations.length - 3} more observations)` : undefined,
        ]
          .filter(Boolean)
          .join(' · ') || '—',
      ]),
    ),
    '',
    '</details>',
    '',
  );
  return out;
}

/** The observed profile: what drifted from the pinned one, every item, and what the run saw beyond the contract. */
function profileLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push('## Observed profile and drift', '');
  out.push(
    r.profile.drift.length
      ? `**${r.profile.drift.length} item(s) drifted from the pinned profile:**`
      : r.profile.pinned
        ? 'No drift from the pinned profile.'
        : 'No pinned profile: nothing to drift from.',
    '',
  );
  for (const d of r.profile.drift)
    out.push(`- ${codeSpan(d.clause)} ${md(d.message)} (pinned: ${md(d.pinned)}; observed: ${md(d.observed)})`);
  if (r.profile.drift.length) out.push('');
  out.push(
    ...table(
      ['Item', 'Clause', 'Observed', 'Pinned', 'Source', 'Note'],
      r.profile.items.map((i) => [i.label, i.clause, i.observed, i.pinned ?? '—', i.source, `${i.drift ? 'DRIFT ' : ''}${i.note ?? ''}`]),
    ),
    '',
  );
  out.push(`Retry-After: ${md(r.profile.retryAfter)}`, '');
  out.push(
    `Values beyond those seen: ${r.profile.valuesBeyondSeen.length ? r.profile.valuesBeyondSeen.map((v) => `${md(v.field)} = "${md(v.value)}"`).join(', ') : 'none'}`,
    '',
  );
  out.push(
    `Fields the contract does not list: ${r.profile.extraFields.length ? r.profile.extraFields.map((f) => `${md(f.operation)} ${md(f.field)}`).join(', ') : 'none'}`,
    '',
  );
  out.push(
    'Observed profile (`observed-profile.json`, usable as `API_PROFILE`):',
    '',
    ...fenced(JSON.stringify(r.profile.observed, null, 2), 'json'),
    '',
  );
  return out;
}

/** Each waiver with its state. */
function waiverLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push('## Waivers', '');
  if (r.waivers.length)
    out.push(
      ...table(
        ['Clause', 'State', 'Owner', 'Expires', 'Reason', 'Note'],
        r.waivers.map((w) => [w.clause, w.state, w.owner, w.expires, w.reason, w.note]),
      ),
      '',
    );
  else out.push('No waivers.', '');
  return out;
}

/** The requests the suite sent, operation by operation, and what it could not send. */
function requestLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push('## Requests sent', '', md(r.requestCoverage.note), '');
  out.push(
    ...table(
      ['Operation', 'Requests', 'Credentials', 'Parameters', 'Invalid values', 'Body', 'Missing'],
      r.requestCoverage.rows.map((row) => [
        row.operation,
        String(row.requests),
        row.credentials.join(', '),
        row.parameters.join(', '),
        row.invalidValues.join(', '),
        row.body.join(', '),
        row.missing.join(', ') || '—',
      ]),
    ),
    '',
  );
  return out;
}

/** The late read (issue 50): what it re-read, after how long, and each change it found, with when first seen. */
function lateReadLines(r: CertificationReport): string[] {
  const l = r.lateRead;
  if (!l) return [];
  const out = ['## Late read', '', md(l.sentence), ''];
  if (l.findings.length)
    out.push(
      ...table(
        ['Clause', 'Kind', 'Record', 'Read', 'First seen', 'After (s)', 'What'],
        l.findings.map((f) => [f.clause, f.binding ? 'failure' : 'observation', f.id, f.where, f.firstSeenAt, String(f.afterS), f.message]),
      ),
      '',
    );
  return out;
}

/** The fuzz run: its figures, the seeds of its properties, and each failure with its replay. */
function fuzzLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push('## Fuzz', '');
  const f = r.fuzz;
  if (f.status === 'not-run') out.push(`Not run: ${md(f.reason ?? 'no reason given')}.`, '');
  else {
    out.push(
      `${f.properties} properties: ${f.passed} passed, ${f.failed} failed, ${f.skipped} skipped; ${f.runs === null ? 'runs not recorded' : `${f.runs} generated cases`}.`,
      '',
    );
    if (f.seeds.length)
      out.push(
        ...table(
          ['Property', 'Seed', 'Path', 'Runs'],
          f.seeds.map((s) => [s.property, String(s.seed ?? '—'), s.path ?? '—', String(s.runs ?? '—')]),
        ),
        '',
      );
    for (const x of f.failures)
      out.push(
        `- **${md(x.property)}**: ${md(x.message)}${x.counterexample ? ` — counterexample ${codeSpan(x.counterexample)}` : ''}`,
        ...(x.replay ? fenced(x.replay, 'sh').map((l) => `  ${l}`) : []),
      );
    if (f.failures.length) out.push('');
  }
  return out;
}

/** The load smoke's scenarios, or why it did not run. */
function loadLines(r: CertificationReport): string[] {
  const out: string[] = [];
  out.push('## Load smoke', '');
  if (r.load.status === 'not-run') out.push(`Not run: ${md(r.load.reason)}.`, '');
  else {
    if (r.load.reason) out.push(md(r.load.reason), '');
    for (const s of r.load.scenarios) {
      out.push(`### ${md(s.scenario)}: ${s.passed ? 'passed' : 'did not pass'}${s.valid ? '' : ' (invalid run)'}`, '');
      out.push(
        `${s.requests} requests in ${durationText(s.durationMs)} (${s.requestsPerSecond.toFixed(1)}/s), errors ${percent(s.errorRate)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, 429s ${s.rateLimited}, dropped iterations ${s.droppedIterations}.`,
        '',
      );
      for (const reason of s.reasons) out.push(`- ${md(reason)}`);
      if (s.thresholds.length)
        out.push(
          '',
          ...table(
            ['Threshold on', 'Rule', 'Result'],
            s.thresholds.map((t) => [{ code: t.metric }, { code: t.expression }, t.ok ? 'held' : 'crossed']),
          ),
        );
      if (s.endpoints.length)
        out.push(
          '',
          ...table(
            ['Endpoint', 'Requests', 'Median', 'p95', 'p99', 'Max'],
            s.endpoints.map((e) => [e.name, String(e.count), ms(e.med), ms(e.p95), ms(e.p99), ms(e.max)]),
          ),
        );
      out.push('');
    }
  }
  return out;
}

/** The evidence bundle: its files and the configuration (no credentials). */
function evidenceLines(r: CertificationReport): string[] {
  const out: string[] = [];
  const e = r.evidence;
  out.push('## Evidence bundle', '');
  out.push(
    ...table(
      ['Item', 'Value'],
      evidenceRows<Cell>(e, (t) => ({ code: t })),
    ),
    '',
    'Configuration (no credentials):',
    '',
    ...fenced(JSON.stringify(e.config, null, 2), 'json'),
    '',
    `Files: ${md(e.files.join(', '))}`,
    '',
  );
  return out;
}

/** Strictness findings written in full (with the exchange and its curl); the others listed by their line. */
const STRICTNESS_SHOWN = 10;

/** The Strictness section: every finding under its clause, the first ones with the exchange and its curl. */
function strictnessLines(r: CertificationReport): string[] {
  const rows = r.strictness ?? [];
  if (rows.length === 0) return [];
  const out = [`## ${STRICTNESS_HEADING}`, '', md(STRICTNESS_NOTE), ''];
  rows.forEach((x, i) => {
    out.push(`- ${codeSpan(x.clause)}${x.test ? ` **${md(x.test)}**` : ''}: ${md(x.title ? `${x.title}: ${x.message}` : x.message)}`);
    if (i >= STRICTNESS_SHOWN || !x.evidence) return;
    const script = curlScript(
      r.target.baseUrl,
      x.evidence,
      `Reproduces the exchange behind a strictness finding of ${x.clause}: ${x.message}`,
    );
    if (script) out.push('', ...fenced(script.trimEnd(), 'sh').map((l) => `  ${l}`), '');
  });
  out.push('');
  return out;
}

export function renderMarkdown(r: CertificationReport): string {
  return [
    ...verdictLines(r),
    ...strictnessLines(r),
    ...runFactLines(r),
    ...phaseLines(r),
    ...clauseLines(r),
    ...profileLines(r),
    ...waiverLines(r),
    ...requestLines(r),
    ...lateReadLines(r),
    ...fuzzLines(r),
    ...loadLines(r),
    ...evidenceLines(r),
  ].join('\n');
}
