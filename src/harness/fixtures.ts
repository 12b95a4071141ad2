/**
 * The fixtures of the conformance and fuzz suites, composed in one place (after Playwright's own
 * tests/config/*Fixtures.ts + baseTest.ts). Specs import `test` and `expect` from here.
 *
 * - `suite` (worker): configuration and profile for this run.
 * - `api` (worker): the one API client, paced with this worker's share of API_RATE.
 * - `facts` (worker): the full lists (offers, allocations), read once for the run by the global setup (shared-facts.ts).
 * - `reads` (worker): reads a record or list again, for up to API_READ_SETTLE, until it shows the run's own write.
 * - `verdict` (test, automatic): collects clause failures and observations from the test's own checks
 *   and from the exchange checks on every response; fails the test at its end with a readable list.
 * - `heapHygiene` (test, automatic): after the test, collects a heap it grew a lot (heap-hygiene.ts).
 */
import { readRunContext } from '../config/run-context.ts';
import { test as base, expect } from '@playwright/test';
import type { TestInfo } from '@playwright/test';
import { getClause, type ClauseId } from '../contract/clauses/catalogue.ts';
import type { ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Offer, Subscription } from '../contract/types.ts';
import { offerClosedSinceListed } from '../checks/offer-closed-since-listed.ts';
import { redactDeep, redactedJson, type Redactor } from '../config/redact.ts';
import type { SuiteConfig } from '../config/suite-config.ts';
import { ReadSettle } from '../checks/read-settle.ts';
import { formatFailures, Verdict } from '../checks/test-verdict.ts';
import { deferPreconditionFailure, failTest } from './deferred-verdict.ts';
import type { TargetProfile } from '../config/target-profile.ts';
import { appendJsonl } from '../run/jsonl.ts';
import { runFile } from '../run/run-paths.ts';
import { openSession } from '../run/target-session.ts';
import { writePolicy, type WritePolicy } from '../run/write-policy.ts';
import { RELIST_LONG_CATALOGUE_MS, TargetFacts } from './target-facts.ts';
import { readSharedFacts } from './shared-facts.ts';
import { collectIfGrown } from './heap-hygiene.ts';
import { wholeListBound } from '../checks/bounded-walk.ts';
import { strictnessLine } from '../contract/strictness.ts';

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
  heapHygiene: undefined;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  suite: [
    async ({}, use) => {
      // Schemas compile on first use (src/schema/registry.ts): a worker that runs a few tests, as a worker restarted
      // after a failure does, compiles only what they check.
      const { config, profile, redact } = readRunContext();
      await use({ config, profile, redact, writes: writePolicy(config, profile) });
    },
    { scope: 'worker' },
  ],
  api: [
    async ({ suite }, use, workerInfo) => {
      const session = await openSession(suite, { share: workerInfo.config.workers });
      await use(session.client);
      await session.dispose();
    },
    { scope: 'worker' },
  ],
  facts: [
    async ({ suite, api }, use) => {
      const walkEntries = wholeListBound(suite.config.limits.walkPages, suite.profile.maxLimit);
      await use(new TargetFacts(api, readSharedFacts(suite.config.runId), { walkEntries, longEveryMs: RELIST_LONG_CATALOGUE_MS }));
    },
    { scope: 'worker' },
  ],
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
  // After each test: a heap the test grew a lot is collected, so a worker holds what it uses (heap-hygiene.ts).
  heapHygiene: [
    async ({}, use) => {
      await use(undefined);
      collectIfGrown();
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
  // Lenient handling of invalid input: its own annotation (every report's Strictness heading), never a failure here.
  for (const x of verdict.strictness) {
    testInfo.annotations.push({ type: 'strictness', description: suite.redact(`${x.clause}: ${strictnessLine(x.kind, x.message)}`) });
    appendJsonl(runFile.strictness(suite.config.runId), redactDeep({ ...where, ...x }, suite.redact));
  }
  for (const l of verdict.limits)
    testInfo.annotations.push({ type: 'clause-limited', description: suite.redact(`${l.clause}: ${l.message}`) });
  deferPreconditionFailure(testInfo);
  if (verdict.failures.length === 0) return;
  for (const f of verdict.failures) {
    testInfo.annotations.push({ type: 'clause-failure', description: suite.redact(`${f.clause}: ${f.message}`) });
    appendJsonl(runFile.failures(suite.config.runId), redactDeep({ ...where, ...f }, suite.redact));
  }
  await testInfo.attach('clause-failures.json', {
    body: redactedJson(verdict.failures, suite.redact, 2),
    contentType: 'application/json',
  });
  // Fails the test without ending its worker where the run allows it (deferred-verdict.ts): a deviating target
  // costs what a correct one does.
  try {
    throw new Error(suite.redact(formatFailures(verdict.failures)));
  } catch (error) {
    failTest(testInfo, error as Error);
  }
}

/**
 * Test details naming the clauses a test checks: tags (`@SUB-CREATE`) for filtering and reports, and
 * `@read` / `@write` so read-only runs (load:contract, production) can select tests.
 */
export function covers(mode: 'read' | 'write', ...ids: ClauseId[]) {
  for (const id of ids) getClause(id); // fail at load time on an unknown ID
  return { tag: [...new Set([`@${mode}`, ...ids.map((id) => `@${id}`)])] };
}

/**
 * Skip a test, visibly, when its create of a valid body was refused because the offer closed since the run listed it
 * open (src/contract/offer-closed.ts): the refusal may be the closing, not a deviation.
 */
export async function skipIfOfferClosed(api: ApiClient, ex: Exchange, offerId: string): Promise<void> {
  const closed = await offerClosedSinceListed(api, ex, offerId);
  test.skip(closed !== null, `${closed}: a create refused then is not judged.`);
}

/** Attempts at a create on an open offer before a test gives up on offers closing under it. */
const OPEN_OFFER_ATTEMPTS = 3;

/**
 * A create of `make(offer)` on an open offer the run writes to (the `index`th, wrapping). When it is refused because
 * that offer closed since the run listed it (a live service), the offer is left out for the rest of this worker's run
 * (src/run/offers-closed-this-run.ts) and the create goes to the next open one; offers closing under every attempt skip the test, saying so.
 */
export async function createOnOpenOffer<B extends Record<string, unknown>>(
  api: ApiClient,
  facts: TargetFacts,
  make: (offer: Offer) => B,
  index = 0,
): Promise<{ offer: Offer; body: B } & Awaited<ReturnType<ApiClient['createSubscription']>>> {
  const closings: string[] = [];
  for (let attempt = 0; attempt < OPEN_OFFER_ATTEMPTS; attempt++) {
    const offers = await facts.writableOffers();
    if (closings.length && offers.length === 0) test.skip(true, closings.join('; '));
    await requireOffersToWrite(facts, offers);
    const offer = offers[index % offers.length];
    const body = make(offer);
    const created = await api.createSubscription(body);
    const closed = await offerClosedSinceListed(api, created.exchange, offer.id);
    if (closed === null) return { offer, body, ...created };
    closings.push(closed); // noted: writableOffers leaves it out from here on
  }
  test.skip(true, `${closings.join('; ')}: offers closed under ${OPEN_OFFER_ATTEMPTS} creates in a row, none judged.`);
  throw new Error('unreachable: test.skip throws');
}

/**
 * A test's creates on one open offer (`attempt`: the first by createOnOpenOffer, then `later` on the same offer), tried
 * again from the start on the next open offer when `later` was refused because the offer closed since the run listed it
 * (a live service: an issuer ending a bookbuild early). A test that needs two creates on one offer to judge a clause
 * (two identical bodies) is judged on the first attempt whose offer stayed open; offers closing under every attempt
 * skip it, saying so.
 */
export async function onOfferThatStaysOpen<T extends { offer: Offer; later: Exchange }>(
  api: ApiClient,
  attempt: () => Promise<T>,
): Promise<T> {
  const closings: string[] = [];
  for (let i = 0; i < OPEN_OFFER_ATTEMPTS; i++) {
    const tried = await attempt();
    const closed = await offerClosedSinceListed(api, tried.later, tried.offer.id);
    if (closed === null) return tried;
    closings.push(closed); // noted: writableOffers leaves it out from here on
  }
  test.skip(true, `${closings.join('; ')}: offers closed under ${OPEN_OFFER_ATTEMPTS} attempts in a row, none judged.`);
  throw new Error('unreachable: test.skip throws');
}

/**
 * Skip a writing test, visibly, when fewer than `needed` offers are there to write to: why there is none
 * (TargetFacts.whyNoOfferToWrite), or `fewer`, the test's own sentence for having some but too few.
 */
export async function requireOffersToWrite(
  facts: Pick<TargetFacts, 'whyNoOfferToWrite'>,
  offers: readonly unknown[],
  { needed = 1, fewer = '' }: { needed?: number; fewer?: string } = {},
): Promise<void> {
  if (offers.length < needed) test.skip(true, offers.length === 0 ? await facts.whyNoOfferToWrite() : fewer);
}

/** The `index`th offer the run writes to (wrapping); the test is skipped, visibly, when there is none. */
export async function offerToWrite(facts: Pick<TargetFacts, 'writableOffers' | 'whyNoOfferToWrite'>, index = 0): Promise<Offer> {
  const offers = await facts.writableOffers();
  await requireOffersToWrite(facts, offers);
  return offers[index % offers.length];
}

/** The subscription a create or a read answered with, or null when it answered no record. */
export const subscriptionRecord = (ex: Exchange): Subscription | null =>
  ex.status < 300 && ex.body && typeof ex.body === 'object' ? (ex.body as Subscription) : null;

/** Skip a writing test, visibly, when this run may not write. */
export function requireWrites(suite: SuiteFixture): void {
  test.skip(!suite.writes.allowed, suite.writes.allowed ? '' : suite.writes.reason);
}

export { expect };
