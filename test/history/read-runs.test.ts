// What `npm run history` takes from the folders it is given (src/history/runs.ts, history.ts), on fabricated runs
// (the report fixtures of test/certify): a run found twice counts once, and a requests.jsonl cut short skips its run
// with the reason instead of judging its latency on part of it; with --public-key, only packages that verify are taken;
// a run's load reports (k6's, the Node driver's) show per scenario and engine; a clause failing since an earlier run
// is on the first screen.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildLoadReport } from '../../load/lib/report.ts';
import { normaliseK6Summary } from '../../load/lib/summary.ts';
import { DEFAULT_HISTORY_OPTIONS } from '../../src/history/analyse.ts';
import { writeHistory } from '../../src/history/history.ts';
import { writeManifest } from '../../src/report/evidence.ts';
import { validateCertificationReport } from '../../src/report/report-schema.ts';
import { signManifest } from '../../src/report/signature.ts';
import { verdictReports } from '../certify/report-fixtures.ts';
import { ROOT } from '../certify/run-certify.ts';
import { config, counter, k6Summary, trend } from '../load/fixtures.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';

const ROOT_DIR = join(PROJECT_TEST_OUTPUT, 'history-read-runs');
/** Each test its own folder (tests of one file may run at once). */
let DIR = ROOT_DIR;
test.beforeEach(({}, info) => {
  DIR = join(ROOT_DIR, String(info.testId));
});
const REQUESTS = Array.from({ length: 30 }, (_, i) =>
  JSON.stringify({ at: '2026-01-01T00:00:00.000Z', seq: i + 1, operation: 'offer.list', request: 'GET /offer', status: 200, ms: 10 + i }),
).join('\n');

/** npm run history over `folders`, with the default options, into DIR/out. */
const historyOf = (folders: string[], publicKey: KeyObject | null = null) =>
  writeHistory({ folders, out: join(DIR, 'out'), options: DEFAULT_HISTORY_OPTIONS, publicKey, root: ROOT });

function makeRun(name: string, runId: string, startedAt: string): string {
  const dir = join(DIR, 'runs', name);
  mkdirSync(join(dir, 'evidence'), { recursive: true });
  const report = { ...verdictReports().pass, runId, startedAt };
  expect(validateCertificationReport(report).errors).toEqual([]);
  writeFileSync(join(dir, 'certification.json'), JSON.stringify(report));
  writeFileSync(join(dir, 'evidence', 'requests.jsonl'), `${REQUESTS}\n`);
  return dir;
}

test('a run found twice counts once; a truncated requests.jsonl skips its run, saying why', () => {
  rmSync(DIR, { recursive: true, force: true });
  const first = makeRun('night-1', 'run-1', '2026-01-01T02:00:00.000Z');
  makeRun('night-2', 'run-2', '2026-01-02T02:00:00.000Z');
  const cut = makeRun('night-3', 'run-3', '2026-01-03T02:00:00.000Z');
  writeFileSync(join(cut, 'evidence', 'requests.jsonl'), REQUESTS.slice(0, -15));
  // The first night's artifact, downloaded again beside the folder where runs accumulate.
  cpSync(first, join(DIR, 'downloaded', 'night-1'), { recursive: true });
  const { doc } = historyOf([join(DIR, 'runs'), join(DIR, 'downloaded')]);
  expect(doc.runs.map((r) => r.runId)).toEqual(['run-1', 'run-2']);
  expect(doc.skipped).toEqual([
    { dir: cut, reason: 'its evidence/requests.jsonl line 30 does not read as JSON: truncated?' },
    { dir: join(DIR, 'downloaded', 'night-1'), reason: `the same run as ${first} (run run-1), counted once` },
  ]);
  expect(readFileSync(join(DIR, 'out', 'history.md'), 'utf8')).toContain('counted once');
});

test('a config.json or a load report cut short skips its run, saying why (its pace, or its load figures, would be lost)', () => {
  rmSync(DIR, { recursive: true, force: true });
  makeRun('night-1', 'run-1', '2026-01-01T02:00:00.000Z');
  const config = makeRun('night-2', 'run-2', '2026-01-02T02:00:00.000Z');
  writeFileSync(join(config, 'evidence', 'config.json'), '{"config":{"rate":');
  const load = makeRun('night-3', 'run-3', '2026-01-03T02:00:00.000Z');
  mkdirSync(join(load, 'suite', 'load'), { recursive: true });
  writeFileSync(join(load, 'suite', 'load', 'pagination.json'), '{"schema":"osd-suite/load-report@1","endpo');
  const { doc } = historyOf([join(DIR, 'runs')]);
  expect(doc.runs.map((r) => r.runId)).toEqual(['run-1']);
  expect(doc.skipped).toEqual([
    { dir: config, reason: 'its evidence/config.json does not read as JSON: truncated?' },
    { dir: load, reason: 'its suite/load/pagination.json does not read as JSON: truncated?' },
  ]);
});

