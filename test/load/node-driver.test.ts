// The load leg, proven without k6 on every change: each scenario's flow (load/flows/), driven by the Node driver
// against the bundled reference, passes; against each fault it exists to catch it fails, on the named rule of
// load/lib/rules.ts, as under k6. A flow broken on purpose is caught by the same checks. Credentials are canaries:
// a leak into any file the run writes, or its output, fails the run (node-driver-run.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { startReferenceServer } from '../../reference/server.ts';
import { CANARY, liveWithTag, startHostileTarget, test } from '../hostile/hostile-front.ts';
import { loadCoverageEnv } from './load-coverage.ts';
import { FAULT_CASES, PAGINATION_KNOBS } from './node-driver-cases.ts';
import { driveScenario, violatedRules } from './node-driver-run.ts';

test.describe.configure({ mode: 'parallel' });

const ROOT = join(import.meta.dirname, '..', '..');

async function withReference<T>(
  opts: Parameters<typeof startReferenceServer>[0],
  body: (target: { url: string; credentials: typeof CANARY }) => Promise<T>,
): Promise<T> {
  const reference = await startReferenceServer({ port: 0, credentials: CANARY, ...opts });
  try {
    return await body({ url: reference.url, credentials: CANARY });
  } finally {
    await reference.close();
  }
}

/** The rate probe against a reference limited to 5 requests/s: 1 s steps, a short back-off, enough attempts to recover. */
const RATE_PROBE = { RATE_STEP_DURATION: '1s', RATE_BACKOFF: '1s', RATE_RECOVERY_ATTEMPTS: '6', RATE_MAX_WAIT: '3s' };

test.describe('against the reference, every scenario passes', () => {
  test('pagination walks every list with several page sizes and finds no violation', async () => {
    const run = await withReference({}, (target) =>
      driveScenario({ scenario: 'pagination', target, iterations: 60, vus: 2, knobs: PAGINATION_KNOBS }),
    );
    expect(run.code, run.output).toBe(0);
    expect(run.report.verdict).toMatchObject({ valid: true, passed: true });
    expect(run.report.run.engine).toBe('node-driver');
    expect(run.report.run.k6Version).toBeNull();
    expect(run.report.scenarioResult.kind === 'pagination' && run.report.scenarioResult.walksCompleted).toBeGreaterThan(0);
    expect(run.report.endpoints.map((e) => e.key)).toContain('GET /offer limit=7');
    expect(run.report.work.iterationsDone).toBe(60);
  });

  test('polling checks every poll against modifiedAfter', async () => {
    const run = await withReference({}, (target) => driveScenario({ scenario: 'polling', target, iterations: 20, vus: 2 }));
    expect(run.code, run.output).toBe(0);
    expect(run.report.verdict.passed).toBe(true);
    expect(run.report.scenarioResult.kind === 'polling' && run.report.scenarioResult.pollsChecked).toBe(20);
  });

  test('subscriptions creates, reads and cancels; nothing of the run is left open at the reference', async () => {
    await withReference({}, async (target) => {
      const run = await driveScenario({ scenario: 'subscriptions', target, iterations: 8, vus: 2 });
      expect(run.code, run.output).toBe(0);
      expect(run.report.verdict.passed).toBe(true);
      expect(run.report.scenarioResult.kind === 'subscriptions' && run.report.scenarioResult.created).toBeGreaterThan(0);
      expect(await liveWithTag(target.url, (tag) => tag.startsWith(`osd-suite.${run.runId}.`))).toEqual([]);
    });
  });

  // Legitimate variations a live target may have: a client held to GBP (setup's one create per currency finds it and
  // writes in GBP only), reads from a replica 300 ms behind (a read after create is read again until it shows the
  // record; the teardown reads the list again before it calls a record left open).
  test('subscriptions against a replica 300 ms behind and a client held to GBP: passes, writes in GBP only, leaves nothing open', async () => {
    await withReference({ variants: ['client-currency-gbp', 'reads-lag-300ms'] }, async (target) => {
      const run = await driveScenario({ scenario: 'subscriptions', target, iterations: 4 });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(
        /the target refused a create in .+: it holds the client to GBP; offers in other currencies are not written to/,
      );
      expect(run.report.verdict.passed).toBe(true);
      const r = run.report.scenarioResult;
      expect(r.kind === 'subscriptions' && r.created, run.output).toBeGreaterThan(1);
      expect(await liveWithTag(target.url, (tag) => tag.startsWith(`osd-suite.${run.runId}.`))).toEqual([]);
    });
  });

  test('rate-probe finds the onset of a 5 requests/s limit, stops there by design, and sees Retry-After honoured', async () => {
    const run = await withReference({ rateLimit: 5 }, (target) =>
      driveScenario({ scenario: 'rate-probe', target, iterations: 400, knobs: { ...RATE_PROBE, RATE_REQUIRE_RETRY_AFTER: 'yes' } }),
    );
    expect(run.report.verdict.stoppedByDesign, run.output).not.toBeNull();
    expect(violatedRules(run.report)).toEqual([]);
    expect(run.report.verdict.passed, run.output).toBe(true);
    expect(run.report.rateLimitAnswers.retryAfterShare).toBe(1);
  });
});

