/**
 * The fixtures of the fuzz suite: the conformance fixtures (`suite`, `api`, `facts`, `verdict`) plus
 *
 * - `fuzzOptions` (worker): FUZZ_* settings (fuzz/fuzz-settings.ts);
 * - `writeBudget` (worker): the run's cap on creates, shared by every worker (fuzz/write-budget.ts);
 * - `fuzz` (test): the property runner bound to this test (fuzz/runner.ts).
 *
 * While a property runs, the test's verdict is muted (Verdict.whileMuted): each case is judged by its
 * own verdict, and only the final counterexample is reported to the test.
 */
import { join } from 'node:path';
import { covers, requireOffersToWrite, requireWrites, test as base, expect } from '../src/harness/fixtures.ts';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import { runDir } from '../src/run/run-paths.ts';
import { readFuzzOptions, type FuzzOptions } from './fuzz-settings.ts';
import { FuzzRunner } from './runner.ts';
import { WriteBudget } from './write-budget.ts';

interface FuzzWorkerFixtures {
  fuzzOptions: FuzzOptions;
  writeBudget: WriteBudget;
}

interface FuzzTestFixtures {
  fuzz: FuzzRunner;
}

/** Time a property test may take beyond FUZZ_TIME_LIMIT: fixtures, list reads, settling. */
const TEST_TIME_MARGIN_MS = 60_000;

export const test = base.extend<FuzzTestFixtures, FuzzWorkerFixtures>({
  fuzzOptions: [async ({ suite }, use) => use(readFuzzOptions(process.env, suite.config)), { scope: 'worker' }],
  writeBudget: [
    async ({ suite, fuzzOptions }, use) => use(new WriteBudget(fuzzOptions.maxWrites, join(runDir(suite.config.runId), 'fuzz-writes'))),
    { scope: 'worker' },
  ],
  fuzz: async ({ api, suite, verdict, fuzzOptions, writeBudget }, use, testInfo) => {
    testInfo.setTimeout(fuzzOptions.timeLimitMs + TEST_TIME_MARGIN_MS);
    await use(new FuzzRunner({ client: api, suite, options: fuzzOptions, budget: writeBudget, verdict, testInfo }));
  },
});

/** Test details of a fuzz property: the clauses it checks (see `covers`), and `@fuzz`. */
export function property(mode: 'read' | 'write', ...ids: ClauseId[]) {
  return { tag: [...covers(mode, ...ids).tag, '@fuzz'] };
}

export { covers, requireOffersToWrite, requireWrites, expect };
