// Subscriptions: create, read, list, cancel. Every test here writes; each record it creates carries
// the run tag and is cancelled at teardown (see src/harness/global-setup.ts).
import { isDeepStrictEqual } from 'node:util';
import { covers, createOnOpenOffer, requireOffersToWrite, requireWrites, skipIfOfferClosed, test } from '../src/harness/fixtures.ts';
import { checkCreated, checkCreateDefaults, checkEcho } from '../src/checks/create-checks.ts';
import { writableCurrencies } from '../src/run/client-currency.ts';
import {
  ENUM_FIELDS_NOT_COVERED,
  enumCoverageBodies,
  fullCreateBody,
  minimalCreateBody,
  without,
} from '../src/arbitraries/fixed-create-bodies.ts';
import { enumFieldsOf } from '../src/schema/registry.ts';
import { REQUIRED_CREATE_BODY_FIELDS } from '../src/contract/vocabulary.ts';
import type { ApiClient } from '../src/client/api-client.ts';
import type { Offer, Subscription } from '../src/contract/types.ts';
import type { Exchange } from '../src/client/exchange.ts';
import type { TargetFacts } from '../src/harness/target-facts.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import type { ReadSettle } from '../src/checks/read-settle.ts';

test.beforeEach(({ suite }, testInfo) => {
  if (testInfo.tags.includes('@write')) requireWrites(suite);
});

async function someOffer(facts: Pick<TargetFacts, 'writableOffers' | 'whyNoOfferToWrite'>, index = 0): Promise<Offer> {
  const offers = await facts.writableOffers();
  await requireOffersToWrite(facts, offers);
  return offers[index % offers.length];
}

const record = (ex: Exchange) => (ex.status < 300 && ex.body && typeof ex.body === 'object' ? (ex.body as Subscription) : null);

/**
 * The list shows a record as GET /subscription/{id} does: the same id AND the same status. A record the
 * list leaves out is SUB-LIST's finding; a different status is read again within API_READ_SETTLE (a replica
 * that shows a write a moment later is not a stale list) before it counts.
 */
async function checkListMatchesGet(api: ApiClient, reads: ReadSettle, verdict: Verdict, read: Exchange, when: string): Promise<void> {
  const got = record(read);
  if (!got) return;
  const entryOf = (list: Exchange) => (Array.isArray(list.body) ? (list.body as Subscription[]).find((s) => s?.id === got.id) : undefined);
  const { value: list } = await reads.read({
    read: () => api.listSubscriptions({ offerId: got.offerId }),
    shows: (l) => entryOf(l) === undefined || entryOf(l)!.status === got.status,
    what: `GET /subscription?offerId=${got.offerId} ${when}`,
    verdict,
  });
  const entry = entryOf(list);
  if (!entry) return;
  const message = `${when}: GET /subscription?offerId=${got.offerId} lists ${got.id} as ${String(entry.status)} (also after ${reads.windowMs} ms), GET /subscription/${got.id} as ${String(got.status)}`;
  verdict.check('SUB-LIST-MATCHES-GET', entry.status === got.status, message, {
    expected: { id: got.id, status: got.status },
    received: { id: entry.id, status: entry.status },
    exchange: list,
  });
}

/** The ids a list answer holds (none when it is not a list). */
const idsOf = (list: Exchange): string[] => (Array.isArray(list.body) ? (list.body as Subscription[]).map((s) => s?.id) : []);

