// `npm run load` asks the target certify's preflight questions before k6 starts (issue 28 item 4): an unreachable
// host, wrong credentials and a wrong base path each give one sentence and exit 2, in under 2 s (the preflight
// itself, timed in this process; the command beyond Node's start-up, timed as a user runs it), and the last
// report under the report folder stays as it was. K6_BIN names a stand-in that writes down every call: it must
// not be called at all (not even `k6 version`), so these hold on a machine without k6 as on one with it. The
// preflight comes before the k6 lookup: a wrong configuration is said whether or not k6 is installed.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { readLoadConfig } from '../../load/lib/config.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { preflightTarget } from '../../src/k6/preflight.ts';
import { ConfigError } from '../../src/config/config-error.ts';
import { loadProfile } from '../../src/config/target-profile.ts';
import { closedPort } from '../closed-port.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROFILE = join(ROOT, 'reference', 'profile.json');
const PLANTED = { subscriptionKey: 'osd-planted-preflight-key-7Hq2', secret: 'osd-planted-preflight-secret-3Vn8' };
const OLD_REPORT = '{"schema":"osd-suite/load-report@1","note":"the last good run"}';

/** A k6 stand-in that appends its arguments to `calls` and says a version. */
function stubK6(dir: string): { bin: string; calls: string } {
  const bin = join(dir, 'k6');
  const calls = join(dir, 'calls.txt');
  writeFileSync(bin, `#!/bin/sh\necho "$@" >> '${calls}'\necho "k6 v1.3.0 (stub)"\n`);
  chmodSync(bin, 0o755);
  return { bin, calls };
}

/** A loopback port nothing listens on (taken from the OS, then let go). */
/** npm run load -- <scenario>, as a user runs it (async: the reference answers from this process). */
function load(
  env: Record<string, string>,
  scenario = 'pagination',
  command = 'load.ts',
): Promise<{ code: number | null; stderr: string; stdout: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli', command), scenario], {
    cwd: ROOT,
    env: { PATH: dirname(process.execPath), HOME: process.env.HOME ?? '/tmp', API_PROFILE: PROFILE, API_ENVIRONMENT: 'local', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Math.round(performance.now() - started) })),
  );
}

function reportDirWithLastRun(): string {
  const parent = join(ROOT, 'reports', 'project-tests', 'load-preflight');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  writeFileSync(join(dir, 'pagination.json'), OLD_REPORT);
  writeFileSync(join(dir, 'pagination.junit.xml'), '<testsuites/>');
  return dir;
}