test.describe('against the faults each scenario exists to catch, it fails on the named rule', () => {
  for (const c of FAULT_CASES)
    test(`${c.scenario} against fault ${c.fault} (${c.what}): ${'rule' in c.fails ? c.fails.rule : 'redirects_refused'}`, async () => {
      const run = await withReference({ faults: [c.fault] }, async (target) => ({
        origin: new URL(target.url).origin,
        ...(await driveScenario({ scenario: c.scenario, target, iterations: c.iterations, vus: c.vus, knobs: c.knobs })),
      }));
      expect(run.code, run.output).toBe(99);
      if ('rule' in c.fails) {
        expect(violatedRules(run.report), run.output).toContain(c.fails.rule);
        expect(run.report.verdict.reasons).toContain(`threshold crossed: contract_violations{rule:${c.fails.rule}} count==0`);
      } else {
        // Refused, never followed: the Location (the same path with a slash) is on the target's own origin.
        expect(run.report.redirectsRefused).toEqual([expect.objectContaining({ ...c.fails.redirect, origin: run.origin })]);
        expect(run.report.verdict.reasons).toContain('threshold crossed: redirects_refused count==0');
      }
    });

  test('rate-probe against a 429 without Retry-After: retry-after-given where Retry-After is promised; only counted where not', async () => {
    await withReference({ variants: ['rate-limit-no-retry-after'] }, async (target) => {
      const promised = await driveScenario({
        scenario: 'rate-probe',
        target,
        iterations: 400,
        knobs: { ...RATE_PROBE, RATE_REQUIRE_RETRY_AFTER: 'yes' },
      });
      expect(violatedRules(promised.report), promised.output).toEqual(['retry-after-given']);
      expect(promised.report.verdict.passed).toBe(false);
      // The contract shows no rate limit: unpinned, the same answers are observed, not failed.
      const observed = await driveScenario({ scenario: 'rate-probe', target, iterations: 400, knobs: RATE_PROBE });
      expect(violatedRules(observed.report), observed.output).toEqual([]);
      expect(observed.report.rateLimitAnswers.retryAfterShare).toBe(0);
    });
  });

  test('rate-probe against a Retry-After the service does not honour (1 s said, 20 s meant): retry-after-honoured', async () => {
    const run = await withReference({ rateLimit: 5, retryAfter: 'understated' }, (target) =>
      driveScenario({ scenario: 'rate-probe', target, iterations: 400, knobs: { ...RATE_PROBE, RATE_REQUIRE_RETRY_AFTER: 'yes' } }),
    );
    expect(violatedRules(run.report), run.output).toEqual(['retry-after-honoured']);
    expect(run.output).toMatch(
      /contract violation under load \[retry-after-honoured\]: expected a read answered once the advised Retry-After has passed, received 429 again/,
    );
  });

  test('polling against a target that redirects its reads to another host: refused, never followed, and the run fails', async () => {
    const front = await startHostileTarget();
    try {
      front.misbehave = (request) =>
        request.url.includes('modifiedAfter')
          ? (res) => {
              res.writeHead(302, { location: 'http://elsewhere.invalid/offer' });
              res.end();
            }
          : null;
      const run = await driveScenario({ scenario: 'polling', target: { url: front.url, credentials: CANARY }, iterations: 5 });
      expect(run.code, run.output).toBe(99);
      expect(run.report.redirectsRefused).toEqual([expect.objectContaining({ origin: 'http://elsewhere.invalid', count: 5 })]);
      expect(run.report.verdict.reasons).toContain('threshold crossed: redirects_refused count==0');
    } finally {
      await front.close();
    }
  });
});

