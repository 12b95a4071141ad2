// The Node-side runners: one clear sentence and a non-zero exit for bad arguments, install
// instructions without k6, and load:compare / load:baseline on fabricated reports.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { parseK6Version } from '../../src/k6/k6-process.ts';
import { runOutcome } from '../../src/k6/outcome.ts';
import { EXIT_CODES } from '../../src/config/exit-codes.ts';
import { buildLoadReport } from '../../load/lib/report.ts';
import { normaliseK6Summary } from '../../load/lib/summary.ts';
import { config, counter, k6Summary, rate, trend } from '../load/fixtures.ts';
import { loadCoverageEnv } from '../load/load-coverage.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function cli(script: string, args: string[], env: Record<string, string> = {}) {
  // PATH holds only node's folder: no k6, whatever the machine has installed.
  const out = spawnSync(process.execPath, [TSX, join(ROOT, 'src', 'cli', script), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // Load code these commands run counts in npm test's load coverage (test/load/load-coverage.ts).
    env: { PATH: dirname(process.execPath), HOME: process.env.HOME ?? '/tmp', ...loadCoverageEnv(), ...env },
    timeout: 60_000,
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

const BAD_ARGS: Array<{ script: string; args: string[]; env?: Record<string, string>; says: string }> = [
  {
    script: 'load.ts',
    args: ['nope'],
    says: 'Unknown scenario "nope" for npm run load: choose one of pagination, polling, subscriptions, rate-probe.',
  },
  { script: 'load.ts', args: [], says: 'Name a scenario: npm run load -- <pagination|polling|subscriptions|rate-probe>.' },
  { script: 'load-compare.ts', args: [], says: 'Give the run report and optionally the baseline' },
  {
    script: 'load-compare.ts',
    args: ['reports/load/no-such-run.json'],
    says: 'reports/load/no-such-run.json; run npm run load -- <scenario> first, then compare its report.',
  },
  { script: 'load-baseline.ts', args: [], says: 'Name the run to record' },
  {
    script: 'load-baseline.ts',
    args: ['paginaton'],
    says: 'Unknown scenario "paginaton" for npm run load:baseline: choose one of pagination, polling, subscriptions, rate-probe, or give a run report\'s path (reports/load/<scenario>.json).',
  },
  // k6's plan shortcuts would run the scripts outside their arrival rate (they export no default): refused before k6 is
  // looked for (without the refusal: exit 3 here, and k6's own error where there is one).
  {
    script: 'load.ts',
    args: ['pagination', '--duration', '30s'],
    says: "k6's --duration would replace the scenario's own plan (an arrival rate held under API_RATE) with k6's default scenario, which these scripts do not run: set LOAD_DURATION and the scenario's rate instead",
  },
  { script: 'load.ts', args: ['polling', '-q', '-i10'], says: "k6's -i would replace the scenario's own plan" },
  { script: 'load.ts', args: ['pagination', '--stage=10s:5'], says: "k6's --stage would replace the scenario's own plan" },
  { script: 'load.ts', args: ['polling'], env: { K6_DURATION: '1m' }, says: "K6_DURATION would replace the scenario's own plan" },
  { script: 'load-contract.ts', args: [], env: { K6_ITERATIONS: '5' }, says: "K6_ITERATIONS would replace the scenario's own plan" },
  {
    script: 'load-contract.ts',
    args: ['subscriptions'],
    says: 'Unknown scenario "subscriptions" for npm run load:contract (read-only scenarios only)',
  },
];

for (const c of BAD_ARGS) {
  const env = Object.entries(c.env ?? {}).map(([k, v]) => `${k}=${v} `);
  test(`${env.join('')}${c.script} ${c.args.join(' ') || '(no arguments)'}: one sentence, exit 2`, () => {
    const r = cli(c.script, c.args, c.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(c.says);
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => l.trim() !== ''),
    ).toHaveLength(1);
  });
}

test('without k6, npm run load says how to install it and exits 3; a K6_BIN naming no k6 is a bad setting, exit 2 in one sentence', () => {
  const r = cli('load.ts', ['pagination']);
  expect(r.code).toBe(3);
  expect(r.stderr).toContain('no k6 (K6_BIN / PATH): K6_BIN is not set and there is no k6 on PATH.');
  expect(r.stderr).toContain("Install k6 (v1.x or v2.x) from Grafana's own packages");
  expect(r.stderr).toContain('This project never downloads or builds k6 itself.');
  const named = cli('load.ts', ['polling'], { K6_BIN: '/nonexistent/k6' });
  expect(named.code, 'as check:k6 gives for it').toBe(2);
  expect(named.stderr.trim()).toBe('K6_BIN names "/nonexistent/k6", which is not an executable file.');
});

test('a remote environment or credentials without API_BASE_URL are refused before k6 starts: one sentence, exit 2', () => {
  // A stand-in k6 that would only say its version: the refusal must come first.
  const dir = mkdtempSync(join(tmpdir(), 'fake-k6-'));
  const k6 = join(dir, 'k6');
  writeFileSync(k6, '#!/bin/sh\necho "k6 v1.3.0 (fake)"\n');
  chmodSync(k6, 0o755);
  const production = cli('load.ts', ['subscriptions'], { K6_BIN: k6, API_ENVIRONMENT: 'production' });
  expect(production.code).toBe(2);
  expect(production.stderr).toContain('API_ENVIRONMENT=production names a remote target, but API_BASE_URL is not set');
  const credentials = cli('load.ts', ['pagination'], { K6_BIN: k6, API_SECRET: 'osd-planted-secret-55' });
  expect(credentials.code).toBe(2);
  expect(credentials.stderr).toContain('API_SECRET is set, but API_BASE_URL is not');
  expect(credentials.stderr + credentials.stdout).not.toContain('osd-planted-secret-55');
  rmSync(dir, { recursive: true, force: true });
});

test('k6 versions are read from `k6 version`', () => {
  expect(parseK6Version('k6 v1.3.0 (commit/abc, go1.24.4, linux/amd64)')).toBe('1.3.0');
  expect(parseK6Version('k6 v2.2.0-rc1 (go1.25)')).toBe('2.2.0-rc1');
  expect(parseK6Version('nothing')).toBeNull();
});

function writeReport(dir: string, name: string, p95: number, dropped = 0): string {
  const data = k6Summary({
    'http_req_duration{scenario:pagination}': trend(p95 / 2, p95, p95 * 2, 300),
    'http_req_duration{scenario:pagination,name:GET /offer,page_size:7}': trend(p95 / 2, p95, p95 * 2, 300),
    'http_reqs{scenario:pagination}': counter(300),
    'http_req_failed{scenario:pagination}': rate(0, 300),
    'checks{scenario:pagination}': rate(300, 0),
    iterations: counter(300),
    ...(dropped > 0 ? { dropped_iterations: counter(dropped, 10, { 'count==0': { ok: false } }) } : {}),
  });
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(data), data, {
    engine: 'k6',
    runId: name,
    k6Version: '1.3.0',
    generatedAt: '2026-01-01T00:00:00Z',
    startedAt: null,
  });
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(report));
  return path;
}

