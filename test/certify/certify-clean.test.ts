// A certification of the correct bundled reference, with credentials planted so a leak can be found:
// it passes, writes the three report files and the evidence bundle, the JSON matches its schema, the
// HTML opens in real Chromium without errors, and no credential value is in anything it wrote.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { chromium, type Browser } from 'playwright-core';
import { clauses } from '../../src/contract/clauses/catalogue.ts';
import { encodedForms } from '../../src/config/redact.ts';
import { parseProfile } from '../../src/config/target-profile.ts';
import { validateCertificationReport } from '../../src/report/report-schema.ts';
import { verifyManifest } from '../../src/report/evidence.ts';
import { findK6 } from '../../src/k6/k6-binary.ts';
import { allFiles, ROOT, runCertify, tail, TESTS_DIR, type CertifyRun } from './run-certify.ts';

test.describe.configure({ mode: 'default', timeout: 180_000 });

const PLANTED = { REFERENCE_SUBSCRIPTION_KEY: 'osd-planted-key-7Hq2ZxP4wK', REFERENCE_SECRET: 'osd-planted-secret-Vb9Lm3TcRn' };
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let run: CertifyRun;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  run = await runCertify({ label: 'clean', env: PLANTED });
});

test('a clean certification of the reference passes and writes the three report files', { tag: '@long' }, () => {
  expect(run.exitCode, tail(run)).toBe(0);
  expect(run.report, tail(run)).not.toBeNull();
  expect(run.report!.verdict).toBe('pass');
  expect(run.report!.summary.clauses.fail).toBe(0);
  for (const file of ['index.html', 'certification.md', 'certification.json', 'observed-profile.json', 'manifest.json'])
    expect(() => readFileSync(join(run.out, file)), file).not.toThrow();
  expect(run.output).toMatch(/\[certify 3\/5\] conformance \+ fuzz · \d+\/\d+ tests · /);
  expect(run.output).toContain('Certification PASS');
  // The late read (issue 50) ran on what the run created, and found every record as the service confirmed it.
  expect(run.report!.lateRead?.ran, tail(run)).toBe(true);
  expect(run.report!.lateRead?.records).toBeGreaterThan(0);
  expect(run.report!.lateRead?.findings).toEqual([]);
  expect(run.output).toMatch(/ {2}Late read: re-read \d+ record\(s\) .* each still as confirmed/);
});