test('--public-key: only packages signed with that key whose files all verify are taken, the others skipped saying why', () => {
  rmSync(DIR, { recursive: true, force: true });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519').privateKey;
  const signed = (dir: string, key: KeyObject) => {
    writeManifest(dir);
    signManifest(dir, key);
    return dir;
  };
  const good = signed(makeRun('night-1', 'run-1', '2026-01-01T02:00:00.000Z'), privateKey);
  const unsigned = makeRun('night-2', 'run-2', '2026-01-02T02:00:00.000Z');
  const byAnother = signed(makeRun('night-3', 'run-3', '2026-01-03T02:00:00.000Z'), other);
  const changed = signed(makeRun('night-4', 'run-4', '2026-01-04T02:00:00.000Z'), privateKey);
  writeFileSync(join(changed, 'evidence', 'requests.jsonl'), `${REQUESTS.replace('"ms":10', '"ms":1')}\n`);
  const { doc } = historyOf([join(DIR, 'runs')], publicKey);
  expect(doc.runs.map((r) => r.dir)).toEqual([good]);
  const why = Object.fromEntries(doc.skipped.map((s) => [s.dir, s.reason]));
  expect(why[unsigned]).toMatch(/^does not verify with --public-key: /);
  expect(why[byAnother]).toMatch(/^does not verify with --public-key: /);
  expect(why[changed]).toMatch(
    /^does not verify with --public-key: of the \d+ files manifest\.json lists in .*, 1 changed \(evidence\/requests\.jsonl\)/,
  );
  expect(new Set([why[unsigned], why[byAnother]]).size, 'each says its own reason').toBe(2);
});

test("a run's load reports show per scenario and engine, k6's and the Node driver's, each endpoint's p95", () => {
  rmSync(DIR, { recursive: true, force: true });
  const summary = k6Summary({
    'http_req_duration{scenario:pagination}': trend(12, 40, 80, 300),
    'http_req_duration{scenario:pagination,name:GET /offer,page_size:7}': trend(10, 31, 60, 200),
    'http_reqs{scenario:pagination}': counter(300),
    iterations: counter(300),
  });
  const meta = { runId: 'run-1', k6Version: '1.3.0', generatedAt: '2026-01-01T02:01:00.000Z', startedAt: '2026-01-01T02:00:00.000Z' };
  const dirs = [makeRun('night-1', 'run-1', '2026-01-01T02:00:00.000Z'), makeRun('night-2', 'run-2', '2026-01-02T02:00:00.000Z')];
  dirs.forEach((dir, i) => {
    const report = buildLoadReport(config('pagination'), normaliseK6Summary(summary), summary, {
      ...meta,
      engine: i === 0 ? ('k6' as const) : ('node-driver' as const),
    });
    mkdirSync(join(dir, 'suite', 'load'), { recursive: true });
    writeFileSync(join(dir, 'suite', 'load', 'pagination.json'), JSON.stringify(report));
  });
  const { doc, files } = historyOf([join(DIR, 'runs')]);
  expect(doc.runs.map((r) => r.load.map((l) => [l.scenario, l.engine, l.p95]))).toEqual([
    [['pagination', 'k6', { 'GET /offer limit=7': 31 }]],
    [['pagination', 'node-driver', { 'GET /offer limit=7': 31 }]],
  ]);
  // Another engine is another measure: the second run's latency is not compared with the first's.
  expect(doc.runs[1].notComparable).toMatch(/its load engine is node-driver \(the run before: k6\)/);
  const rows = [...readFileSync(files.html, 'utf8').matchAll(/<table id="load-table">.*?<\/table>/gs)][0]?.[0] ?? '';
  expect(rows).toContain('<td>#2</td><td>pagination (node-driver)</td><td>GET /offer limit=7</td><td>31 ms</td>');
  expect(rows).toContain('<td>#1</td><td>pagination (k6)</td><td>GET /offer limit=7</td><td>31 ms</td>');
});

