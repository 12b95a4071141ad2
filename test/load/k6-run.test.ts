// Each k6 scenario, run briefly with real k6 against a reference server started here. Where no
// k6 binary is on PATH (or named by K6_BIN) the tests skip and say so.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { startReferenceServer } from '../../reference/server.ts';
import type { LoadReport } from '../../load/lib/report.ts';
import { findK6, k6Version } from '../../scripts/load/k6.ts';
import { runOutcome } from '../../scripts/load/outcome.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROFILE = join(ROOT, 'reference', 'profile.json');
const k6 = findK6();

test.describe('k6 scenarios against the reference server', () => {
  test.describe.configure({ mode: 'serial' }); // one load generator at a time on a small machine
  test.skip(!k6.found, `k6 is not available (${k6.found ? '' : k6.reason}); these tests run where k6 is on PATH or K6_BIN names it`);
  test.setTimeout(180_000);

  async function runScenario(scenario: string, knobs: Record<string, string>, rateLimit: number | false) {
    if (!k6.found) throw new Error('unreachable');
    const ref = await startReferenceServer({ port: 0, rateLimit });
    const parent = join(ROOT, 'reports', 'project-tests', 'k6');
    mkdirSync(parent, { recursive: true });
    const reportDir = mkdtempSync(join(parent, `${scenario}-`));
    try {
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        API_BASE_URL: ref.url,
        API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey,
        API_SECRET: ref.credentials.secret,
        API_ENVIRONMENT: 'local',
        API_PROFILE: PROFILE,
        RUN_ID: `k6test-${scenario}-${Date.now()}`,
        LOAD_REPORT_DIR: reportDir,
        LOAD_EXPECTED_LATENCY_MS: '50',
        LOAD_K6_VERSION: k6Version(k6.path) ?? '',
        ...knobs,
      };
      const child = spawn(k6.path, ['run', '--quiet', join(ROOT, 'load', `${scenario}.ts`)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      const files = ['json', 'junit.xml'].map((ext) => readFileSync(join(reportDir, `${scenario}.${ext}`), 'utf8'));
      for (const text of [...files, output]) {
        expect(text).not.toContain(ref.credentials.secret);
        expect(text).not.toContain(ref.credentials.subscriptionKey);
      }
      const report = JSON.parse(files[0]) as LoadReport;
      // What the reference holds afterwards, read directly (not through k6).
      const headers = { accept: 'application/json', 'service-api-subscription': ref.credentials.subscriptionKey, 'service-api-secret': ref.credentials.secret };
      const subscriptions = (await (await fetch(`${ref.url}/subscription`, { headers })).json()) as Array<{ clientSubscriptionReference?: string; status?: string }>;
      return { code, report, output, subscriptions, runId: env.RUN_ID };
    } finally {
      await ref.close();
    }
  }

  test('pagination walks every list with several page sizes and finds no violation', async () => {
    const { code, report, output } = await runScenario('pagination', { LOAD_DURATION: '4s', PAGE_RATE: '20', PAGE_SIZES: '1,7,100' }, false);
    expect(runOutcome(code, report).exitCode, output).toBe(0);
    expect(report.verdict).toMatchObject({ valid: true, passed: true });
    expect(report.scenarioResult.kind === 'pagination' && report.scenarioResult.walksCompleted).toBeGreaterThan(0);
    expect(report.contractViolations.every((v) => v.violations === 0)).toBe(true);
    expect(report.endpoints.map((e) => e.key)).toContain('GET /offer limit=7');
    expect(report.run.k6Version).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('polling checks every poll against modifiedAfter', async () => {
    const { code, report, output } = await runScenario('polling', { LOAD_DURATION: '4s', POLL_INTERVAL: '1s', POLL_CLIENTS: '2' }, false);
    expect(runOutcome(code, report).exitCode, output).toBe(0);
    expect(report.scenarioResult.kind === 'polling' && report.scenarioResult.pollsChecked).toBeGreaterThan(2);
  });

  test('subscriptions: every created record is cancelled, within the write budget', async () => {
    const { code, report, output, subscriptions, runId } = await runScenario('subscriptions', { SUB_RATE: '2', WRITE_BUDGET: '6' }, false);
    expect(runOutcome(code, report).exitCode, output).toBe(0);
    const r = report.scenarioResult;
    expect(r.kind).toBe('subscriptions');
    if (r.kind !== 'subscriptions') return;
    expect(r.created).toBeGreaterThan(0);
    expect(r.created).toBeLessThanOrEqual(6);
    expect(r.leftUncancelled).toBe(0);
    const mine = subscriptions.filter((s) => s.clientSubscriptionReference?.startsWith(`osd-suite.${runId}.`));
    expect(mine.length).toBe(r.created);
    expect(mine.filter((s) => s.status === 'accepted')).toEqual([]);
  });

  test('rate-probe finds the onset within 15% of the reference\'s limit, stops there and sees recovery', async () => {
    const limit = 20;
    const { code, report, output } = await runScenario(
      'rate-probe',
      { RATE_START: '14', RATE_STEP: '2', RATE_MAX: '30', RATE_STEP_DURATION: '3s', RATE_BACKOFF: '2s', RATE_SUSTAINED_MIN_429: '3' },
      limit,
    );
    expect(runOutcome(code, report).exitCode, output).toBe(0);
    const r = report.scenarioResult;
    expect(r.kind).toBe('rate-probe');
    if (r.kind !== 'rate-probe') return;
    expect(r.onset.onsetRps, output).not.toBeNull();
    expect(Math.abs((r.onset.onsetRps as number) - limit) / limit).toBeLessThanOrEqual(0.15);
    expect(r.stoppedOnSustained429).toBe(true);
    expect(r.recovery.recovered).toBe(true);
    expect(report.rateLimitAnswers.retryAfterShare).toBe(1);
    expect(report.rateLimitAnswers.jsonBodyShare).toBe(1);
  });
});
