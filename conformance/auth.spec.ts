// Authentication: both credential headers on every call but the health check, probed on each of the eight
// operations with every credential variant (a service that checks most routes but not one must fail), the near misses
// of the run's own credentials included (src/contract/near-miss-credentials.ts: a secret one character off, a key in
// another letter case, a key with another partner's secret). "Without them the request is not accepted"
// (Authentication 1): any 4xx is a refusal, which one is recorded (AUTH-FAILURE-STATUS); an answer that accepts fails.
import { isDeepStrictEqual } from 'node:util';
import { covers, createOnOpenOffer, requireWrites, test } from '../src/harness/fixtures.ts';
import type { ApiClient, AuthMode } from '../src/client/api-client.ts';
import type { Exchange } from '../src/client/exchange.ts';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import type { StatusKey, TargetProfile } from '../src/config/target-profile.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import { validate } from '../src/schema/registry.ts';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';
import { CREDENTIAL_CASES, type CredentialCase } from '../src/contract/request-cases.ts';
import { nearMissCredentials } from '../src/contract/near-miss-credentials.ts';
import type { SuiteConfig } from '../src/config/suite-config.ts';
import type { TargetFacts } from '../src/harness/target-facts.ts';

interface Variant {
  name: string;
  /** The case the request-coverage table counts it under. */
  case: CredentialCase;
  auth: AuthMode;
  clause: ClauseId;
  statusKey: StatusKey;
}

/** Credential variations: cases as data. A wrong value is a plausible-looking one, not an empty string. */
const VARIANTS: Variant[] = [
  { name: 'no credential headers', case: 'none', auth: 'none', clause: 'AUTH-REQUIRED', statusKey: 'missingCredentials' },
  {
    name: 'no service-api-subscription',
    case: 'no-key',
    auth: { subscriptionKey: null },
    clause: 'AUTH-SUBSCRIPTION-KEY',
    statusKey: 'missingCredentials',
  },
  { name: 'no service-api-secret', case: 'no-secret', auth: { secret: null }, clause: 'AUTH-SECRET', statusKey: 'missingCredentials' },
  {
    name: 'a wrong service-api-subscription',
    case: 'wrong-key',
    auth: { subscriptionKey: 'osd-suite-wrong-subscription-key' },
    clause: 'AUTH-SUBSCRIPTION-KEY',
    statusKey: 'wrongCredentials',
  },
  {
    name: 'a wrong service-api-secret',
    case: 'wrong-secret',
    auth: { secret: 'osd-suite-wrong-secret' },
    clause: 'AUTH-SECRET',
    statusKey: 'wrongCredentials',
  },
];
// Every credential case of the request-coverage table has its variant here (the near misses are made at run time).
for (const c of CREDENTIAL_CASES)
  if (c !== 'valid' && c !== 'near-miss' && !VARIANTS.some((v) => v.case === c)) throw new Error(`no variant for ${c}`);

/**
 * The near misses of the run's credentials (and of the second partner's, where given), made at run time. A variant's
 * name says the kind of change, never a value: it is what every failure message and report shows.
 */
function nearMissVariants(config: SuiteConfig): Variant[] {
  if (!config.credentials) return [];
  return nearMissCredentials(config.credentials, config.secondCredentials).map((m) => ({
    name: `near-miss credentials (${m.says})`,
    case: 'near-miss',
    auth: { ...m.credentials, nearMiss: m.kind },
    clause: m.clause,
    statusKey: 'wrongCredentials',
  }));
}

/** A refused call: a 4xx (the code recorded, checked against the profile) with its operation's error body. */
function judgeRefusal(ex: Exchange, v: Variant, o: { profile: TargetProfile; verdict: Verdict; clause?: ClauseId }): boolean {
  const refused = o.verdict.status(ex, {
    key: v.statusKey,
    profile: o.profile,
    observeClause: 'AUTH-FAILURE-STATUS',
    contractClause: o.clause ?? v.clause,
    contractRule: ['4xx'],
    what: `${ex.method} ${ex.path} with ${v.name}`,
  });
  if (ex.status >= 400 && ex.status < 500) {
    const shape = ex.operation === 'subscription.create' || ex.operation === 'subscription.cancel' ? 'validation-error-body' : 'error-body';
    const body = validate(shape, ex.body);
    o.verdict.check(
      'AUTH-ERROR-BODY',
      ex.isJson && body.valid,
      `${ex.method} ${ex.path} refused with ${v.name}, but not with its error body`,
      {
        expected: shape === 'error-body' ? 'the list/get error body' : 'the create/cancel error body',
        received: ex.isJson ? body.errors : ex.text.slice(0, 200),
        exchange: ex,
      },
    );
  }
  return refused;
}

/** An id the target knows: a subscription it lists (any partner record the credentials see), else a made-up one. */
async function someSubscriptionId(api: ApiClient): Promise<string> {
  const list = await api.listSubscriptions({ offset: 0, limit: 1 });
  const first = Array.isArray(list.body) ? (list.body[0] as { id?: unknown } | undefined) : undefined;
  return typeof first?.id === 'string' ? first.id : 'osd-suite-any';
}

/** The six read operations, each sent with one credential variant: ids the target knows where it has any. */
async function readCalls(api: ApiClient, facts: TargetFacts): Promise<Array<(auth: AuthMode) => Promise<Exchange>>> {
  const offers = await facts.offers();
  const someId = offers[0]?.id ?? 'osd-suite-any';
  const subscriptionId = await someSubscriptionId(api);
  return [
    (auth) => api.listOffers({ offset: 0, limit: 1 }, auth),
    (auth) => api.getOffer(someId, auth),
    (auth) => api.listAllocations(undefined, auth),
    (auth) => api.getAllocation(someId, undefined, auth),
    (auth) => api.listSubscriptions({ offset: 0, limit: 1 }, auth),
    (auth) => api.getSubscription(subscriptionId, auth),
  ];
}

