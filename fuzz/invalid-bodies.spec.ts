// Properties of refused creates, one per kind of defect (src/arbitraries/create-body-defects.ts): each
// case is a body with exactly one defect, labelled with what the contract expects of it.
// - schema defects: a 4xx with the create error body (the exchange checks validate it), and no record
//   left behind (looked for in the list by the case's run tag);
// - orders the contract says must not be accepted: a 4xx, or a record with status rejected;
// - only one of subscriptionType/subscriptionCategory: the contract is silent, so what the target does
//   is recorded, never failed.
import { getClause } from '../src/contract/clauses/catalogue.ts';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import { CREATE_BODY_DEFECTS, DEFECT_KINDS, invalidCreateBody } from '../src/arbitraries/index.ts';
import type { Offer } from '../src/contract/types.ts';
import type { DefectKind } from '../src/arbitraries/index.ts';
import { clientTaggedInvalid, taggedByClient } from './arbitraries/client-tagged.ts';
import { checkNotAccepted, checkNothingCreated, createdRecord } from './checks.ts';
import { judgeInvalidCreate } from '../src/checks/strictness.ts';
import { property, requireOffersToWrite, requireWrites, test } from './fixtures.ts';
import { BODY_CONSTRAINTS, fuzzOffers } from './offers.ts';

test.beforeEach(({ suite }) => requireWrites(suite));

/** Title and clauses of each kind's property. */
function plan(kind: DefectKind): { title: string; clauses: ClauseId[] } {
  const spec = CREATE_BODY_DEFECTS[kind];
  if (getClause(spec.clause).kind === 'observe')
    return { title: `one defect, ${kind}: what the target does is recorded`, clauses: [spec.clause] };
  if (spec.expect === 'not-accepted')
    return { title: `one defect, ${kind}: not accepted (a 4xx or status rejected)`, clauses: [spec.clause] };
  return {
    title: `one defect, ${kind}: refused with a 4xx and no record left`,
    // An invalid body is where a server's 5xx shows (GEN-FAILURE-4XX: never a 5xx, whatever the request).
    clauses: [spec.clause, 'ERR-CREATE-CANCEL-BODY', 'ERR-400-MESSAGE', 'GEN-FAILURE-4XX'],
  };
}

/** Bodies with this one defect; skips the test when no open offer leaves room for it. */
function bodiesWith(kind: DefectKind, offers: Offer[]) {
  try {
    return invalidCreateBody(offers, { ...BODY_CONSTRAINTS, defects: [kind] });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    test.skip(true, `No open offer admits the defect "${kind}": ${error.message}.`);
    throw error;
  }
}

for (const kind of DEFECT_KINDS) {
  const { title, clauses } = plan(kind);
  test(title, property('write', ...clauses), async ({ fuzz, facts }) => {
    const { writeTo: offers } = await fuzzOffers(fuzz, facts);
    await requireOffersToWrite(facts, offers);
    const offerIds = new Set(offers.map((o) => o.id));
    await fuzz.check({
      arbitrary: clientTaggedInvalid(bodiesWith(kind, offers)),
      writesPerRun: 1,
      // Schema defects must be refused (no record, no cost); orders a target may record as rejected take a share.
      refusedByDesign: CREATE_BODY_DEFECTS[kind].expect === 'schema' && getClause(CREATE_BODY_DEFECTS[kind].clause).kind !== 'observe',
      async run(c, verdict) {
        const { exchange, tag, sent } = await fuzz.create(c.body);
        if (c.contract === 'observe') {
          verdict.observe({
            clause: c.clause,
            key: `onlyOne.without.${c.target.slice(1)}`,
            message: `${c.description}: ${exchange.status}`,
            value: exchange.status,
          });
          return;
        }
        if (c.expect === 'not-accepted') return checkNotAccepted(verdict, exchange, c.clause, c.description);
        // Accepted and recorded as the one valid request the body stands for: strictness, not a deviation
        // (src/checks/strictness.ts); recorded otherwise, or standing for nothing: a deviation.
        const judged = judgeInvalidCreate(verdict, exchange, { clause: c.clause, what: c.description, sent, standsFor: c.standsFor });
        // A record is looked for only after a refusal (an accepted one is judged above) and only when the
        // client tagged the body; the list is filtered by the body's offer when it names a known one.
        if (judged !== 'refused' || createdRecord(exchange) || !taggedByClient(c.body)) return;
        const offerId = (c.body as { offerId?: unknown }).offerId;
        await checkNothingCreated(verdict, fuzz, {
          clause: c.clause,
          tag,
          offerId: typeof offerId === 'string' && offerIds.has(offerId) ? offerId : undefined,
          what: c.description,
        });
      },
    });
  });
}
