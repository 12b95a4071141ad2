// Authentication: both credential headers on every call but the health check, probed on each of the eight
// operations with every credential variant (a service that checks most routes but not one must fail).
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
// Every credential case of the request-coverage table has its variant here.
for (const c of CREDENTIAL_CASES) if (c !== 'valid' && !VARIANTS.some((v) => v.case === c)) throw new Error(`no variant for ${c}`);

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

test.describe('authentication', () => {
  for (const v of VARIANTS) {
    test(
      `${v.name} is refused on every read operation`,
      covers('read', v.clause, 'AUTH-REQUIRED', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
      async ({ api, facts, suite, verdict }) => {
        const offers = await facts.offers();
        const someId = offers[0]?.id ?? 'osd-suite-any';
        const subscriptionId = await someSubscriptionId(api);
        const calls = [
          () => api.listOffers({ offset: 0, limit: 1 }, v.auth),
          () => api.getOffer(someId, v.auth),
          () => api.listAllocations(undefined, v.auth),
          () => api.getAllocation(someId, undefined, v.auth),
          () => api.listSubscriptions({ offset: 0, limit: 1 }, v.auth),
          () => api.getSubscription(subscriptionId, v.auth),
        ];
        for (const call of calls) judgeRefusal(await call(), v, { profile: suite.profile, verdict });
      },
    );
  }

  test(
    'every credential variant is refused on create, and on a read of a record of the run',
    covers('write', 'AUTH-REQUIRED', 'AUTH-SUBSCRIPTION-KEY', 'AUTH-SECRET', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
    async ({ api, facts, suite, verdict }) => {
      requireWrites(suite);
      const { offer, exchange } = await createOnOpenOffer(api, facts, minimalCreateBody);
      const id = (exchange.body as { id?: unknown } | undefined)?.id;
      for (const v of VARIANTS) {
        const { exchange: create } = await api.createSubscription(minimalCreateBody(offer), { auth: v.auth });
        judgeRefusal(create, v, { profile: suite.profile, verdict });
        if (typeof id === 'string') judgeRefusal(await api.getSubscription(id, v.auth), v, { profile: suite.profile, verdict });
      }
    },
  );

  test(
    'a cancel with each credential variant is refused and leaves the record as it was',
    covers('write', 'AUTH-CANCEL', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
    async ({ api, facts, suite, verdict, reads }) => {
      requireWrites(suite);
      test.skip(!suite.profile.cancel, 'The cancel route is not shown in the contract; name it in API_PROFILE ("cancel").');
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
      for (const v of VARIANTS) {
        const cancel = await api.cancelSubscription(id as string, v.auth);
        judgeRefusal(cancel, v, { profile: suite.profile, verdict, clause: 'AUTH-CANCEL' });
        const after = await api.getSubscription(id as string);
        verdict.check(
          'AUTH-CANCEL',
          isDeepStrictEqual(recordOf(after), recordOf(before)),
          `after a cancel with ${v.name} (answered ${cancel.status}), the record must read back as it was`,
          { expected: recordOf(before), received: recordOf(after) ?? after.status, exchange: after },
        );
      }
    },
  );
});