test('load:baseline records a passing run and refuses an invalid one; load:compare flags a regression', () => {
  const dir = mkdtempSync(join(tmpdir(), 'load-compare-'));
  const base = writeReport(dir, 'base', 100);
  const same = writeReport(dir, 'same', 104);
  const slow = writeReport(dir, 'slow', 125);
  const invalid = writeReport(dir, 'invalid', 90, 5);
  const baselineFile = join(dir, 'baseline.json');

  const refused = cli('load-baseline.ts', [invalid]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('is invalid (5 dropped iterations) and cannot be a baseline');

  // Recording writes load/baselines/<scenario>.json; here it is compared against explicitly instead.
  const ok = cli('load-compare.ts', [same, base], { REPORTS_DIR: dir });
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain('pagination: PASS');
  writeFileSync(baselineFile, readFileSync(base, 'utf8'));
  const regressed = cli('load-compare.ts', [slow, baselineFile], { REPORTS_DIR: dir });
  expect(regressed.code).toBe(1);
  expect(regressed.stdout).toContain('REGRESSION');
  expect(readFileSync(join(dir, 'perf-regression', 'pagination.md'), 'utf8')).toContain('p95 latency of scenario regressed');
  expect(existsSync(join(dir, 'perf-regression', 'pagination.html'))).toBe(true);
  const inv = cli('load-compare.ts', [invalid, base], { REPORTS_DIR: dir });
  expect(inv.code).toBe(1);
  expect(inv.stdout).toContain('INVALID');
});

test('load:compare with no baseline for its scenario says in one sentence how to record one, and exits as the README table says', () => {
  const dir = mkdtempSync(join(tmpdir(), 'load-compare-'));
  const data = k6Summary({ iterations: counter(10) });
  const report = buildLoadReport(config('subscriptions'), normaliseK6Summary(data), data, {
    engine: 'k6',
    runId: 'r',
    k6Version: '1.3.0',
    generatedAt: '2026-01-01T00:00:00Z',
    startedAt: null,
  });
  const path = join(dir, 'subscriptions.json');
  writeFileSync(path, JSON.stringify(report));
  // The project ships baselines for pagination and polling only (test/load/baselines.test.ts).
  expect(existsSync(join(ROOT, 'load', 'baselines', 'subscriptions.json'))).toBe(false);
  const out = cli('load-compare.ts', [path], { REPORTS_DIR: dir });
  expect(out.code).toBe(EXIT_CODES.usage);
  expect(out.stdout).toBe('');
  const said = out.stderr.trim().replace(/^Configuration error: /, '');
  expect(said).toMatch(
    /^There is no baseline for subscriptions at \S+\/load\/baselines\/subscriptions\.json; record one from a passing k6 run of your target: npm run load -- subscriptions && npm run load:baseline -- subscriptions\.$/,
  );
  expect(said.split('\n')).toHaveLength(1);
  expect(existsSync(join(dir, 'perf-regression'))).toBe(false);
  // Recipe 3 says this code, and the README's table gives it to a configuration error.
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  expect(readme).toMatch(new RegExp(`for a scenario\\s+with none, \`load:compare\` says in one sentence how, and exits ${out.code}\\)`));
  expect(readme).toMatch(new RegExp(`^\\| ${out.code} \\| usage or configuration error`, 'm'));
});

test("load:compare links k6's dashboard report of the run when the run wrote one, relative to the report", () => {
  const dir = mkdtempSync(join(tmpdir(), 'load-compare-'));
  const base = writeReport(dir, 'base', 100);
  mkdirSync(join(dir, 'runs'));
  const current = writeReport(join(dir, 'runs'), 'current', 101);
  const out = join(dir, 'out');
  const without = cli('load-compare.ts', [current, base], { REPORTS_DIR: out });
  expect(without.code, without.stderr).toBe(0);
  expect(readFileSync(join(out, 'perf-regression', 'pagination.html'), 'utf8')).not.toContain('k6-dashboard');
  writeFileSync(join(dir, 'runs', 'current.dashboard.html'), '<!doctype html><title>k6 report</title>');
  const linked = cli('load-compare.ts', [current, base], { REPORTS_DIR: out });
  expect(linked.code, linked.stderr).toBe(0);
  expect(readFileSync(join(out, 'perf-regression', 'pagination.html'), 'utf8')).toContain(
    '<a id="k6-dashboard" href="../../runs/current.dashboard.html">',
  );
  expect(readFileSync(join(out, 'perf-regression', 'pagination.md'), 'utf8')).toContain(
    "k6's own dashboard report of the current run: [../../runs/current.dashboard.html](../../runs/current.dashboard.html)",
  );
});

test('the run verdict comes from the report; k6 exit codes only say how far k6 got', () => {
  const data = k6Summary({ 'http_reqs{scenario:pagination}': counter(10) });
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(data), data, {
    engine: 'k6',
    runId: 'r',
    k6Version: null,
    generatedAt: 'x',
    startedAt: null,
  });
  expect(runOutcome(0, report).exitCode).toBe(0);
  expect(runOutcome(107, null)).toEqual({ exitCode: 107, lines: ['k6 exited with code 107 (script error) and wrote no report.'] });
  expect(runOutcome(105, report).exitCode).toBe(1);
  expect(runOutcome(105, report, true).exitCode).toBe(0);
  expect(runOutcome(0, { ...report, verdict: { ...report.verdict, valid: false, passed: false } }).lines[0]).toBe(
    'load pagination: INVALID',
  );
});