test.describe('create a subscription', () => {
  test(
    'every enum value of every request field is accepted (values of different fields share a create)',
    covers('write', 'SUB-CREATE-ENUM-VALUES', 'SUB-CREATE-ECHO'),
    async ({ api, facts, verdict }) => {
      test
        .info()
        .annotations.push(
          ...Object.entries(ENUM_FIELDS_NOT_COVERED).map(([field, why]) => ({ type: 'not covered', description: `${field}: ${why}` })),
        );
      const bodiesFor = (offer: Offer) => enumCoverageBodies(offer, enumFieldsOf('subscription-create-request'));
      const count = bodiesFor(await someOffer(facts)).length;
      for (let i = 0; i < count; i++) {
        // Each body on an open offer: one that closes under the loop hands the rest to the next (createOnOpenOffer).
        const { exchange, sent, body } = await createOnOpenOffer(api, facts, (offer) => bodiesFor(offer)[i % bodiesFor(offer).length]);
        const values = Object.fromEntries(
          enumFieldsOf('subscription-create-request')
            .filter(([field]) => !(field in ENUM_FIELDS_NOT_COVERED))
            .map(([field]) => [field, body[field]]),
        );
        const created = exchange.status >= 200 && exchange.status < 300 && record(exchange) !== null;
        verdict.check(
          'SUB-CREATE-ENUM-VALUES',
          created,
          `a valid body with ${Object.entries(values)
            .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
            .join(', ')} was refused`,
          {
            expected: '2xx with the created record',
            received: exchange.isJson ? { status: exchange.status, body: exchange.body } : exchange.status,
            exchange,
          },
        );
        checkEcho(verdict, sent as Record<string, unknown>, exchange);
      }
    },
  );

  test(
    'a valid body with every field creates a record that echoes it',
    covers(
      'write',
      'SUB-CREATE',
      'SUB-CREATE-STATUS-CODE',
      'SUB-SCHEMA',
      'SUB-CREATE-ECHO',
      'SUB-CREATE-ID',
      'SUB-STATUS-ENUM',
      'SUB-CREATE-OUTCOME',
      'SUB-MEMBERSHIP-STATUS',
      'AUTH-CLIENT-CURRENCY',
    ),
    async ({ api, facts, verdict, suite }) => {
      const { exchange, sent } = await createOnOpenOffer(api, facts, fullCreateBody);
      const got = checkCreated(verdict, exchange, suite.profile);
      checkEcho(verdict, sent as Record<string, unknown>, exchange);
      if (got) {
        verdict.check('SUB-CREATE-ID', typeof got.id === 'string' && got.id.length > 0, 'the service generates a non-empty id', {
          expected: 'a non-empty string',
          received: got.id,
          exchange,
        });
        verdict.observe({
          clause: 'AUTH-CLIENT-CURRENCY',
          key: `currency.accepted.${String(got.currency)}`,
          message: `an order in ${String(got.currency)} got status ${got.status}`,
          value: got.currency,
        });
        // What the global setup's creates showed (src/run/client-currency.ts): currencies refused, offers not written to.
        for (const r of writableCurrencies().refused)
          verdict.observe({
            clause: 'AUTH-CLIENT-CURRENCY',
            key: `currency.refused.${r.currency}`,
            message: `a valid create in ${r.currency} (offer ${r.offerId}) was refused with ${r.status}: the target holds the client to another currency, and offers in ${r.currency} are not written to`,
            value: r.currency,
          });
        if (got.membershipStatus !== undefined)
          verdict.observe({
            clause: 'SUB-MEMBERSHIP-STATUS',
            key: `membershipStatus.${String(got.membershipStatus)}`,
            message: `membershipStatus ${String(got.membershipStatus)} without a membershipCode`,
            value: got.membershipStatus,
          });
      }
    },
  );

  test(
    'a body with only the required fields is created and echoed',
    covers('write', 'SUB-CREATE', 'SUB-CREATE-ECHO'),
    async ({ api, facts, verdict, suite }) => {
      const { exchange, sent } = await createOnOpenOffer(api, facts, minimalCreateBody, 1);
      checkCreated(verdict, exchange, suite.profile);
      checkEcho(verdict, sent as Record<string, unknown>, exchange);
    },
  );

  test(
    'with neither subscriptionType nor subscriptionCategory, the defaults apply',
    covers('write', 'SUB-CREATE-DEFAULTS'),
    async ({ api, facts, verdict, suite }) => {
      const { exchange } = await createOnOpenOffer(api, facts, (offer) =>
        without(minimalCreateBody(offer), 'subscriptionType', 'subscriptionCategory'),
      );
      const got = checkCreated(verdict, exchange, suite.profile);
      if (got) checkCreateDefaults(verdict, got, exchange);
      else
        verdict.check('SUB-CREATE-DEFAULTS', false, 'the defaults discretionary_qualified / professional were not applied', {
          expected: '2xx with the created record',
          received: `status ${exchange.status}`,
          exchange,
        });
    },
  );

  test(
    'identical bodies sent twice create two records with different ids, and another order with the same reference a third',
    covers('write', 'SUB-CREATE-NO-DEDUP', 'SUB-CREATE-ID'),
    async ({ api, facts, verdict }) => {
      const first = await createOnOpenOffer(api, facts, (offer) => ({
        ...minimalCreateBody(offer),
        clientSubscriptionReference: api.journal.nextTag(),
      }));
      const second = await api.createSubscription(first.body);
      await skipIfOfferClosed(api, second.exchange, first.offer.id);
      const [a, b] = [record(first.exchange), record(second.exchange)];
      verdict.check('SUB-CREATE-NO-DEDUP', a !== null && b !== null, 'the second identical body was not created', {
        expected: 'two created records',
        received: [first.exchange.status, second.exchange.status],
        exchange: second.exchange,
      });
      if (a && b)
        verdict.check('SUB-CREATE-NO-DEDUP', a.id !== b.id, 'two identical bodies returned the same record', {
          expected: 'two different ids',
          received: [a.id, b.id],
          exchange: second.exchange,
        });
      // Another order carrying the same clientSubscriptionReference (the partner's own reference, not a key the contract
      // makes unique): a record of its own, with an id of its own. The run-wide check judges it on the journal too.
      const third = await api.createSubscription({ ...first.body, accountType: 'general_investment' });
      await skipIfOfferClosed(api, third.exchange, first.offer.id);
      const c = record(third.exchange);
      if (a && c)
        verdict.check(
          'SUB-CREATE-ID',
          c.id !== a.id && c.id !== b?.id,
          'another order with the same clientSubscriptionReference was given the id of an earlier record',
          { expected: 'an id no other record of the run has', received: [a.id, b?.id, c.id], exchange: third.exchange },
        );
    },
  );

  test(
    'only one of subscriptionType and subscriptionCategory: what the target does is recorded',
    covers('write', 'SUB-CREATE-TYPE-OR-CATEGORY'),
    async ({ api, facts, verdict }) => {
      const offer = await someOffer(facts);
      for (const dropped of ['subscriptionType', 'subscriptionCategory']) {
        const { exchange } = await api.createSubscription(without(minimalCreateBody(offer), dropped));
        const got = record(exchange);
        verdict.observe({
          clause: 'SUB-CREATE-TYPE-OR-CATEGORY',
          key: `onlyOne.without.${dropped}`,
          message: `without ${dropped}: ${exchange.status}${got ? ` (${dropped} = ${JSON.stringify(got[dropped])})` : ''}`,
          value: exchange.status,
        });
      }
    },
  );
});

