// Properties of creating a subscription with a valid body (contract, "Create a subscription" and the
// Subscription table). Each case creates one record, tagged with the run tag and cancelled at teardown.
import { clientTagged, withoutReference } from './arbitraries/client-tagged.ts';
import { edgeAmountBody } from './arbitraries/edge-amount-body.ts';
import { checkCreated, checkCreateDefaults, checkEcho, checkNotAccepted, checkRefused, skipIfOfferClosed } from './checks.ts';
import { property, requireOffersToWrite, requireWrites, test } from './fixtures.ts';
import { BODY_CONSTRAINTS, fuzzOffers } from './offers.ts';
import type { FuzzRunner } from './runner.ts';
import type { TargetFacts } from '../src/harness/target-facts.ts';
import { createBodyWithoutTypeOrCategory, validCreateBody } from '../src/arbitraries/index.ts';

test.beforeEach(({ suite }) => requireWrites(suite));

async function openOffers(fuzz: FuzzRunner, facts: TargetFacts) {
  const { writeTo } = await fuzzOffers(fuzz, facts);
  await requireOffersToWrite(facts, writeTo);
  return writeTo;
}

test(
  'a valid body is created with a 2xx, a valid record and every field echoed',
  property('write', 'SUB-CREATE', 'SUB-CREATE-STATUS-CODE', 'SUB-SCHEMA', 'SUB-CREATE-ECHO', 'SUB-STATUS-ENUM', 'SUB-CREATE-OUTCOME'),
  async ({ fuzz, facts, suite }) => {
    const offers = await openOffers(fuzz, facts);
    await fuzz.check({
      arbitrary: clientTagged(validCreateBody(offers, BODY_CONSTRAINTS)),
      writesPerRun: 1,
      writeShares: 6,
      async run(body, verdict) {
        // The exchange checks validate the record against the response schema (status in its enum included).
        const { exchange, sent } = await fuzz.create(body);
        await skipIfOfferClosed(fuzz, exchange, body.offerId);
        checkCreated(verdict, exchange, suite.profile);
        checkEcho(verdict, sent as Record<string, unknown>, exchange);
      },
    });
  },
);

test(
  'a body with neither subscriptionType nor subscriptionCategory gets discretionary_qualified and professional',
  property('write', 'SUB-CREATE-DEFAULTS', 'SUB-CREATE', 'SUB-CREATE-ECHO'),
  async ({ fuzz, facts, suite }) => {
    const offers = await openOffers(fuzz, facts);
    await fuzz.check({
      arbitrary: clientTagged(createBodyWithoutTypeOrCategory(offers, BODY_CONSTRAINTS)),
      writesPerRun: 1,
      writeShares: 2,
      async run(body, verdict) {
        const { exchange, sent } = await fuzz.create(body);
        await skipIfOfferClosed(fuzz, exchange, body.offerId);
        const record = checkCreated(verdict, exchange, suite.profile);
        checkEcho(verdict, sent as Record<string, unknown>, exchange);
        if (record) checkCreateDefaults(verdict, record, exchange);
      },
    });
  },
);

test(
  'edge amounts get what the contract says of them',
  property('write', 'SUB-CREATE', 'SUB-CREATE-DECIMALS', 'SUB-CREATE-ORDER-LIMITS', 'SUB-CREATE-ECHO'),
  async ({ fuzz, facts, suite }) => {
    const offers = await openOffers(fuzz, facts);
    await fuzz.check({
      arbitrary: edgeAmountBody(offers, BODY_CONSTRAINTS).map((c) => ({ ...c, body: withoutReference(c.body) })),
      writesPerRun: 1,
      writeShares: 4,
      async run({ edge, body }, verdict) {
        const { exchange, sent } = await fuzz.create(body);
        const what = `amountRequested ${edge.name}`;
        if (edge.expect === 'accepted') {
          await skipIfOfferClosed(fuzz, exchange, body.offerId);
          checkCreated(verdict, exchange, suite.profile);
          checkEcho(verdict, sent as Record<string, unknown>, exchange);
        } else if (edge.expect === 'schema') {
          checkRefused(verdict, exchange, edge.clauses[0], what);
        } else {
          checkNotAccepted(verdict, exchange, edge.clauses[0], what);
        }
      },
    });
  },
);