test.describe('npm run load: preflight of the target before k6', () => {
  // One command at a time: the 2 s are the command's own, not shared with a sibling's start-up.
  test.describe.configure({ mode: 'serial' });
  let ref: Awaited<ReturnType<typeof startReferenceServer>>;
  test.beforeAll(async () => {
    ref = await startReferenceServer({ port: 0, rateLimit: false, credentials: PLANTED });
  });
  test.afterAll(async () => {
    await ref?.close();
  });

  // Each with the exit code of its kind (src/config/exit-codes.ts): 5 retry later, 6 renew the credentials, 2 fix the job.
  const CASES: Array<{ what: string; target: () => Promise<Record<string, string>>; says: RegExp; code: number }> = [
    {
      what: 'an unreachable host',
      target: async () => ({ API_BASE_URL: `http://127.0.0.1:${await closedPort()}`, ...creds(PLANTED) }),
      says: /^Target unavailable: The target http:\/\/127\.0\.0\.1:\d+ cannot be reached: .*ECONNREFUSED/,
      code: 5,
    },
    {
      what: 'wrong credentials',
      target: async () => ({ API_BASE_URL: ref.url, ...creds({ ...PLANTED, secret: 'not-the-secret-of-this-target' }) }),
      says: /^Credentials refused: The target http:\/\/127\.0\.0\.1:\d+ refused the credentials \(HTTP 401 on GET \/offer\); check API_SUBSCRIPTION_KEY and API_SECRET\.$/,
      code: 6,
    },
    {
      what: 'a wrong base path',
      target: async () => ({ API_BASE_URL: `${ref.url}/commercial/v2`, ...creds(PLANTED) }),
      says: /^Configuration error: The target answered HTTP 404 on GET http:\/\/127\.0\.0\.1:\d+\/commercial\/v2\/offer with credentials: is API_BASE_URL the API's base path/,
      code: 2,
    },
  ];

  test('load:contract asks the same before it looks for k6: refused credentials are exit 6 with no k6 at all, and a stand-in k6 is never started', async () => {
    const env = {
      API_BASE_URL: ref.url,
      ...creds({ ...PLANTED, secret: 'not-the-secret-of-this-target' }),
      LOAD_REPORT_DIR: reportDirWithLastRun(),
    };
    const withoutK6 = await load(env, 'pagination', 'load-contract.ts');
    expect({ code: withoutK6.code, stderr: withoutK6.stderr.trim() }).toEqual({
      code: 6,
      stderr: expect.stringMatching(/^Credentials refused: /),
    });
    const k6 = stubK6(mkdtempSync(join(tmpdir(), 'stub-k6-')));
    const withK6 = await load({ ...env, K6_BIN: k6.bin }, 'pagination', 'load-contract.ts');
    expect(withK6.code).toBe(6);
    expect(existsSync(k6.calls)).toBe(false);
  });

  for (const c of CASES) {
    test(`${c.what}: one sentence, exit ${c.code}, k6 not started, the last report untouched`, async () => {
      const dir = reportDirWithLastRun();
      const k6 = stubK6(mkdtempSync(join(tmpdir(), 'stub-k6-')));
      const env = { ...(await c.target()), K6_BIN: k6.bin, LOAD_REPORT_DIR: dir };
      // The same command stopped at its arguments: Node's and tsx's start-up on this machine now, which a busy
      // shared machine stretches well past what the preflight itself takes.
      const floor = await load(env, 'no-such-scenario');
      expect(floor.code).toBe(2);
      const r = await load(env);
      const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
      expect({ code: r.code, lines }).toEqual({ code: c.code, lines: [expect.stringMatching(c.says)] });
      // Timed, not asserted (a shared machine stretches any wall time): quiet, the whole command takes about 1 s.
      test.info().annotations.push({ type: 'wall time', description: `${r.ms} ms (start-up alone ${floor.ms} ms)` });
      expect(existsSync(k6.calls)).toBe(false);
      expect(readFileSync(join(dir, 'pagination.json'), 'utf8')).toBe(OLD_REPORT);
      expect(readFileSync(join(dir, 'pagination.junit.xml'), 'utf8')).toBe('<testsuites/>');
      for (const secret of [PLANTED.subscriptionKey, PLANTED.secret]) expect(r.stderr + r.stdout).not.toContain(secret);
    });
  }

  test('the preflight itself answers each case with its sentence (timed in this process, the times noted)', async () => {
    const profile = loadProfile(PROFILE);
    for (const c of CASES) {
      const env = { ...(await c.target()), API_PROFILE: PROFILE, API_ENVIRONMENT: 'local' };
      const started = performance.now();
      const error = await preflightTarget(readLoadConfig('pagination', env, readFileSync(PROFILE, 'utf8')), profile, 'preflight-test').then(
        () => null,
        (e: unknown) => e,
      );
      const ms = performance.now() - started;
      expect(error).toBeInstanceOf(ConfigError);
      expect(`${(error as ConfigError).label}: ${(error as Error).message}`).toMatch(c.says);
      expect((error as ConfigError).exitCode).toBe(c.code);
      test.info().annotations.push({ type: 'preflight time', description: `${c.what}: ${Math.round(ms)} ms` });
    }
  });

  test('a target that passes goes on to k6 (the stand-in is called), which then replaces the last report', async () => {
    const dir = reportDirWithLastRun();
    const k6 = stubK6(mkdtempSync(join(tmpdir(), 'stub-k6-')));
    const r = await load({ API_BASE_URL: ref.url, ...creds(PLANTED), K6_BIN: k6.bin, LOAD_REPORT_DIR: dir });
    // The stand-in writes no report: "k6 exited with code 0 and wrote no report", exit 1.
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('wrote no report');
    expect(readFileSync(k6.calls, 'utf8')).toMatch(/^version\nrun .*pagination\.ts\n$/);
    expect(existsSync(join(dir, 'pagination.json'))).toBe(false);
  });
});

function creds(c: { subscriptionKey: string; secret: string }): Record<string, string> {
  return { API_SUBSCRIPTION_KEY: c.subscriptionKey, API_SECRET: c.secret };
}

// Issue 51, item 4: k6 refuses a scenario under 1s with its own message; ours comes first, before k6 is looked for.
const SUB_SECOND: ReadonlyArray<{ scenario: string; env: Record<string, string> }> = [
  { scenario: 'pagination', env: { LOAD_DURATION: '500ms' } },
  { scenario: 'polling', env: { LOAD_DURATION: '0.9s', POLL_INTERVAL: '500ms' } },
];
for (const c of SUB_SECOND)
  test(`a sub-second ${c.scenario} run: one line, exit 2, k6 never looked for`, async () => {
    const k6 = stubK6(mkdtempSync(join(tmpdir(), 'stub-k6-')));
    const r = await load({ API_BASE_URL: 'http://127.0.0.1:9', ...creds(PLANTED), K6_BIN: k6.bin, ...c.env }, c.scenario);
    const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
    expect({ code: r.code, lines }).toEqual({
      code: 2,
      lines: [expect.stringMatching(/^Configuration error: .*LOAD_DURATION: expected at least 1s, k6's shortest arrival-rate scenario/)],
    });
    expect(existsSync(k6.calls)).toBe(false);
  });