test.describe('refused creates', () => {
  /** The contract's invalid bodies: each must get a 4xx and create nothing. Cases as data. */
  const invalid: Array<{ description: string; clause: 'SUB-CREATE-DECIMALS' | 'SUB-CREATE-VALIDATION'; make: (o: Offer) => unknown }> = [
    {
      description: 'amountRequested with 7 decimal places',
      clause: 'SUB-CREATE-DECIMALS',
      make: (o) => ({ ...minimalCreateBody(o), amountRequested: o.pricingAndOrderLimits.hardMinLimit + 0.1234567 }),
    },
    {
      description: 'amountRequested 1.0000001',
      clause: 'SUB-CREATE-DECIMALS',
      make: (o) => ({ ...minimalCreateBody(o), amountRequested: Math.floor(o.pricingAndOrderLimits.hardMinLimit) + 1.0000001 }),
    },
    // Every required field left out alone (REQUIRED_CREATE_BODY_FIELDS; the pair subscriptionType/subscriptionCategory
    // has the contract's defaults): a service that fills one in (its own clock for the timestamp) must fail.
    ...REQUIRED_CREATE_BODY_FIELDS.map((field) => ({
      description: `${field} missing`,
      clause: 'SUB-CREATE-VALIDATION' as const,
      make: (o: Offer) => without(minimalCreateBody(o), field),
    })),
    // Numbers and booleans given as strings: the contract's types are strict ("true" is not true).
    ...(['isExistingShareholder', 'isIssuerEmployee', 'numExistingShares'] as const).map((field) => ({
      description: `${field} as a string`,
      clause: 'SUB-CREATE-VALIDATION' as const,
      make: (o: Offer) => ({ ...minimalCreateBody(o), [field]: String(fullCreateBody(o)[field]) }),
    })),
    {
      description: 'amountRequested as a string',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({ ...minimalCreateBody(o), amountRequested: String(minimalCreateBody(o).amountRequested) }),
    },
    {
      description: 'subscriptionCategory "Retail" (case changed)',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({ ...minimalCreateBody(o), subscriptionCategory: 'Retail' }),
    },
    {
      description: 'currency outside its enum',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({ ...minimalCreateBody(o), currency: 'XAU' }),
    },
    {
      description: 'clientSubscriptionTimestamp with an offset',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({ ...minimalCreateBody(o), clientSubscriptionTimestamp: '2026-01-15T10:30:00+01:00' }),
    },
    { description: 'offerId null', clause: 'SUB-CREATE-VALIDATION', make: (o) => ({ ...minimalCreateBody(o), offerId: null }) },
  ];
  for (const c of invalid) {
    test(
      `${c.description} gets a 4xx and creates nothing`,
      // An invalid body is where a server's 5xx shows (GEN-FAILURE-4XX: never a 5xx, whatever the request).
      covers('write', c.clause, 'ERR-CREATE-CANCEL-BODY', 'ERR-400-MESSAGE', 'GEN-FAILURE-4XX'),
      async ({ api, facts, verdict }) => {
        const offer = await someOffer(facts);
        const { exchange, tag } = await api.createSubscription(c.make(offer));
        verdict.check(c.clause, exchange.status >= 400 && exchange.status < 500, `${c.description} must be refused with a 4xx`, {
          expected: '4xx with the validation error body',
          received: `${exchange.status}${record(exchange) ? ` (record ${record(exchange)!.id}, status ${record(exchange)!.status})` : ''}`,
          exchange,
        });
        const list = await api.listSubscriptions({ offerId: offer.id });
        const created = Array.isArray(list.body) ? (list.body as Subscription[]).filter((s) => s.clientSubscriptionReference === tag) : [];
        verdict.check(c.clause, created.length === 0, `${c.description}: a refused create must not leave a record`, {
          expected: 'no record with the tag',
          received: created.map((s) => s.id),
          exchange: list,
        });
      },
    );
  }

  /** Orders the contract says must not be accepted: a 4xx, or a record with status rejected. */
  const notAccepted: Array<{
    description: string;
    clause: 'SUB-CREATE-ORDER-LIMITS' | 'SUB-CREATE-UNKNOWN-OFFER';
    make: (o: Offer, runId: string) => Record<string, unknown>;
  }> = [
    {
      description: 'an amount above hardMaxLimit',
      clause: 'SUB-CREATE-ORDER-LIMITS',
      make: (o) => ({ ...minimalCreateBody(o), amountRequested: o.pricingAndOrderLimits.hardMaxLimit + 1 }),
    },
    {
      description: 'an amount below hardMinLimit',
      clause: 'SUB-CREATE-ORDER-LIMITS',
      make: (o) => ({ ...minimalCreateBody(o), amountRequested: Math.max(0, o.pricingAndOrderLimits.hardMinLimit - 1) }),
    },
    {
      description: 'an offerId not in the offers list',
      clause: 'SUB-CREATE-UNKNOWN-OFFER',
      make: (o, runId) => ({ ...minimalCreateBody(o), offerId: `osd-suite-unknown-${runId}` }),
    },
  ];
  for (const c of notAccepted) {
    test(`${c.description} is not accepted`, covers('write', c.clause), async ({ api, facts, verdict, suite }) => {
      const offer = await someOffer(facts);
      test.skip(
        c.clause === 'SUB-CREATE-ORDER-LIMITS' && offer.pricingAndOrderLimits.hardMinLimit < 1 && c.description.includes('below'),
        'hardMinLimit is below 1: no amount under it to send.',
      );
      const { exchange } = await api.createSubscription(c.make(offer, suite.config.runId));
      const got = record(exchange);
      const ok = (exchange.status >= 400 && exchange.status < 500) || (got !== null && got.status === 'rejected');
      verdict.check(c.clause, ok, `${c.description} must get a 4xx or a record with status rejected`, {
        expected: '4xx, or status rejected',
        received: got ? `status ${got.status}` : exchange.status,
        exchange,
      });
    });
  }
});