test('a flow broken on purpose is caught: a request built without redirects: 0 stops the run as a broken flow, whatever the target answers', async () => {
  await withReference({}, async (target) => {
    const run = await driveScenario({ scenario: 'pagination', target, iterations: 10, broken: 'pagination-request-without-redirects-0' });
    expect(run.code, run.output).toBe(107);
    expect(run.output).toMatch(
      /stopped: the flow is broken \(in setup\): the request "setup GET \/allocation" was built to follow k6's default of 10 redirect\(s\), not redirects: 0/,
    );
  });
});

test('a flow broken on purpose is caught: a subscriptions teardown that skips its sweep leaves records open, which the real one cancels', async () => {
  const front = await startHostileTarget();
  try {
    // Every create is saved by the reference but answered 502: records the flow cannot know, only its sweep can cancel.
    front.misbehave = (request) =>
      request.method === 'POST' && request.url === '/subscription' ? { status: 502, body: '{"message":"bad gateway"}' } : null;
    const target = { url: front.url, credentials: CANARY };
    const leftOpen = async (runId: string) => liveWithTag(front.reference.url, (tag) => tag.startsWith(`osd-suite.${runId}.`));
    const real = await driveScenario({ scenario: 'subscriptions', target, iterations: 4 });
    expect(real.report.scenarioResult.kind === 'subscriptions' && real.report.scenarioResult.swept, real.output).toBeGreaterThan(0);
    expect(await leftOpen(real.runId)).toEqual([]);
    const broken = await driveScenario({ scenario: 'subscriptions', target, iterations: 4, broken: 'subscriptions-teardown-skips-sweep' });
    expect((await leftOpen(broken.runId)).length, broken.output).toBeGreaterThan(0);
  } finally {
    await front.close();
  }
});

test.describe('a Node-driver summary downstream: load:compare and the regression report run on it, and never mistake it for k6', () => {
  const loadCli = (script: string, args: string[], reportsDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli', script), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REPORTS_DIR: reportsDir, ...loadCoverageEnv() },
    });

  test('two driver runs compare end to end; a driver run against the shipped k6 baseline is INCOMPARABLE, "different engines"; load:baseline refuses it', async () => {
    const [first, second] = await withReference({}, async (target) => [
      await driveScenario({ scenario: 'pagination', target, iterations: 30, knobs: PAGINATION_KNOBS }),
      await driveScenario({ scenario: 'pagination', target, iterations: 30, knobs: PAGINATION_KNOBS }),
    ]);
    const reports = join(first.reportDir, 'reports');
    const judged = loadCli(
      'load-compare.ts',
      [join(second.reportDir, 'pagination.json'), join(first.reportDir, 'pagination.json')],
      reports,
    );
    expect(judged.stderr).toBe('');
    const markdown = readFileSync(join(reports, 'perf-regression', 'pagination.md'), 'utf8');
    expect(markdown).not.toMatch(/different engines|INCOMPARABLE/);
    expect(existsSync(join(reports, 'perf-regression', 'pagination.html'))).toBe(true);

    const againstK6 = loadCli('load-compare.ts', [join(first.reportDir, 'pagination.json'), '--force'], reports);
    expect(againstK6.status, againstK6.stdout + againstK6.stderr).toBe(1);
    expect(readFileSync(join(reports, 'perf-regression', 'pagination.md'), 'utf8')).toMatch(
      /INCOMPARABLE[\s\S]*different engines: the run was made by the project's Node driver \(npm test\), the baseline by k6/,
    );

    const baseline = loadCli('load-baseline.ts', [join(first.reportDir, 'pagination.json')], reports);
    expect(baseline.status).toBe(2);
    expect(baseline.stderr).toMatch(/was made by the project's Node driver \(npm test\), not k6: a baseline is a k6 run/);
  });
});
