// The report writers on a synthetic certification: every output matches the published schema, text
// from the target is escaped (never markup), fuzz failures carry their replay command, load figures
// get inline SVG charts, and a missing load run says why.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { assembleReport } from '../../src/certify/assemble-report.ts';
import { clauseResults } from '../../src/report/clause-results.ts';
import { renderHtml } from '../../src/certify/report/html-writer.ts';
import { renderMarkdown } from '../../src/certify/report/markdown-writer.ts';
import type { CertificationReport } from '../../src/certify/report/report-model.ts';
import { validateCertificationReport } from '../../src/report/report-schema.ts';
import { writeCertificationReport } from '../../src/certify/report/write-report.ts';
import MarkdownIt from 'markdown-it';
import { reasonConsoleLines } from '../../src/certify/report/unconfirmed.ts';
import { curlScript } from '../../src/certify/report/curl.ts';
import { cmarkGfm, MARKDOWN_RENDERERS, NO_CMARK_GFM } from '../hostile/markdown-payloads.ts';
import { getClause } from '../../src/contract/clauses/catalogue.ts';
import { quotesOf } from '../../src/contract/clauses/clause.ts';
import {
  BLOCKED_BY_OFFER_SCHEMA,
  catalogueOutcomes,
  HOSTILE,
  inputs,
  oneFaultReport,
  outcomes,
  verdictReports,
} from './report-fixtures.ts';

let report: CertificationReport;
test.beforeAll(() => {
  report = assembleReport(inputs()).report;
});

test('the assembled report matches the published schema and fails on the failing clauses', () => {
  expect(validateCertificationReport(report).errors).toEqual([]);
  expect(report.verdict).toBe('fail');
  expect(
    report.clauses
      .filter((c) => c.status === 'fail')
      .map((c) => c.id)
      .sort(),
  ).toEqual(['SUB-CREATE-ECHO', 'SUB-CREATE-NO-DEDUP']);
  const dedup = report.clauses.find((c) => c.id === 'SUB-CREATE-NO-DEDUP')!;
  expect(dedup.failures[0]).toMatchObject({
    expected: 'two different ids',
    received: ['id-1', 'id-1'],
    evidence: { request: 'POST /subscription', status: 201 },
  });
});

test('fuzz figures: properties, runs, seeds, and each failure with its replay command', () => {
  expect(report.fuzz).toMatchObject({ status: 'run', properties: 2, passed: 1, failed: 1, runs: 150 });
  expect(report.fuzz.seeds.map((s) => s.seed)).toEqual([-123456, 42]);
  expect(report.fuzz.failures).toEqual([
    expect.objectContaining({ property: 'amounts round-trip', seed: -123456, replay: expect.stringContaining('FUZZ_SEED=-123456') }),
  ]);
  expect(renderMarkdown(report)).toContain('FUZZ_SEED=-123456 FUZZ_PATH=0:1:2');
  expect(renderHtml(report)).toContain('FUZZ_SEED=-123456 FUZZ_PATH=0:1:2');
});

test('with no fuzz tests and no seed records, fuzz says so', () => {
  const onlyConformance = outcomes.filter((o) => o.project !== 'fuzz');
  const r = assembleReport(
    inputs({
      clauseReport: { status: 'failed', outcomes: onlyConformance, results: clauseResults(onlyConformance) },
      fuzz: { records: [], notRun: null },
    }),
  ).report;
  expect(r.fuzz).toMatchObject({ status: 'not-run', reason: expect.stringContaining('no property tests') });
  expect(renderHtml(r)).toContain('Not run: the fuzz project has no property tests');
});