test.describe('read, list and cancel', () => {
  test(
    'a created record reads back by id and appears in the list',
    covers('write', 'SUB-GET', 'SUB-LIST', 'SUB-SCHEMA', 'SUB-LIST-MATCHES-GET', 'SUB-READ-AFTER-WRITE'),
    async ({ api, facts, verdict, suite, reads }) => {
      const { exchange } = await createOnOpenOffer(api, facts, fullCreateBody);
      const created = checkCreated(verdict, exchange, suite.profile);
      test.skip(!created, 'The create failed; SUB-CREATE reports why.');
      const readBack = await reads.read({
        read: () => api.getSubscription(created!.id),
        shows: (r) => r.status === 200 && isDeepStrictEqual(r.body, created),
        what: `GET /subscription/${created!.id} after create`,
        verdict,
      });
      const read = readBack.value;
      verdict.check(
        'SUB-GET',
        read.status === 200 && isDeepStrictEqual(read.body, created),
        `GET /subscription/${created!.id} must return the record as created${reads.note(readBack)}`,
        { expected: created, received: read.isJson ? read.body : read.status, exchange: read },
      );
      const listed = await reads.read({
        read: () => api.listSubscriptions(),
        shows: (l) => l.status === 200 && idsOf(l).includes(created!.id),
        what: 'GET /subscription after create',
        verdict,
      });
      const list = listed.value;
      const ids = idsOf(list);
      const message = `GET /subscription must list the record just created${reads.note(listed)}`;
      verdict.check('SUB-LIST', list.status === 200 && ids.includes(created!.id), message, {
        expected: `a list containing ${created!.id}`,
        received: list.status === 200 ? `${ids.length} records without it` : list.status,
        exchange: list,
      });
      await checkListMatchesGet(api, reads, verdict, read, 'after create');
    },
  );

  test(
    'the offerId filter returns only, and all, the subscriptions on that offer',
    covers('write', 'SUB-LIST-OFFER-FILTER', 'SUB-READ-AFTER-WRITE'),
    async ({ api, facts, verdict, reads }) => {
      await requireOffersToWrite(facts, await facts.writableOffers(), { needed: 2, fewer: 'Needs two open offers to write to.' });
      // On two open offers (one that closes under the create hands it to the next: createOnOpenOffer).
      const first = await createOnOpenOffer(api, facts, minimalCreateBody, 0);
      const second = await createOnOpenOffer(api, facts, minimalCreateBody, 1);
      const [a, b] = [record(first.exchange), record(second.exchange)];
      test.skip(!a || !b, 'The creates failed; SUB-CREATE reports why.');
      const offerId = first.offer.id;
      const listed = await reads.read({
        read: () => api.listSubscriptions({ offerId }),
        shows: (l) => idsOf(l).includes(a!.id),
        what: `GET /subscription?offerId=${offerId} after create`,
        verdict,
      });
      const list = listed.value;
      const got = Array.isArray(list.body) ? (list.body as Subscription[]) : [];
      const foreign = got.filter((s) => s.offerId !== offerId);
      verdict.check('SUB-LIST-OFFER-FILTER', foreign.length === 0, `?offerId=${offerId} returned subscriptions on other offers`, {
        expected: `only offerId ${offerId}`,
        received: [...new Set(foreign.map((s) => s.offerId))],
        exchange: list,
      });
      verdict.check(
        'SUB-LIST-OFFER-FILTER',
        got.some((s) => s.id === a!.id),
        `?offerId=${offerId} left out a subscription on that offer${reads.note(listed)}`,
        { expected: `a list containing ${a!.id}`, received: got.map((s) => s.id).slice(0, 10), exchange: list },
      );
    },
  );

  test(
    'an unknown subscription id gets a 4xx with the list/get error body',
    covers('read', 'SUB-UNKNOWN-ID', 'ERR-LIST-GET-BODY'),
    async ({ api, suite, verdict }) => {
      const ex = await api.getSubscription(`osd-suite-unknown-${suite.config.runId}`);
      verdict.status(ex, {
        key: 'unknownId',
        profile: suite.profile,
        observeClause: 'ERR-STATUS-CODES',
        contractClause: 'SUB-UNKNOWN-ID',
        contractRule: ['4xx'],
        what: 'GET /subscription/{unknown id}',
      });
    },
  );

  test(
    'a cancelled subscription reads back as cancelled',
    covers('write', 'SUB-CANCEL', 'SUB-CANCEL-ROUTE', 'SUB-CANCEL-REPEAT', 'SUB-LIST-MATCHES-GET', 'SUB-READ-AFTER-WRITE'),
    async ({ api, facts, verdict, suite, reads }) => {
      test.skip(!suite.profile.cancel, 'The cancel route is not shown in the contract; name it in API_PROFILE ("cancel").');
      const created = record((await createOnOpenOffer(api, facts, minimalCreateBody)).exchange);
      if (created?.status !== 'accepted')
        test.skip(
          true,
          created
            ? `The create was recorded as ${JSON.stringify(created.status)}, not accepted (which outcome under which condition is not shown): no accepted record to cancel.`
            : 'Needs an accepted record to cancel; SUB-CREATE reports why there is none.',
        );
      const cancel = await api.cancelSubscription(created!.id);
      verdict.status(cancel, {
        key: 'cancel',
        profile: suite.profile,
        observeClause: 'SUB-CANCEL-ROUTE',
        contractClause: 'SUB-CANCEL',
        contractRule: ['2xx'],
        what: `${suite.profile.cancel!.method} ${suite.profile.cancel!.path}`,
      });
      const cancelledStatus = (ex: Exchange) => (ex.status === 200 ? (ex.body as Subscription | undefined)?.status : undefined);
      const readCancelled = (what: string) =>
        reads.read({ read: () => api.getSubscription(created!.id), shows: (r) => cancelledStatus(r) === 'cancelled', what, verdict });
      const readBack = await readCancelled(`GET /subscription/${created!.id} after cancel`);
      const read = readBack.value;
      const status = cancelledStatus(read);
      const message = `after a successful cancel the record must read back as cancelled${reads.note(readBack)}`;
      verdict.check('SUB-CANCEL', status === 'cancelled', message, {
        expected: 'cancelled',
        received: status ?? read.status,
        exchange: read,
      });
      await checkListMatchesGet(api, reads, verdict, read, 'after cancel');
      const again = await api.cancelSubscription(created!.id);
      verdict.status(again, {
        key: 'cancelNotCancellable',
        profile: suite.profile,
        observeClause: 'SUB-CANCEL-REPEAT',
        what: 'cancelling an already cancelled subscription',
      });
      // Accepted or refused, a repeat cancel must not move the record out of "cancelled" (no state after it is shown).
      const readAfter = await readCancelled(`GET /subscription/${created!.id} after a second cancel`);
      const after = readAfter.value;
      const statusAfter = cancelledStatus(after);
      verdict.check(
        'SUB-CANCEL',
        statusAfter === 'cancelled',
        `after a second cancel (answered ${again.status}) the record must still read back as cancelled${reads.note(readAfter)}`,
        { expected: 'cancelled', received: statusAfter ?? after.status, exchange: after },
      );
    },
  );

  test(
    'cancelling an unknown id gets a 4xx with the create/cancel error body',
    covers('write', 'SUB-CANCEL-UNKNOWN-ID', 'ERR-CREATE-CANCEL-BODY'),
    async ({ api, suite, verdict }) => {
      test.skip(!suite.profile.cancel, 'The cancel route is not shown in the contract; name it in API_PROFILE ("cancel").');
      const ex = await api.cancelSubscription(`osd-suite-unknown-${suite.config.runId}`);
      verdict.status(ex, {
        key: 'unknownId',
        profile: suite.profile,
        observeClause: 'ERR-STATUS-CODES',
        contractClause: 'SUB-CANCEL-UNKNOWN-ID',
        contractRule: ['4xx'],
        what: 'cancel of an unknown id',
      });
    },
  );
});
