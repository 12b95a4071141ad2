// Subscriptions, creates refused: invalid bodies (a 4xx, nothing created) and orders that must not be accepted (limits,
// an unknown offer). Every test here writes; each record it creates carries the run tag and is cancelled at teardown
// (see src/harness/global-setup.ts).
import { covers, createOnOpenOffer, offerToWrite, requireWrites, subscriptionRecord as record, test } from '../src/harness/fixtures.ts';
import { fullCreateBody, minimalCreateBody, without } from '../src/arbitraries/fixed-create-bodies.ts';
import { OPTIONAL_CREATE_BODY_FIELDS, REQUIRED_CREATE_BODY_FIELDS } from '../src/contract/vocabulary.ts';
import type { StrictnessKind } from '../src/contract/strictness.ts';
import { judgeInvalidCreate } from '../src/checks/strictness.ts';
import type { Offer, Subscription } from '../src/contract/types.ts';
import type { ApiClient } from '../src/client/api-client.ts';

test.beforeEach(({ suite }, testInfo) => {
  if (testInfo.tags.includes('@write')) requireWrites(suite);
});

/** An amount inside the offer's limits with a fraction (x.25), or the usual one when the limits leave no room. */
function amountWithFraction(o: Offer): number {
  const { hardMinLimit: min, hardMaxLimit: max } = o.pricingAndOrderLimits;
  const amount = Math.floor(Number(minimalCreateBody(o).amountRequested)) + 0.25;
  return amount >= min && amount <= max ? amount : Number(minimalCreateBody(o).amountRequested);
}

/** `2026-01-15T09:30:00Z` as the same instant at +01:00: `2026-01-15T10:30:00+01:00`. */
const withOneHourOffset = (utc: string): string => `${new Date(Date.parse(utc) + 3_600_000).toISOString().slice(0, 19)}+01:00`;

/** A create of `make(offer)` on `offer`, as createOnOpenOffer answers one. */
async function createOn(api: ApiClient, offer: Offer, make: (o: Offer) => unknown) {
  return { offer, ...(await api.createSubscription(make(offer))) };
}

test.describe('refused creates', () => {
  /**
   * The contract's invalid bodies: each must get a 4xx and create nothing. Cases as data. `standsFor` names the one
   * valid request a body evidently stands for, where it has one: accepted and recorded exactly as that request, it is
   * strictness (listed, failed only under API_STRICT=1); recorded otherwise, a deviation (src/checks/strictness.ts).
   */
  const invalid: Array<{
    description: string;
    clause: 'SUB-CREATE-DECIMALS' | 'SUB-CREATE-VALIDATION';
    make: (o: Offer) => unknown;
    standsFor?: { kind: StrictnessKind; make: (o: Offer) => object };
  }> = [
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
    // Numbers and booleans given as strings: the contract's types are strict ("true" is not true); taken as the value
    // they spell, strictness.
    ...(['isExistingShareholder', 'isIssuerEmployee', 'numExistingShares'] as const).map((field) => ({
      description: `${field} as a string`,
      clause: 'SUB-CREATE-VALIDATION' as const,
      make: (o: Offer) => ({ ...minimalCreateBody(o), [field]: String(fullCreateBody(o)[field]) }),
      standsFor: {
        kind: field === 'numExistingShares' ? ('numeric-string' as const) : ('boolean-string' as const),
        make: (o: Offer) => ({ ...minimalCreateBody(o), [field]: fullCreateBody(o)[field] }),
      },
    })),
    {
      // With a fraction: a server that cuts it ("1000.25" as 1000) records another amount, a deviation.
      description: 'amountRequested as a string',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({ ...minimalCreateBody(o), amountRequested: String(amountWithFraction(o)) }),
      standsFor: { kind: 'numeric-string', make: (o) => ({ ...minimalCreateBody(o), amountRequested: amountWithFraction(o) }) },
    },
    {
      description: 'subscriptionCategory "Retail" (case changed)',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({ ...minimalCreateBody(o), subscriptionCategory: 'Retail' }),
      standsFor: { kind: 'enum-case', make: (o) => ({ ...minimalCreateBody(o), subscriptionCategory: 'retail' }) },
    },
    {
      description: 'currency outside its enum',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({ ...minimalCreateBody(o), currency: 'XAU' }),
    },
    {
      description: 'clientSubscriptionTimestamp with an offset',
      clause: 'SUB-CREATE-VALIDATION',
      make: (o) => ({
        ...minimalCreateBody(o),
        clientSubscriptionTimestamp: withOneHourOffset(String(minimalCreateBody(o).clientSubscriptionTimestamp)),
      }),
      standsFor: { kind: 'offset-timestamp', make: (o) => minimalCreateBody(o) },
    },
    { description: 'offerId null', clause: 'SUB-CREATE-VALIDATION', make: (o) => ({ ...minimalCreateBody(o), offerId: null }) },
    // An explicit null in an optional field: taken as the field left out, strictness.
    ...OPTIONAL_CREATE_BODY_FIELDS.filter((f) => f !== 'clientSubscriptionReference').map((field) => ({
      description: `${field} null`,
      clause: 'SUB-CREATE-VALIDATION' as const,
      make: (o: Offer) => ({ ...minimalCreateBody(o), [field]: null }),
      standsFor: { kind: 'null-as-absent' as const, make: (o: Offer) => minimalCreateBody(o) },
    })),
  ];
  for (const c of invalid) {
    test(
      `${c.description} gets a 4xx and creates nothing`,
      // An invalid body is where a server's 5xx shows (GEN-FAILURE-4XX: never a 5xx, whatever the request).
      covers('write', c.clause, 'ERR-CREATE-CANCEL-BODY', 'ERR-400-MESSAGE', 'GEN-FAILURE-4XX'),
      async ({ api, facts, verdict }) => {
        // A body that stands for a valid request is sent to an offer that takes orders: refused by an offer that closed
        // since the run listed it (a live service; the reference's offers-closing-early), it would say nothing of how
        // the body itself is taken, and a lenient server's strictness would go unlisted. So a refusal there is followed
        // by a read of the offer, and a closed one hands the create to the next open offer (createOnOpenOffer).
        const { offer, exchange, tag, sent } = c.standsFor
          ? await createOnOpenOffer(api, facts, (o) => c.make(o) as Record<string, unknown>)
          : await createOn(api, await offerToWrite(facts), c.make);
        const standsFor = c.standsFor && { kind: c.standsFor.kind, body: c.standsFor.make(offer) };
        if (judgeInvalidCreate(verdict, exchange, { clause: c.clause, what: c.description, sent, standsFor }) !== 'refused') return;
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