/**
 * A create a service accepted with credentials it should have refused made a record: cancelled at once with the right
 * credentials of the partner that holds it (the run's, else the second partner's), so nothing of it stays open. The
 * journal has it as created until then, so the run's teardown cancels it even if this test stops first.
 */
async function cancelWronglyAccepted(api: ApiClient, create: Exchange, config: SuiteConfig): Promise<void> {
  const id = (create.body as { id?: unknown } | undefined)?.id;
  if (create.status >= 300 || typeof id !== 'string' || !api.profile.cancel) return;
  const cancel = await api.cancelSubscription(id);
  if (cancel.status >= 400 && config.secondCredentials) await api.cancelSubscription(id, { ...config.secondCredentials });
}

test.describe('authentication', () => {
  for (const v of VARIANTS) {
    test(
      `${v.name} is refused on every read operation`,
      covers('read', v.clause, 'AUTH-REQUIRED', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
      async ({ api, facts, suite, verdict }) => {
        for (const call of await readCalls(api, facts)) judgeRefusal(await call(v.auth), v, { profile: suite.profile, verdict });
      },
    );
  }

  test(
    'every near miss of the credentials is refused on every read operation',
    covers('read', 'AUTH-SECRET', 'AUTH-SUBSCRIPTION-KEY', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
    async ({ api, facts, suite, verdict }) => {
      const nearMisses = nearMissVariants(suite.config);
      test.skip(nearMisses.length === 0, 'No credentials configured to make near misses of.');
      // Some 50 requests: at a paced rate, behind a rate limit, they outlast one test's usual time (seen at 60 s against
      // a target limited to 5 a second); a timeout here would be a test error failing four clauses, not a verdict.
      test.slow();
      const calls = await readCalls(api, facts);
      // Reads change nothing: the kinds go together (a target with latency answers them in a sixth of the time).
      await Promise.all(
        nearMisses.map(async (v) => {
          for (const call of calls) judgeRefusal(await call(v.auth), v, { profile: suite.profile, verdict });
        }),
      );
    },
  );

  test(
    'every credential variant, near misses included, is refused on create, and on a read of a record of the run',
    covers('write', 'AUTH-REQUIRED', 'AUTH-SUBSCRIPTION-KEY', 'AUTH-SECRET', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
    async ({ api, facts, suite, verdict }) => {
      requireWrites(suite);
      test.slow(); // one create and one read per variant, near misses included, one after another (see the read test)
      const { offer, exchange } = await createOnOpenOffer(api, facts, minimalCreateBody);
      const id = (exchange.body as { id?: unknown } | undefined)?.id;
      for (const v of [...VARIANTS, ...nearMissVariants(suite.config)]) {
        const { exchange: create } = await api.createSubscription(minimalCreateBody(offer), { auth: v.auth });
        if (!judgeRefusal(create, v, { profile: suite.profile, verdict })) await cancelWronglyAccepted(api, create, suite.config);
        // A near miss's read of a record is the read test's (on a record the partner holds): not sent twice.
        if (typeof id === 'string' && v.case !== 'near-miss')
          judgeRefusal(await api.getSubscription(id, v.auth), v, { profile: suite.profile, verdict });
      }
    },
  );

  test(
    'a cancel with each credential variant is refused and leaves the record as it was',
    covers('write', 'AUTH-CANCEL', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
    async ({ api, facts, suite, verdict, reads }) => {
      requireWrites(suite);
      test.skip(!suite.profile.cancel, 'The cancel route is not shown in the contract; name it in API_PROFILE ("cancel").');
      test.slow(); // a cancel per variant, near misses included, one after another (see the read test)
      const { exchange } = await createOnOpenOffer(api, facts, minimalCreateBody);
      const id = (exchange.body as { id?: unknown } | undefined)?.id;
      test.skip(exchange.status >= 300 || typeof id !== 'string', 'The create failed; SUB-CREATE reports why: no record to cancel.');
      const recordOf = (ex: Exchange) => (ex.status === 200 ? ex.body : undefined);
      const { value: before } = await reads.read({
        read: () => api.getSubscription(id as string),
        shows: (r) => recordOf(r) !== undefined,
        what: `GET /subscription/${id} after create`,
        verdict,
      });
      test.skip(recordOf(before) === undefined, 'The record created does not read back; SUB-GET reports why.');
      const readsBackAsItWas = async (after: string) => {
        const now = await api.getSubscription(id as string);
        verdict.check('AUTH-CANCEL', isDeepStrictEqual(recordOf(now), recordOf(before)), `${after}, the record must read back as it was`, {
          expected: recordOf(before),
          received: recordOf(now) ?? now.status,
          exchange: now,
        });
      };
      for (const v of VARIANTS) {
        const cancel = await api.cancelSubscription(id as string, v.auth);
        judgeRefusal(cancel, v, { profile: suite.profile, verdict, clause: 'AUTH-CANCEL' });
        await readsBackAsItWas(`after a cancel with ${v.name} (answered ${cancel.status})`);
      }
      // The near misses: each cancel judged by its answer, the record read back once after them all (fewer requests).
      const nearMisses = nearMissVariants(suite.config);
      const answers: string[] = [];
      for (const v of nearMisses) {
        const cancel = await api.cancelSubscription(id as string, v.auth);
        judgeRefusal(cancel, v, { profile: suite.profile, verdict, clause: 'AUTH-CANCEL' });
        answers.push(`${v.name} answered ${cancel.status}`);
      }
      if (nearMisses.length) await readsBackAsItWas(`after cancels with ${answers.join('; ')}`);
    },
  );
});