test('reports/load/ is part of the repository, so a plain `k6 run load/<scenario>.ts` has a folder to write to', () => {
  // k6 creates no folders: without this one, handleSummary's files would be lost (k6 only logs an error).
  const tracked = spawnSync('git', ['ls-files', '--error-unmatch', 'reports/load/.gitkeep'], { cwd: ROOT, encoding: 'utf8' });
  expect(tracked.status, tracked.stderr).toBe(0);
});

test('npm run check:k6 says which k6 would run, how to get one when there is none (exit 3), and refuses a wrong K6_BIN (exit 2)', () => {
  const none = cli('check-k6.ts', []);
  expect(none.code).toBe(3);
  expect(none.stderr).toContain('no k6 (K6_BIN / PATH)');
  expect(none.stderr).toContain('brew install k6');
  const wrong = cli('check-k6.ts', [], { K6_BINS: '/nonexistent/k6' });
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('K6_BINS names "/nonexistent/k6", which is not an executable file.');
  // K6_BIN the same: the code --help gives for it (issue 43, item 7: it gave 3).
  const wrongBin = cli('check-k6.ts', [], { K6_BIN: '/nonexistent/k6' });
  expect(wrongBin.code).toBe(2);
  expect(wrongBin.stderr).toContain('K6_BIN names "/nonexistent/k6"');
  const dir = mkdtempSync(join(tmpdir(), 'check-k6-'));
  const fake = (name: string, says: string): string => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\necho "${says}"\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const v2 = fake('k6', 'k6 v2.2.0 (go1.25, linux/amd64)');
  const found = cli('check-k6.ts', [], { PATH: `${dir}:${dirname(process.execPath)}` });
  expect(found.code, found.stderr).toBe(0);
  expect(found.stdout).toBe(`k6 v2.2.0 at ${v2} (from K6_BIN or PATH)\n`);
  const old = cli('check-k6.ts', [], { K6_BIN: fake('k6-old', 'k6 v0.49.0 (go1.21, linux/amd64)') });
  expect(old.code).toBe(2);
  expect(old.stdout).toContain('not a version the scripts support (k6 1.x or 2.x)');
  expect(cli('check-k6.ts', ['--bogus']).code).toBe(2);
});
