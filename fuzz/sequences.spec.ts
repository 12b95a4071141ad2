// Stateful, model-based properties (contract, "States and transitions", the subscription endpoints and
// Limits 1-3): random sequences of create, get, list and cancel checked against a model of the
// sequence's own records (fuzz/sequences/), and creates and cancels interleaved with a paged walk.
import fc from 'fast-check';
import { validCreateBody } from '../src/arbitraries/index.ts';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import { OPEN_STATUS, type Offer } from '../src/contract/types.ts';
import type { TargetFacts } from '../src/harness/target-facts.ts';
import { property, requireOffersToWrite, requireWrites, test } from './fixtures.ts';
import { BODY_CONSTRAINTS, fuzzOffers } from './offers.ts';
import type { FuzzRunner } from './runner.ts';
import {
  Cancel,
  Create,
  SEQUENCE_CLAUSES,
  SEQUENCE_TAG,
  SEQUENCE_MAX_COMMANDS,
  SequenceBroken,
  createCase,
  sequenceCommands,
  sequenceRuns,
} from './sequences/commands.ts';
import type { CreateCase, SequenceOffers } from './sequences/commands.ts';
import { interleavedWalk } from './sequences/interleaved-walk.ts';
import { checkInvariants, newModel, type SequenceModel, type SequenceReal } from './sequences/model.ts';

test.beforeEach(({ suite }) => {
  requireWrites(suite);
  // Both properties cancel what they create, and are tagged with the cancel clauses: run without a cancel route, a
  // pass would claim those clauses unexercised (and a cancel step has no route to call). On a local target writes
  // are allowed without one, so this is said here, not by the write policy.
  test.skip(
    !suite.profile.cancel,
    'The sequences create and cancel, and the cancel route is not shown in the contract; name it in API_PROFILE ("cancel").',
  );
});

/** Test details of a sequence property: its clauses, `@fuzz`, and `@sequence` (the fault self-test runs these apart). */
const sequenceProperty = (...ids: ClauseId[]) => ({ tag: [...property('write', ...ids).tag, SEQUENCE_TAG] });

/** Two open offers (so the offerId filter has another offer's records to leave out) and one closed offer, when the target has them. */
async function sequenceOffers(fuzz: FuzzRunner, facts: TargetFacts): Promise<SequenceOffers> {
  const { writeTo } = await fuzzOffers(fuzz, facts);
  await requireOffersToWrite(facts, writeTo);
  const admitsBodies = (offer: Offer): boolean => {
    try {
      validCreateBody([offer], BODY_CONSTRAINTS);
      return true;
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
  };
  const closed = (await facts.offers()).filter((o) => o?.details?.status !== OPEN_STATUS && admitsBodies(o));
  const open = writeTo.filter(admitsBodies).slice(0, 2);
  // Offers whose order limits hold no amount (OFFER-ORDER-RANGE reports them): nothing valid to create on.
  if (open.length === 0)
    test.skip(true, 'No open offer admits a valid create body: their order limits hold no amount with at most 6 decimals.');
  return { open, closed: closed.slice(0, 1) };
}

/** After a sequence: its records still open are cancelled (teardown would too; the shared lists stay short). */
async function cancelLeftOpen(fuzz: FuzzRunner, model: SequenceModel): Promise<void> {
  for (const r of model.records.filter((o) => o.status === 'accepted')) await fuzz.aside(() => fuzz.api.cancelSubscription(r.id));
}

/** Runs commands against the model; a SequenceBroken stop leaves its failures in the case's verdict. */
async function runSequence(
  model: SequenceModel,
  real: SequenceReal,
  commands: Iterable<fc.AsyncCommand<SequenceModel, SequenceReal>>,
): Promise<void> {
  try {
    await fc.asyncModelRun(() => ({ model, real }), commands);
  } catch (error) {
    if (!(error instanceof SequenceBroken)) throw error;
  }
}

/** Runs a case's sequence with a fresh model, then cancels what it left open, whatever happened. */
async function withModel(fuzz: FuzzRunner, work: (model: SequenceModel) => Promise<void>): Promise<void> {
  const model = newModel();
  try {
    await work(model);
  } finally {
    await cancelLeftOpen(fuzz, model);
  }
}

test(
  'sequences of create, get, list and cancel keep to the model of their records',
  sequenceProperty(...SEQUENCE_CLAUSES),
  async ({ fuzz, facts, suite, reads }) => {
    const offers = await sequenceOffers(fuzz, facts);
    await fuzz.check({
      arbitrary: sequenceCommands(createCase(offers, BODY_CONSTRAINTS), {
        maxCommands: SEQUENCE_MAX_COMMANDS,
        replayPath: fuzz.options.replayPath,
      }),
      writesPerRun: SEQUENCE_MAX_COMMANDS,
      runs: sequenceRuns(fuzz.options.runs),
      run: (commands, verdict) =>
        withModel(fuzz, (model) => runSequence(model, { fuzz, verdict, profile: suite.profile, reads }, commands)),
    });
  },
);

/**
 * Concurrency. What the contract promises, and this property asserts:
 * - every call answers on its own terms: a create its record with an id no other record has, a cancel
 *   of an unknown id a 4xx (the exchange checks judge every answer: schema, no 5xx);
 * - a record listed while the calls run shows a status it really had: the one it was created with,
 *   or cancelled once a cancel for it was sent (cancel is the only transition);
 * - once every call has answered, the laws of a sequence hold (get and list agree, cancelled records
 *   read cancelled, the offerId filter holds every record, a walk rebuilds the list).
 * What it does not promise, and so is not asserted: that a walk running beside writes is a snapshot
 * (it may miss or repeat records created or cancelled meanwhile), or in which order concurrent calls
 * take effect.
 */
test(
  'creates and cancels interleaved with a paged walk keep what the contract promises under concurrency',
  sequenceProperty('SUB-CREATE-ID', 'SUB-LIST-MATCHES-GET', 'SUB-CANCEL', 'SUB-CANCELLED-STAYS', 'PAGE-WALK', 'SUB-READ-AFTER-WRITE'),
  async ({ fuzz, facts, suite, reads }) => {
    const offers = await sequenceOffers(fuzz, facts);
    const inside = createCase({ open: offers.open.slice(0, 1), closed: [] }, BODY_CONSTRAINTS).filter(
      (c) => c.situation === 'open offer, amount inside the limits',
    );
    await fuzz.check({
      arbitrary: fc.record({
        scheduler: fc.scheduler(),
        before: fc.array(inside, { minLength: 1, maxLength: 2 }),
        during: fc.array(inside, { maxLength: 2 }),
        cancels: fc.subarray([0, 1]),
      }),
      writesPerRun: 4,
      runs: sequenceRuns(fuzz.options.runs),
      run: ({ scheduler, before, during, cancels }, verdict) =>
        withModel(fuzz, async (model) => {
          const real: SequenceReal = { fuzz, verdict, profile: suite.profile, reads };
          for (const c of before) await new Create(c).act(model, real); // set-up: the laws are checked once, after the walk
          if (verdict.failures.length > 0 || model.records.length === 0) return;
          const cancelling = cancels.filter((i) => i < model.records.length).map((i) => new Cancel({ kind: 'record', pick: i }));
          await interleavedWalk({ model, real, scheduler, during: during.map((c: CreateCase) => new Create(c)), cancels: cancelling });
          if (verdict.failures.length === 0) await checkInvariants(model, real);
        }),
    });
  },
);
