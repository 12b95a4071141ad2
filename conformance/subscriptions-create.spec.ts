// Subscriptions, creates accepted: every field, only the required ones, the defaults, identical bodies twice, one of
// subscriptionType and subscriptionCategory. Every test here writes; each record it creates carries the run tag and is
// cancelled at teardown (see src/harness/global-setup.ts). The refused creates: subscriptions-refused.spec.ts.
import {
  covers,
  createOnOpenOffer,
  offerToWrite,
  onOfferThatStaysOpen,
  requireWrites,
  skipIfOfferClosed,
  subscriptionRecord as record,
  test,
} from '../src/harness/fixtures.ts';
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
import type { Offer } from '../src/contract/types.ts';

test.beforeEach(({ suite }, testInfo) => {
  if (testInfo.tags.includes('@write')) requireWrites(suite);
});

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
      const count = bodiesFor(await offerToWrite(facts)).length;
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
      // Both creates on one offer: an offer closing between them is no answer to a second identical body.
      const { first, second } = await onOfferThatStaysOpen(api, async () => {
        const first = await createOnOpenOffer(api, facts, (offer) => ({
          ...minimalCreateBody(offer),
          clientSubscriptionReference: api.journal.nextTag(),
        }));
        const second = await api.createSubscription(first.body);
        return { first, second, offer: first.offer, later: second.exchange };
      });
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
      const offer = await offerToWrite(facts);
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