test('the first screen: what changed in the last run, and each clause still failing with the run it began in', () => {
  rmSync(DIR, { recursive: true, force: true });
  const failing = (dir: string) => {
    const report = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8'));
    const clause = report.clauses.find((c: { status: string }) => c.status === 'pass');
    Object.assign(clause, { status: 'fail', failures: [{ test: 't', check: 'c', message: 'a deviation', drift: false, evidence: null }] });
    report.verdict = 'fail';
    writeFileSync(join(dir, 'certification.json'), JSON.stringify(report));
    return clause.id as string;
  };
  makeRun('night-1', 'run-1', '2026-01-01T02:00:00.000Z');
  const clause = failing(makeRun('night-2', 'run-2', '2026-01-02T02:00:00.000Z'));
  failing(makeRun('night-3', 'run-3', '2026-01-03T02:00:00.000Z'));
  const { files } = historyOf([join(DIR, 'runs')]);
  const header = readFileSync(files.html, 'utf8').match(/<header[^>]*>.*?<\/header>/s)?.[0] ?? '';
  expect(header).toContain('Last run: FAIL');
  expect(header).toContain('<li>nothing changed since the run before</li>');
  expect(header).toContain(`<li>${clause} fails: a deviation; since #2 run-2 (2026-01-02 02:00:00Z)</li>`);
  expect(readFileSync(files.markdown, 'utf8')).toContain(
    `Still failing:\n\n- ${clause} fails: a deviation; since #2 run-2 (2026-01-02 02:00:00Z)`,
  );
});

test('clauses no longer confirmed because another failed: flips of their own, told once per cause; a clause a run left out says nothing', () => {
  rmSync(DIR, { recursive: true, force: true });
  const edit = (
    dir: string,
    change: (report: Record<string, never> & { clauses: Array<Record<string, unknown>>; verdictReasons: string[] }) => void,
  ) => {
    const report = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8'));
    change(report);
    expect(validateCertificationReport(report).errors).toEqual([]);
    writeFileSync(join(dir, 'certification.json'), JSON.stringify(report));
  };
  const passing = (verdictReports().pass.clauses as Array<{ id: string; status: string }>)
    .filter((c) => c.status === 'pass')
    .map((c) => c.id);
  const [cause, blockedA, blockedB, leftOut] = passing;
  expect(leftOut, 'the fixture has four passing clauses').toBeDefined();
  makeRun('night-1', 'run-1', '2026-01-01T02:00:00.000Z');
  // Night 2: one clause fails; two are not confirmed because their tests failed on it; one is left out (--clauses).
  edit(makeRun('night-2', 'run-2', '2026-01-02T02:00:00.000Z'), (r) => {
    for (const c of r.clauses) {
      if (c.id === cause)
        Object.assign(c, {
          status: 'fail',
          verdict: 'fail',
          failures: [{ test: 't', check: 'c', message: 'a deviation', drift: false, evidence: null }],
        });
      if ([blockedA, blockedB, leftOut].includes(c.id as string)) Object.assign(c, { status: 'not-covered', verdict: 'not-covered' });
    }
    r.verdict = 'fail' as never;
    r.verdictReasons = [
      `${cause} fails: a deviation`,
      `${blockedA} not confirmed: its tests failed on ${cause}`,
      `${blockedB} not confirmed: its tests failed on ${cause}`,
      `${leftOut} not confirmed: no test of this run covers it`,
    ];
  });
  makeRun('night-3', 'run-3', '2026-01-03T02:00:00.000Z');
  const { doc, files } = historyOf([join(DIR, 'runs')]);
  expect(doc.flips.map((f) => [f.clause, f.kind, f.cause, f.firstFailedRun, f.recoveredRun]).sort()).toEqual(
    [
      [cause, 'fail', 'a deviation', 'run-2', 'run-3'],
      [blockedA, 'unconfirmed', `its tests failed on ${cause}`, 'run-2', 'run-3'],
      [blockedB, 'unconfirmed', `its tests failed on ${cause}`, 'run-2', 'run-3'],
    ].sort(),
  );
  const flipTable = readFileSync(files.html, 'utf8').match(/<table id="flip-table">.*?<\/table>/s)?.[0] ?? '';
  expect([...flipTable.matchAll(/<tr data-clause="([^"]*)" data-kind="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
    [cause, 'fail'],
    [[blockedA, blockedB].sort().join(' '), 'unconfirmed'],
  ]);
  expect(flipTable).toContain(`not confirmed: their tests failed on ${cause}`);
  expect(readFileSync(files.markdown, 'utf8')).toContain(`not confirmed: their tests failed on ${cause}`);
});
