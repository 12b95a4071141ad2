// Authentication: both credential headers on every call but the health check.
import { covers, requireWrites, test } from '../src/harness/fixtures.ts';
import type { AuthMode } from '../src/client/api-client.ts';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import type { StatusKey } from '../src/config/target-profile.ts';
import { validate } from '../src/schema/registry.ts';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';

/** Credential variations: cases as data. A wrong value is a plausible-looking one, not an empty string. */
const VARIANTS: Array<{ name: string; auth: AuthMode; clause: ClauseId; statusKey: StatusKey }> = [
  { name: 'no credential headers', auth: 'none', clause: 'AUTH-REQUIRED', statusKey: 'missingCredentials' },
  {
    name: 'no service-api-subscription',
    auth: { subscriptionKey: null },
    clause: 'AUTH-SUBSCRIPTION-KEY',
    statusKey: 'missingCredentials',
  },
  { name: 'no service-api-secret', auth: { secret: null }, clause: 'AUTH-SECRET', statusKey: 'missingCredentials' },
  {
    name: 'a wrong service-api-subscription',
    auth: { subscriptionKey: 'osd-suite-wrong-subscription-key' },
    clause: 'AUTH-SUBSCRIPTION-KEY',
    statusKey: 'wrongCredentials',
  },
  { name: 'a wrong service-api-secret', auth: { secret: 'osd-suite-wrong-secret' }, clause: 'AUTH-SECRET', statusKey: 'wrongCredentials' },
];

test.describe('authentication', () => {
  for (const v of VARIANTS) {
    test(
      `${v.name} is refused on every read operation`,
      covers('read', v.clause, 'AUTH-REQUIRED', 'AUTH-ERROR-BODY', 'AUTH-FAILURE-STATUS'),
      async ({ api, facts, suite, verdict }) => {
        const offers = await facts.offers();
        const someId = offers[0]?.id ?? 'osd-suite-any';
        const calls = [
          () => api.listOffers({ offset: 0, limit: 1 }, v.auth),
          () => api.getOffer(someId, v.auth),
          () => api.listAllocations(undefined, v.auth),
          () => api.getAllocation(someId, undefined, v.auth),
          () => api.listSubscriptions({ offset: 0, limit: 1 }, v.auth),
        ];
        for (const call of calls) {
          const ex = await call();
          verdict.status(ex, {
            key: v.statusKey,
            profile: suite.profile,
            observeClause: 'AUTH-FAILURE-STATUS',
            contractClause: v.clause,
            contractRule: ['4xx'],
            what: `${ex.method} ${ex.path} with ${v.name}`,
          });
          if (ex.status >= 400 && ex.status < 500) {
            const body = validate('error-body', ex.body);
            verdict.check(
              'AUTH-ERROR-BODY',
              ex.isJson && body.valid,
              `${ex.method} ${ex.path} refused with ${v.name}, but not with the list/get error body`,
              { expected: 'the list/get error body', received: ex.isJson ? body.errors : ex.text.slice(0, 200), exchange: ex },
            );
          }
        }
      },
    );
  }

  test(
    'a create without credentials is refused with the create/cancel error body',
    covers('write', 'AUTH-REQUIRED', 'AUTH-ERROR-BODY'),
    async ({ api, facts, suite, verdict }) => {
      requireWrites(suite);
      const offers = await facts.writableOffers();
      test.skip(offers.length === 0, 'No open offer to address the create to.');
      const { exchange: ex } = await api.createSubscription(minimalCreateBody(offers[0]), { auth: 'none' });
      verdict.status(ex, {
        key: 'missingCredentials',
        profile: suite.profile,
        observeClause: 'AUTH-FAILURE-STATUS',
        contractClause: 'AUTH-REQUIRED',
        contractRule: ['4xx'],
        what: 'POST /subscription without credentials',
      });
      if (ex.status >= 400 && ex.status < 500) {
        const body = validate('validation-error-body', ex.body);
        verdict.check('AUTH-ERROR-BODY', ex.isJson && body.valid, 'a refused create must carry the create/cancel error body', {
          expected: 'the create/cancel error body',
          received: ex.isJson ? body.errors : ex.text.slice(0, 200),
          exchange: ex,
        });
      }
    },
  );
});