test('the load smoke ran with the k6 every command finds (K6_BIN, else PATH) and its figures are in the report, or the banner says it did not run', {
  tag: '@long',
}, () => {
  const k6 = findK6();
  const load = run.report!.load;
  if (!k6.found) {
    // Where no k6 is installed (the user's own install; CI here has none): the report says why, in its banner too.
    expect(load, 'no k6 here: the smoke must say why it did not run').toMatchObject({
      status: 'not-run',
      reason: expect.stringMatching(/^no k6 \(K6_BIN \/ PATH\)/),
    });
    const html = readFileSync(join(run.out, 'index.html'), 'utf8');
    const banner = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(banner).toMatch(/<div id="banner-load">Load smoke not run: no k6 \(K6_BIN \/ PATH\)/);
    const md = readFileSync(join(run.out, 'certification.md'), 'utf8');
    // Markdown-escaped, as every value of the report is (src/report/markdown-escape.ts): K6\_BIN renders as K6_BIN.
    expect(md.slice(0, md.indexOf('| Item |'))).toContain('- Load smoke not run: no k6 (K6\\_BIN / PATH)');
    return;
  }
  expect(load.status, load.reason ?? '').toBe('run');
  const [row] = load.scenarios;
  expect(row).toMatchObject({ scenario: 'pagination', passed: true, valid: true, droppedIterations: 0 });
  expect(row.requests).toBeGreaterThan(20);
  expect(row.p95).toBeGreaterThan(0);
  expect(row.endpoints.length).toBeGreaterThan(0);
  expect(row.thresholds.length).toBeGreaterThan(3);
  const md = readFileSync(join(run.out, 'certification.md'), 'utf8');
  expect(md).toMatch(/### pagination: passed\n\n\d+ requests in .*dropped iterations 0\./);
  expect(md).toContain('| `dropped_iterations` | `count==0` | held |');
  expect(run.report!.evidence.versions.k6).toMatch(/^k6 v\d+\.\d+\.\d+/);
});

test('certification.json validates against schemas/certification-report.schema.json and lists every clause', { tag: '@long' }, () => {
  const check = validateCertificationReport(run.report);
  expect(check.errors).toEqual([]);
  expect(run.report!.clauses.map((c) => c.id)).toEqual(clauses.map((c) => c.id));
  expect(run.report!.schemaDigest).toMatch(/^[0-9a-f]{64}$/);
  expect(run.report!.suite.version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
});

test('discovery writes an observed profile that is a valid target profile and matches the reference', { tag: '@long' }, () => {
  const observed = parseProfile(JSON.parse(readFileSync(join(run.out, 'observed-profile.json'), 'utf8')), 'observed-profile.json');
  const pinned = JSON.parse(readFileSync(join(ROOT, 'reference/profile.json'), 'utf8'));
  expect(observed.cancel).toEqual(pinned.cancel);
  expect(observed.health).toEqual(pinned.health);
  expect(observed.maxLimit).toBe(pinned.maxLimit);
  for (const key of ['create', 'missingCredentials', 'wrongCredentials', 'unknownId', 'cancelNotCancellable'] as const)
    expect(observed.status?.[key], key).toEqual(pinned.status[key]);
  expect(run.report!.profile.drift).toEqual([]);
  expect(run.report!.profile.retryAfter).toMatch(/^not observed/);
});

test('no credential value appears in any file the certification wrote, in any encoding', { tag: '@long' }, () => {
  const forms = Object.values(PLANTED).flatMap(encodedForms);
  const files = allFiles(run.out);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    for (const form of forms) expect(text.includes(form), `${form} in ${file}`).toBe(false);
  }
  for (const form of forms) expect(run.output.includes(form), `${form} in the console output`).toBe(false);
});

test('the evidence bundle has versions, digests and a manifest that verifies', { tag: '@long' }, () => {
  const e = run.report!.evidence;
  expect(e.versions.node).toBe(process.version);
  expect(e.versions.packages['@playwright/test']).toMatch(/^\d+\.\d+\.\d+/);
  expect(e.configDigest).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(e.config)).not.toMatch(/secret|subscriptionKey/i);
  expect(e.requestCount).toBeGreaterThan(50);
  const check = verifyManifest(run.out);
  expect(check).toMatchObject({ ok: true, changed: [], missing: [] });
  for (const file of ['evidence/requests.jsonl', 'evidence/versions.json', 'evidence/config.json', 'certification.json', 'index.html']) {
    expect(JSON.parse(readFileSync(join(run.out, 'manifest.json'), 'utf8')).files.map((f: { path: string }) => f.path)).toContain(file);
  }
  const verify = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/certify.ts', '--verify', run.out], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(verify).toContain('match manifest.json');
});

test.describe('index.html in headless Chromium', { tag: '@long' }, () => {
  let browser: Browser;
  test.beforeAll(async () => {
    test.skip(!existsSync(CHROMIUM), `No ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium; .ci/run does).`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  test.afterAll(async () => browser?.close());

  test('loads from disk with no console errors and no other request, verdict and clause table visible', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`file://${join(run.out, 'index.html')}`);
    await expect(page.locator('#verdict')).toBeVisible();
    await expect(page.locator('#verdict h1')).toHaveText('Certification verdict: PASS');
    await expect(page.locator('#clause-table')).toBeVisible();
    await expect(page.locator('#clause-table tbody tr')).toHaveCount(clauses.length);
    await expect(page.locator('#clause-table tr[data-clause="SUB-CREATE-NO-DEDUP"]')).toHaveAttribute('data-status', 'pass');
    await expect(page.locator('#load-status')).toContainText(/Not run|Run/);
    if (run.report!.load.status === 'run')
      await expect(page.locator('table.load-thresholds[data-scenario="pagination"] tbody tr').first()).toBeVisible();
    mkdirSync(TESTS_DIR, { recursive: true });
    await page.screenshot({ path: join(TESTS_DIR, 'screenshots', 'certification-pass.png'), fullPage: false });
    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    await page.close();
  });

  // Issue 32, item 4: the link pointed into <out>.partial/, the staging folder renamed to <out> when the run ends: a dead
  // link in every report and CI artifact. Followed as a reader would: a click, and Playwright's own report opens.
  test('the "Playwright report" link opens the run\'s Playwright report', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await page.goto(`file://${join(run.out, 'index.html')}`);
    const link = page.locator('#verdict a', { hasText: 'Playwright report' });
    expect(await link.getAttribute('href')).not.toContain('.partial');
    await link.click();
    await page.waitForLoadState('load');
    expect(page.url()).toBe(`file://${join(run.out, run.report!.evidence.playwrightReport!)}`);
    expect(existsSync(new URL(page.url()).pathname), 'the file the link names exists').toBe(true);
    await expect(page).toHaveTitle(/Playwright Test Report/);
    expect(failed).toEqual([]);
    await page.close();
  });
});