test('index.html escapes text from the target and loads nothing from outside', () => {
  const html = renderHtml(report);
  expect(html).not.toContain('<script');
  expect(html).toContain('&lt;script&gt;alert(');
  expect(html).not.toMatch(/\ssrc=/i);
  // Links only within the page, to files beside it (evidence, Playwright report), or a data: download: never a host.
  const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href, href).toMatch(/^(#[\w-]+|data:text\/x-shellscript;charset=utf-8,[^"]+|(?![a-z]+:|\/)[\w./-]+)$/);
  expect(html).not.toMatch(/<link\b|@import|url\(/i);
  expect(html).toContain('Content-Security-Policy" content="default-src \'none\'');
});

test('the request-coverage table is in both writers, each text escaped, an operation with missing cases marked', () => {
  expect(report.requestCoverage.rows[0]).toMatchObject({ operation: 'offer.list', missing: ['credentials:no-key', expect.any(String)] });
  const html = renderHtml(report);
  const section = html.slice(html.indexOf('<section id="requests">'), html.indexOf('<section id="fuzz">'));
  expect(section).toContain('<tr data-operation="offer.list" class="drift">');
  expect(section).toContain('combined:modifiedAfter+offset (2)');
  expect(section).toContain('invalid:limit:&lt;script&gt;');
  expect(section).not.toContain('<script');
  const md = renderMarkdown(report);
  expect(md).toContain('## Requests sent');
  expect(md).toMatch(/\| offer\.list \| 12 \|/);
});

test('load figures get inline SVG charts; every endpoint is a bar group', () => {
  const html = renderHtml(report);
  const section = html.slice(html.indexOf('<section id="load">'), html.indexOf('<section id="evidence">'));
  expect(section.match(/<svg /g)?.length).toBe(1);
  expect(section.match(/<rect /g)?.length).toBe(3 + 2 * 3); // legend + 2 endpoints x (median, p95, p99)
  expect(section).toContain('GET /offer (page 10)');
  expect(section).not.toContain('<script');
});

test("the load smoke's thresholds and dropped iterations are in both writers, a crossed threshold marked", () => {
  const html = renderHtml(report);
  const section = html.slice(html.indexOf('<section id="load">'), html.indexOf('<section id="evidence">'));
  expect(section).toContain('dropped iterations 2');
  expect(section).toContain(
    '<tr><td><code>http_req_duration{scenario:pagination}</code></td><td><code>p(95)&lt;500</code></td><td>held</td></tr>',
  );
  expect(section).toContain(
    '<tr class="drift"><td><code>dropped_iterations{scenario:pagination}</code></td><td><code>count==0</code></td><td>crossed</td></tr>',
  );
  const md = renderMarkdown(report);
  expect(md).toContain('dropped iterations 2');
  expect(md).toMatch(/\| `dropped_iterations\{scenario:pagination\}` \| `count==0` \| crossed \|/);
});

test('a load smoke that did not run says why, in both writers', () => {
  const r = assembleReport(inputs({ load: { status: 'not-run', reason: 'no k6 binary on PATH', scenarios: [] } })).report;
  expect(validateCertificationReport(r).errors).toEqual([]);
  expect(renderHtml(r)).toContain('<p id="load-status">Not run: no k6 binary on PATH.</p>');
  expect(renderMarkdown(r)).toContain('Not run: no k6 binary on PATH.');
});

test('certification.md keeps tables intact and fences evidence safely', () => {
  const md = renderMarkdown(report);
  const tableLines = md.split('\n').filter((l) => l.startsWith('| `SUB-CREATE-NO-DEDUP`'));
  expect(tableLines).toHaveLength(1);
  expect(md).toContain('# Certification: FAIL');
  // The response body holds a ``` run: the fence around it must be longer.
  expect(md).toMatch(/\n {2}````\n {2}POST \/subscription\n/);
});

test("each clause carries the contract's words it enforces: in certification.json, and beside its findings in index.html and certification.md", () => {
  const dedup = report.clauses.find((c) => c.id === 'SUB-CREATE-NO-DEDUP')!;
  expect(dedup.contract).toEqual([...quotesOf(getClause('SUB-CREATE-NO-DEDUP'))]);
  expect(dedup.contract[0]).toMatch(/^Sending identical bodies several times creates several records/);
  // Every binding clause has words; an observe clause has none.
  for (const c of report.clauses) expect(c.contract.length > 0, c.id).toBe(c.kind !== 'observe');
  // index.html: the quote in the clause's row, with its findings.
  const html = renderHtml(report);
  const row = html.slice(html.indexOf('data-clause="SUB-CREATE-NO-DEDUP"'));
  const quoteAt = row.indexOf('<blockquote class="contract"><div class="muted">The contract:</div><p>Sending identical bodies');
  expect(quoteAt).toBeGreaterThan(0);
  expect(quoteAt).toBeLessThan(row.indexOf('two identical bodies returned the same record'));
  // certification.md: under the failing clause's heading, before its findings.
  const md = renderMarkdown(report);
  const section = md.slice(md.indexOf('### SUB-CREATE-NO-DEDUP'));
  expect(section.indexOf('The contract:\n\n> Sending identical bodies several times creates several records')).toBeGreaterThan(0);
  expect(section.indexOf('> Sending identical')).toBeLessThan(section.indexOf('two identical bodies returned the same record'));
});

test("the contract's words are escaped in every writer, a table row stays one line of text, and passages beyond three are folded", () => {
  const words = [
    `Timestamps are in the form <timestamp> ${HOSTILE}`,
    '| offset | number | Zero-based index of the first offer returned |',
    'third',
    'fourth *passage*',
  ];
  const r: CertificationReport = {
    ...report,
    clauses: report.clauses.map((c) => (c.id === 'SUB-CREATE-NO-DEDUP' ? { ...c, contract: words } : c)),
  };
  const html = renderHtml(r);
  expect(html).not.toContain('<script');
  expect(html).toContain('<p>Timestamps are in the form &lt;timestamp&gt; &lt;script&gt;');
  expect(html).toContain('<details><summary>1 more passage(s)</summary><p>fourth *passage*</p></details>');
  const md = renderMarkdown(r);
  expect(md).toContain('<details><summary>1 more passage(s) of the contract</summary>');
  for (const renderer of MARKDOWN_RENDERERS) {
    if (renderer.missing) {
      test.info().annotations.push({ type: renderer.name, description: renderer.missing });
      continue;
    }
    const out = renderer.render(md);
    const from = out.indexOf('SUB-CREATE-NO-DEDUP (FAIL)</h3>');
    const quoted = out.slice(out.indexOf('<blockquote>', from), out.indexOf('</blockquote>', from));
    expect(quoted, renderer.name).toContain('Timestamps are in the form &lt;timestamp&gt; &lt;script&gt;');
    expect(quoted, renderer.name).toContain('| offset | number | Zero-based index of the first offer returned |');
    expect(quoted, renderer.name).not.toContain('<table');
    expect(out, renderer.name).not.toContain('<script');
    expect(out, renderer.name).not.toContain('<em>passage</em>');
  }
});

test('the schema rejects what a consumer could misread', () => {
  const broken: Array<[string, (r: CertificationReport) => void]> = [
    ['an unknown verdict', (r) => ((r as { verdict: string }).verdict = 'maybe')],
    ['a waived clause without a waiver', (r) => (r.clauses[0] = { ...r.clauses[0], status: 'waived', verdict: 'fail', waiver: null })],
    ['a failing clause without a failure', (r) => (r.clauses[0] = { ...r.clauses[0], status: 'fail', verdict: 'fail', failures: [] })],
    ['a digest that is not sha256', (r) => (r.schemaDigest = 'abc')],
    ['an unknown top-level field', (r) => ((r as unknown as Record<string, unknown>).extra = 1)],
  ];
  for (const [what, breakIt] of broken) {
    const copy = structuredClone(report);
    breakIt(copy);
    expect(validateCertificationReport(copy).valid, what).toBe(false);
  }
});

test('the writer redacts on the way out and refuses a report that does not match the schema', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cert-'));
  const secret = 'two identical bodies';
  writeCertificationReport(dir, report, (t) => t.split(secret).join('[REDACTED]'));
  for (const f of ['certification.json', 'certification.md', 'index.html'])
    expect(readFileSync(join(dir, f), 'utf8')).not.toContain(secret);
  const bad = { ...report, verdict: 'maybe' } as unknown as CertificationReport;
  expect(() => writeCertificationReport(dir, bad)).toThrow(/does not match schemas\/certification-report.schema.json/);
});

// Issue 32, item 4: reports that lead with the cause. One fault every test meets (offer prices as strings) fails
// OFFER-SCHEMA, and the tests it stopped leave 41 must clauses unconfirmed for that one reason.
test.describe('one fault, many red tests: the cause once, the unconfirmed clauses folded', () => {
  const r = oneFaultReport();
  const folded = `${BLOCKED_BY_OFFER_SCHEMA.length} clauses not confirmed: their tests failed on OFFER-SCHEMA`;

  test('certification.json keeps one reason per clause, naming the clause its tests failed on', () => {
    expect(validateCertificationReport(r).errors).toEqual([]);
    expect(r.verdictReasons[0]).toMatch(/^OFFER-SCHEMA fails/);
    expect(r.verdictReasons.slice(1)).toEqual(BLOCKED_BY_OFFER_SCHEMA.map((id) => `${id} not confirmed: its tests failed on OFFER-SCHEMA`));
  });

  test("a clause's own test leads its evidence, not the allocations test that met the fault first", () => {
    const failures = r.clauses.find((c) => c.id === 'OFFER-SCHEMA')!.failures;
    expect(failures[0].test).toMatch(/^offer schema ›/);
    expect(failures[1].test).toMatch(/^alloc one per offer ›/);
  });

  test('console: the cause with what it expected and received, then one line for the unconfirmed clauses and their IDs in a few lines', () => {
    const all = reasonConsoleLines(r);
    expect(all[0]).toMatch(/^ {2}- OFFER-SCHEMA fails/);
    const f = r.clauses.find((c) => c.id === 'OFFER-SCHEMA')!.failures.find((x) => x.expected !== undefined)!;
    expect(all.slice(1, 3)).toEqual([`      expected: ${String(f.expected)}`, `      received: ${JSON.stringify(f.received)}`]);
    const lines = [all[0], ...all.slice(3)];
    expect(lines[1]).toBe(`  - ${folded}`);
    expect(lines.length).toBeLessThanOrEqual(2 + Math.ceil(BLOCKED_BY_OFFER_SCHEMA.length / 5));
    expect(
      lines
        .slice(2)
        .map((l) => l.trim())
        .join(' '),
    ).toBe(BLOCKED_BY_OFFER_SCHEMA.join(', '));
    expect(lines.join('\n')).not.toContain('not confirmed: its tests');
  });

  test('certification.md: one folded <details> under the cause, every clause inside it', () => {
    const md = renderMarkdown(r);
    const html = new MarkdownIt({ html: true }).render(md);
    const head = md.slice(0, md.indexOf('| Item |'));
    expect(head.match(/not confirmed/g)).toHaveLength(1);
    expect(head).toContain(`<details><summary>${folded}</summary>`);
    const details = html.slice(html.indexOf('<details>'), html.indexOf('</details>'));
    for (const id of BLOCKED_BY_OFFER_SCHEMA) expect(details).toContain(`<code>${id}</code>`);
  });

  test('index.html: one banner item, folded, its links reaching every clause row', () => {
    const html = renderHtml(r);
    const banner = html.slice(
      html.indexOf('<ol id="banner-unconfirmed">'),
      html.indexOf('</ol>', html.indexOf('<ol id="banner-unconfirmed">')),
    );
    expect(banner.match(/<li/g)).toHaveLength(1);
    expect(banner).toContain(`<li class="folded"><details><summary>${folded}</summary>`);
    for (const id of BLOCKED_BY_OFFER_SCHEMA) expect(banner).toContain(`<a href="#clause-${id}">`);
  });

  test('a --clauses run: the clauses it did not select told once, not one line each', () => {
    const offersOnly = catalogueOutcomes().filter((o) => o.clauses[0].startsWith('OFFER-'));
    const run = assembleReport(
      inputs({ clauseReport: { status: 'passed', outcomes: offersOnly, results: clauseResults(offersOnly) }, failures: [] }),
    ).report;
    // Contract clauses are folded; a security finding (beyond the contract's words) keeps a line of its own.
    const notRun = run.verdictReasons.filter((x) => /^[A-Z0-9-]+ not confirmed: no test of this run covers it$/.test(x));
    expect(notRun.length).toBeGreaterThan(30);
    const lines = reasonConsoleLines(run);
    expect(lines[0]).toBe(`  - ${notRun.length} clauses not confirmed: no test of this run covers it`);
    expect(renderMarkdown(run).match(/clauses not confirmed/g)).toHaveLength(1);
    expect(lines.filter((l) => l.includes('SEC-PARTNER-ISOLATION (security finding'))).toHaveLength(1);
  });
});

test('certification.md gives each failing clause a curl reproduction, fenced so it comes out as it goes in', () => {
  const r = verdictReports().fail;
  const md = renderMarkdown(r);
  const blocks = [...new MarkdownIt().parse(md, {})].filter((t) => t.type === 'fence' && t.info === 'sh').map((t) => t.content);
  for (const id of ['SUB-CREATE-ECHO', 'PAGE-MAX-LIMIT']) {
    const c = r.clauses.find((x) => x.id === id)!;
    const f = c.failures[0];
    const script = curlScript(r.target.baseUrl, f.evidence!, `Reproduces the exchange behind ${id} (${f.test}): ${f.message}`)!;
    expect(blocks, id).toContain(script);
    const section = md.slice(md.indexOf(`### ${id} (FAIL)`));
    expect(section.indexOf('Reproduce (set `API_SUBSCRIPTION_KEY` and `API_SECRET` first):')).toBeLessThan(section.indexOf('- **'));
  }
  expect(blocks[0]).toContain(`-H 'accept: application/json'`);
  expect(blocks[0]).toContain(`'https://staging.example.com/api/subscription?note=it'\\''s'`);
});

test.describe('certification.md as a CI job summary (issue 43, item 6)', () => {
  // Every clause failing, each with 200 findings of a 600-character body: a run with many failures.
  const base = verdictReports().fail;
  const body = JSON.stringify({ detail: 'x'.repeat(580) });
  const many: CertificationReport = {
    ...base,
    clauses: base.clauses.map((c) => ({
      ...c,
      status: 'fail',
      verdict: 'fail',
      failures: Array.from({ length: 200 }, (_, i) => ({
        test: `${c.id} test ${i}`,
        check: 'test',
        message: `${c.id}: finding ${i}`,
        expected: 'number',
        received: '"60.7"',
        drift: false,
        evidence: { request: 'POST /subscription', requestBody: body, status: 200, contentType: 'application/json', responseBody: body },
      })),
    })),
  };
  const md = renderMarkdown(many);

  test('the cause, then each failure with expected / received and its curl, then the clause table folded in <details>', () => {
    const failures = md.indexOf('## Failures and evidence');
    const firstCurl = md.indexOf('```sh');
    const firstExpected = md.indexOf('- expected: `number`');
    const table = md.indexOf('| Clause | Kind |');
    expect(md.indexOf('**Package: Evidence only**')).toBeLessThan(failures);
    expect(failures).toBeLessThan(firstCurl);
    expect(firstCurl).toBeLessThan(firstExpected);
    expect(firstExpected).toBeLessThan(md.indexOf('| Item | Value |'));
    expect(md.lastIndexOf(`<details><summary>The ${many.clauses.length} clauses, one row each</summary>`, table)).toBeGreaterThan(0);
    const html = new MarkdownIt({ html: true }).render(md);
    const folded = html.slice(html.indexOf('<details><summary>The '));
    expect(folded.slice(0, folded.indexOf('</details>'))).toContain('<table>');
    // As GitHub renders a job summary (cmark-gfm): the table inside the fold too.
    if (NO_CMARK_GFM) test.info().annotations.push({ type: 'cmark-gfm', description: NO_CMARK_GFM });
    else {
      // (cmark-gfm's CLI omits raw HTML such as <details> unless --unsafe; GitHub keeps it. The table must still parse.)
      const gfm = cmarkGfm(md);
      expect(gfm).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Clause<\/th>/);
    }
  });

  test(`stays well under GitHub's 1 MiB job-summary limit, saying where the rest is`, () => {
    const bytes = Buffer.byteLength(md);
    console.log(`certification.md with ${many.clauses.length} clauses x 200 findings: ${(bytes / 1024).toFixed(0)} KiB`);
    expect(bytes).toBeLessThan(400 * 1024);
    for (const c of many.clauses) expect(md).toContain(`### ${c.id} (`);
    expect(md).toMatch(/more finding\(s\) of [A-Z0-9-]+: see `certification\.json` and `evidence\/failures\.jsonl`\./);
  });

  test('the curl of a POST says it creates a real record no journal knows about; a GET says nothing of the kind', () => {
    const post = curlScript('http://t.example', { request: 'POST /subscription', requestBody: '{}', status: 200 }, 'x')!;
    expect(post).toMatch(/# WARNING: this POST creates a real record on the target .* that no run journal knows about/);
    expect(post).toContain('`npm run cleanup` will not cancel it');
    expect(curlScript('http://t.example', { request: 'GET /offer', status: 200 }, 'x')).not.toContain('creates a real record');
  });
});

test('strictness findings: their own section in certification.json, index.html and certification.md, with the exchange and its curl, the verdict untouched', () => {
  const { report: lenient, observed } = assembleReport({
    ...inputs(),
    strictness: [
      {
        test: 'refused creates › subscriptionCategory "Retail" <b> (case changed) gets a 4xx and creates nothing',
        clause: 'SUB-CREATE-VALIDATION',
        kind: 'enum-case',
        message: 'subscriptionCategory "Retail" (case changed): accepted (201) and recorded as the same request with the enum\'s spelling',
        evidence: {
          request: 'POST /subscription',
          requestBody: '{"subscriptionCategory":"Retail"}',
          status: 201,
          responseBody: '{"id":"s1"}',
        },
      },
    ],
  });
  expect(validateCertificationReport(lenient).errors).toEqual([]);
  expect(lenient.verdict).toBe(report.verdict);
  // The observed profile pins what the target was lenient with (docs/target-profile.md, strictness).
  expect(observed.strictness).toEqual({ 'enum-case': 'lenient' });
  expect(assembleReport(inputs()).observed.strictness).toBeUndefined();
  expect(lenient.strictness).toMatchObject([{ clause: 'SUB-CREATE-VALIDATION', kind: 'enum-case', evidence: { status: 201 } }]);
  const html = renderHtml(lenient);
  expect(html).toContain('<section id="strictness"><h2>Strictness (1)</h2>');
  expect(html).toContain('&lt;b&gt;');
  expect(html).toMatch(/id="strictness"[\s\S]*reproduce with curl[\s\S]*-X POST/);
  const md = renderMarkdown(lenient);
  expect(md).toContain('## Strictness');
  expect(md).toMatch(/## Strictness[\s\S]*an enum value in another letter case[\s\S]*```sh\n[\s\S]*curl -sS -i [^\n]*-X POST/);
  // Rendered: a heading, the test's title as text (its markup escaped), the curl a code block of its item.
  for (const renderer of MARKDOWN_RENDERERS) {
    if (renderer.missing) {
      test.info().annotations.push({ type: renderer.name, description: renderer.missing });
      continue;
    }
    const out = renderer.render(md);
    const section = out.slice(out.indexOf('Strictness</h2>'));
    expect(section, renderer.name).toContain('&lt;b&gt;');
    expect(section, renderer.name).toMatch(/<li>[\s\S]*<pre><code class="language-sh">#!\/bin\/sh[\s\S]*curl -sS -i/);
  }
  // No strictness: no section.
  expect(renderHtml(report)).not.toContain('id="strictness"');
  expect(renderMarkdown(report)).not.toContain('## Strictness');
});
