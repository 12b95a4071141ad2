// Partner isolation (SEC-PARTNER-ISOLATION): a security finding beyond the contract's words, reported as its own kind
// (src/contract/clauses/security.ts says why). With a second partner's credentials (API_SECOND_SUBSCRIPTION_KEY /
// API_SECOND_SECRET), a record the first partner created is invisible to the second and out of its reach: absent from
// the list filtered by its offer, a read of it refused, a cancel of it refused and leaving it as it was. Without the
// second credentials, or where the run may not write, the test skips saying why (the certification is INCOMPLETE).
import { isDeepStrictEqual } from 'node:util';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';
import type { Exchange } from '../src/client/exchange.ts';
import { covers, createOnOpenOffer, requireWrites, test } from '../src/harness/fixtures.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';

const isRefusal = (ex: Exchange) => ex.status >= 400 && ex.status < 500;

/** A failure of the isolation finding; the evidence is the second partner's exchange. */
function leak(verdict: Verdict, ok: boolean, message: string, expected: string, ex: Exchange): boolean {
  return verdict.check('SEC-PARTNER-ISOLATION', ok, message, {
    expected,
    received: `${ex.status} ${JSON.stringify(ex.body)?.slice(0, 300)}`,
    exchange: ex,
  });
}

test.describe('partner isolation (beyond the contract)', () => {
  test(
    "a second partner cannot list, read or cancel the first partner's subscription",
    covers('write', 'SEC-PARTNER-ISOLATION'),
    async ({ api, facts, suite, reads, verdict }) => {
      const second = suite.config.secondCredentials;
      test.skip(
        !second,
        "No second partner's credentials (API_SECOND_SUBSCRIPTION_KEY and API_SECOND_SECRET): whether one partner can see or cancel another's subscriptions is not checked.",
      );
      requireWrites(suite);
      test.skip(
        !suite.profile.cancel,
        'The cancel route is not known (API_PROFILE names none): a cancel by the second partner cannot be tried.',
      );
      const asSecond = { subscriptionKey: second!.subscriptionKey, secret: second!.secret };

      // The second credentials must work at all, or every refusal below would prove nothing. An instrument, not judged
      // here: what GET /offer answers is the offers tests' subject (src/harness/shared-facts.ts says why).
      const offers = await verdict.whileMuted(() => api.listOffers(undefined, asSecond));
      test.skip(
        offers.status !== 200,
        `The second partner's credentials were refused (GET /offer answered ${offers.status}): isolation between partners is not checked.`,
      );

      const { offer, exchange } = await createOnOpenOffer(api, facts, minimalCreateBody);
      const record = exchange.body as { id?: unknown } | null;
      test.skip(
        !(exchange.status < 300 && typeof record?.id === 'string'),
        `The first partner's create was not answered with a record (${exchange.status}): the create tests say why; isolation is not checked.`,
      );
      const id = record!.id as string;
      // What the first partner reads of it, once a read shows it (API_READ_SETTLE).
      const before = await reads.read({
        read: () => api.getSubscription(id),
        shows: (ex) => ex.status === 200,
        what: `GET /subscription/${id} after its create`,
        verdict,
      });
      test.skip(
        !before.shows,
        `The first partner's own record ${id} could not be read back: the read tests say why; isolation is not checked.`,
      );

      const runTag = api.journal.runTagPrefix();
      const list = await api.listSubscriptions({ offerId: offer.id }, asSecond);
      const listed = Array.isArray(list.body) ? (list.body as Array<{ id?: unknown; clientSubscriptionReference?: unknown }>) : [];
      const theirs = listed.filter(
        (s) => s?.id === id || (typeof s?.clientSubscriptionReference === 'string' && s.clientSubscriptionReference.startsWith(runTag)),
      );
      leak(
        verdict,
        theirs.length === 0,
        `the second partner's GET /subscription?offerId=${offer.id} lists ${theirs.length} subscription(s) the first partner created`,
        "none of the first partner's records",
        list,
      );

      // A read, then a cancel, of the first partner's record: each refused.
      for (const attempt of [
        { what: `GET /subscription/${id}`, send: () => api.getSubscription(id, asSecond) },
        { what: `cancel of ${id}`, send: () => api.cancelSubscription(id, asSecond) },
      ]) {
        const ex = await attempt.send();
        leak(verdict, isRefusal(ex), `the second partner's ${attempt.what} (the first partner's record) was not refused`, 'a 4xx', ex);
      }
      const after = await api.getSubscription(id);
      verdict.check(
        'SEC-PARTNER-ISOLATION',
        after.status === 200 && isDeepStrictEqual(after.body, before.value.body),
        `after the second partner's cancel, the first partner's record ${id} must be as it was`,
        { expected: before.value.body, received: after.status === 200 ? after.body : `status ${after.status}`, exchange: after },
      );
    },
  );
});
