// Subscriptions, creates refused: invalid bodies (a 4xx, nothing created) and orders that must not be accepted (limits,
// an unknown offer). Every test here writes; each record it creates carries the run tag and is cancelled at teardown
// (see src/harness/global-setup.ts).
import { covers, offerToWrite, requireWrites, subscriptionRecord as record, test } from '../src/harness/fixtures.ts';
import { fullCreateBody, minimalCreateBody, without } from '../src/arbitraries/fixed-create-bodies.ts';
import { REQUIRED_CREATE_BODY_FIELDS } from '../src/contract/vocabulary.ts';
import type { Offer, Subscription } from '../src/contract/types.ts';

test.beforeEach(({ suite }, testInfo) => {
  if (testInfo.tags.includes('@write')) requireWrites(suite);
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
        const offer = await offerToWrite(facts);
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
      const offer = await offerToWrite(facts);
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
