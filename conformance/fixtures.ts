/**
 * The fixtures of the conformance and fuzz suites, composed in one place (after Playwright's own
 * tests/config/*Fixtures.ts + baseTest.ts). Specs import `test` and `expect` from here.
 *
 * - `suite` (worker): configuration and profile for this run.
 * - `api` (worker): the one API client, paced with this worker's share of API_RATE.
 * - `facts` (worker): full lists read once per worker (offers, allocations), memoised.
 * - `reads` (worker): reads a record or list again, for up to API_READ_SETTLE, until it shows the run's own write.
 * - `verdict` (test, automatic): collects clause failures and observations from the test's own checks
 *   and from the exchange checks on every response; fails the test at its end with a readable list.
 */
import { test as base, expect } from '@playwright/test';
import type { TestInfo } from '@playwright/test';
import { getClause, type ClauseId } from '../src/clauses/catalogue.ts';
import type { ApiClient } from '../src/client/api-client.ts';
import { makeRedactor, redactDeep, type Redactor } from '../src/client/redact.ts';
import { readSuiteConfig, type SuiteConfig } from '../src/config/suite-config.ts';
import { ReadSettle } from '../src/checks/read-settle.ts';
import { formatFailures, Verdict } from '../src/checks/verdict.ts';
import { loadProfile, type TargetProfile } from '../src/profile/target-profile.ts';
import { appendJsonl } from '../src/run/jsonl.ts';
import { runFile } from '../src/run/run-paths.ts';
import { openSession } from '../src/run/session.ts';
import { writePolicy, type WritePolicy } from '../src/run/write-policy.ts';
import { TargetFacts } from './target-facts.ts';

export interface SuiteFixture {
  config: SuiteConfig;
  profile: TargetProfile;
  redact: Redactor;
  /** Whether this run may create and cancel subscriptions, and if not, why. */
  writes: WritePolicy;
}

interface WorkerFixtures {
  suite: SuiteFixture;
  api: ApiClient;
  facts: TargetFacts;
  reads: ReadSettle;
}

interface TestFixtures {
  verdict: Verdict;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  suite: [
    async ({}, use) => {
      // Schemas compile on first use (src/schema/registry.ts): a worker that runs a few tests, as a worker restarted
      // after a failure does, compiles only what they check.
      const config = readSuiteConfig();
      const profile = loadProfile(config.profilePath);
      const redact = makeRedactor([config.credentials?.subscriptionKey, config.credentials?.secret]);
      await use({ config, profile, redact, writes: writePolicy(config, profile) });
    },
    { scope: 'worker' },
  ],
  api: [
    async ({ suite }, use, workerInfo) => {
      const session = await openSession(suite.config, { share: workerInfo.config.workers });
      await use(session.client);
      await session.dispose();
    },
    { scope: 'worker' },
  ],
  facts: [async ({ api }, use) => use(new TargetFacts(api)), { scope: 'worker' }],
  reads: [async ({ suite }, use) => use(new ReadSettle(suite.config.limits.readSettleMs)), { scope: 'worker' }],
  verdict: [
    async ({ suite, api }, use, testInfo) => {
      const verdict = new Verdict({ profile: suite.profile, strict: suite.config.strict });
      const stop = api.listen((ex) => verdict.inspect(ex));
      const stopRetries = api.onRetry((r) => verdict.inspectRetried(r));
      const stopCreated = api.onCreated((c) => verdict.inspectCreated(c));
      try {
        await use(verdict);
      } finally {
        stop();
        stopRetries();
        stopCreated();
      }
      await settle(verdict, testInfo, suite);
    },
    { auto: true },
  ],
});

/** Record a test's verdict: annotations (clause IDs visible in every reporter), run files, and the failure. */
async function settle(verdict: Verdict, testInfo: TestInfo, suite: SuiteFixture): Promise<void> {
  const where = { test: testInfo.titlePath.slice(1).join(' › '), file: testInfo.file.replace(/^.*\/(conformance|fuzz)\//, '$1/') };
  for (const o of verdict.observations) {
    testInfo.annotations.push({ type: 'observation', description: suite.redact(`${o.clause}: ${o.message}`) });
    appendJsonl(runFile.observations(suite.config.runId), redactDeep({ ...where, ...o }, suite.redact));
  }
  if (verdict.failures.length === 0) return;
  for (const f of verdict.failures) {
    testInfo.annotations.push({ type: 'clause-failure', description: suite.redact(`${f.clause}: ${f.message}`) });
    appendJsonl(runFile.failures(suite.config.runId), redactDeep({ ...where, ...f }, suite.redact));
  }
  await testInfo.attach('clause-failures.json', {
    body: suite.redact(JSON.stringify(verdict.failures, null, 2)),
    contentType: 'application/json',
  });
  throw new Error(suite.redact(formatFailures(verdict.failures)));
}

/**
 * Test details naming the clauses a test checks: tags (`@SUB-CREATE`) for filtering and reports, and
 * `@read` / `@write` so read-only runs (load:contract, production) can select tests.
 */
export function covers(mode: 'read' | 'write', ...ids: ClauseId[]) {
  for (const id of ids) getClause(id); // fail at load time on an unknown ID
  return { tag: [...new Set([`@${mode}`, ...ids.map((id) => `@${id}`)])] };
}

/** Skip a writing test, visibly, when this run may not write. */
export function requireWrites(suite: SuiteFixture): void {
  test.skip(!suite.writes.allowed, suite.writes.allowed ? '' : suite.writes.reason);
}

export { expect };
