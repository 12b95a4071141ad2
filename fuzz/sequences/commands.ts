/**
 * The commands of a sequence (fast-check's command API): Create, Get, List and Cancel, each checking
 * the target's answer against the model (fuzz/sequences/model.ts), then the invariants. A command
 * names a record by its place (among the sequence's creates, or among its records in one status),
 * never by the id a target gave, so a replay sends the same calls. A command that leaves a failure in the verdict stops the
 * sequence: the commands after it did not run, so fast-check drops them first when shrinking.
 */
import fc from 'fast-check';
import type { Arbitrary, AsyncCommand } from 'fast-check';
import { edgeAmount, validCreateBody } from '../../src/arbitraries/index.ts';
import type { Offer, Subscription } from '../../src/contract/types.ts';
import { withoutReference } from '../arbitraries/client-tagged.ts';
import { checkCreated, checkEcho, checkNotAccepted, createdRecord, skipIfOfferClosed } from '../checks.ts';
import {
  answerClass,
  checkInvariants,
  holdChoice,
  is2xx,
  is4xx,
  label,
  type OwnRecord,
  type SequenceModel,
  type SequenceReal,
} from './model.ts';

/** Raised after a command whose checks failed: ends the sequence there (the runner reports the verdict's failures). */
export class SequenceBroken extends Error {
  override readonly name = 'SequenceBroken';
}

type SequenceCommand = AsyncCommand<SequenceModel, SequenceReal>;

/** Runs a command's own call and checks, then the invariants; stops the sequence on the first failure. */
abstract class Step implements SequenceCommand {
  check(_m: Readonly<SequenceModel>): boolean {
    return true;
  }

  /**
   * The command's own call and the checks of its answer, without the invariants (the interleaved walk
   * runs these). Returns the offers whose lists it may have changed.
   */
  abstract act(m: SequenceModel, r: SequenceReal): Promise<string[]>;

  async run(m: SequenceModel, r: SequenceReal): Promise<void> {
    m.step += 1;
    const touched = await this.act(m, r);
    if (r.verdict.failures.length === 0) await checkInvariants(m, r, touched);
    if (r.verdict.failures.length > 0)
      throw new SequenceBroken(
        `step ${m.step}, ${this.toString()}: ${r.verdict.failures.map((f) => `[${f.clause}] ${f.message}`).join('; ')}`,
      );
  }

  abstract toString(): string;
}

/** Where a create goes: an open offer with an amount inside or outside its limits, or a closed offer. */
export type Situation = 'open offer, amount inside the limits' | 'open offer, amount outside the limits' | 'closed offer';

export interface CreateCase {
  situation: Situation;
  offer: Offer;
  /** The body as generated, without clientSubscriptionReference (the client adds the run tag). */
  body: Record<string, unknown>;
}

export class Create extends Step {
  constructor(readonly c: CreateCase) {
    super();
  }

  async act(m: SequenceModel, r: SequenceReal): Promise<string[]> {
    const { fuzz, verdict, profile } = r;
    const { exchange, sent } = await fuzz.create(this.c.body);
    const membership = this.c.body.membershipCode === undefined ? '' : ', with a membership code';
    if (this.c.situation === 'open offer, amount inside the limits') {
      await skipIfOfferClosed(fuzz, exchange, this.c.offer.id);
      checkCreated(verdict, exchange, profile);
    } else if (this.c.situation === 'open offer, amount outside the limits')
      checkNotAccepted(
        verdict,
        exchange,
        'SUB-CREATE-ORDER-LIMITS',
        `amountRequested ${String(this.c.body.amountRequested)} outside the limits`,
      );
    checkEcho(verdict, sent as Record<string, unknown>, exchange);
    const record = createdRecord(exchange);
    const choice =
      record && typeof record.id === 'string' ? `${answerClass(exchange)} with status ${String(record.status)}` : answerClass(exchange);
    // Observed, never held to the sequence's first answer: "which one under which condition: not shown", and the
    // condition may be any field of the body (an issuer that rejects its own employees' orders, say), not the situation.
    verdict.observe({
      clause: 'SUB-CREATE-OUTCOME',
      key: `sequence.create on an ${this.c.situation}${membership}.${choice}`,
      message: `create on ${this.c.situation === 'closed offer' ? 'a' : 'an'} ${this.c.situation}${membership}: ${choice}`,
      value: choice,
    });
    if (!record || typeof record.id !== 'string') return [];
    const same = m.records.find((o) => o.id === record.id);
    verdict.check('SUB-CREATE-ID', same === undefined, `the create got id ${record.id}, already the id of ${same ? label(same) : ''}`, {
      expected: 'a new id',
      received: record.id,
      exchange,
    });
    m.records.push({ n: m.records.length, id: record.id, offerId: this.c.offer.id, status: String(record.status), cancelledAt: null });
    if (!m.offers.includes(this.c.offer.id)) m.offers.push(this.c.offer.id);
    return [this.c.offer.id];
  }

  toString(): string {
    return `create(${this.c.situation}: offer ${this.c.offer.id}, amountRequested ${String(this.c.body.amountRequested)}, body ${JSON.stringify(this.c.body)})`;
  }
}

/** The sequence's record #(pick mod count): the same record on every replay, and one whenever any exists. */
const pickRecord = (m: Readonly<SequenceModel>, pick: number): OwnRecord => m.records[pick % m.records.length];
const pickText = (pick: number): string => (pick === 0 ? 'record #0' : `record #(${pick} mod records created)`);

class Get extends Step {
  constructor(readonly pick: number) {
    super();
  }

  override check(m: Readonly<SequenceModel>): boolean {
    return m.records.length > 0;
  }

  // The invariants GET every record after every command; this one reads one more time in between.
  async act(m: SequenceModel, r: SequenceReal): Promise<string[]> {
    const own = pickRecord(m, this.pick);
    const ex = await r.fuzz.api.getSubscription(own.id);
    const got = ex.status === 200 ? (ex.body as Subscription | null) : null;
    r.verdict.check('SUB-GET', got?.id === own.id, `GET of ${label(own)} must return it with 200`, {
      expected: `200 with record ${own.id}`,
      received: got?.id ?? ex.status,
      exchange: ex,
    });
    return [];
  }

  toString(): string {
    return `get(${pickText(this.pick)})`;
  }
}

/**
 * One offer's list (the offerId filter, so a shared target's other subscriptions are not read), whole or
 * one page: the whole list holds every record of the sequence on that offer once; a page at most limit entries.
 */
class List extends Step {
  constructor(
    readonly offerPick: number,
    readonly page: { offset: number; limit: number } | null,
  ) {
    super();
  }

  override check(m: Readonly<SequenceModel>): boolean {
    return m.offers.length > 0;
  }

  async act(m: SequenceModel, r: SequenceReal): Promise<string[]> {
    const offerId = m.offers[this.offerPick % m.offers.length];
    const ex = await r.fuzz.api.listSubscriptions({ offerId, ...this.page });
    if (
      !r.verdict.check('SUB-LIST', ex.status === 200 && Array.isArray(ex.body), 'GET /subscription must answer 200 with an array', {
        expected: '200 with an array',
        received: ex.status,
        exchange: ex,
      })
    )
      return [];
    const listed = (ex.body as Subscription[]).map((s) => String(s?.id));
    if (this.page !== null) {
      r.verdict.check(
        'PAGE-LIMIT',
        listed.length <= this.page.limit,
        `a page with limit ${this.page.limit} holds ${listed.length} entries`,
        { expected: `at most ${this.page.limit}`, received: listed.length, exchange: ex },
      );
      return [];
    }
    for (const own of m.records.filter((o) => o.offerId === offerId)) {
      const times = listed.filter((id) => id === own.id).length;
      r.verdict.check('SUB-LIST-OFFER-FILTER', times === 1, `the list of offer ${offerId} must hold ${label(own)} once`, {
        expected: 1,
        received: times,
        exchange: ex,
      });
    }
    return [];
  }

  toString(): string {
    const offer = this.offerPick === 0 ? 'the first offer written to' : `offer #(${this.offerPick} mod offers written to)`;
    return this.page ? `list(${offer}, offset ${this.page.offset}, limit ${this.page.limit})` : `list(${offer}, all)`;
  }
}

/** Which record a cancel names: one by its place, one of those the model holds in a status, or an id no record has. */
type CancelTarget =
  | { kind: 'record'; pick: number }
  | { kind: 'in-status'; status: 'accepted' | 'rejected' | 'cancelled'; pick: number }
  | { kind: 'unknown'; id: string };

const inStatus = (m: Readonly<SequenceModel>, status: string): OwnRecord[] => m.records.filter((r) => r.status === status);

export class Cancel extends Step {
  constructor(readonly target: CancelTarget) {
    super();
  }

  override check(m: Readonly<SequenceModel>): boolean {
    if (this.target.kind === 'unknown') return true;
    return this.target.kind === 'record' ? m.records.length > 0 : inStatus(m, this.target.status).length > 0;
  }

  /** The record named, as the model stands now. */
  private record(m: Readonly<SequenceModel>): OwnRecord {
    if (this.target.kind === 'record') return pickRecord(m, this.target.pick);
    if (this.target.kind === 'in-status') {
      const candidates = inStatus(m, this.target.status);
      return candidates[this.target.pick % candidates.length];
    }
    throw new Error('an unknown id names no record');
  }

  async act(m: SequenceModel, r: SequenceReal): Promise<string[]> {
    const { verdict, fuzz } = r;
    if (this.target.kind === 'unknown') {
      const ex = await fuzz.api.cancelSubscription(this.target.id);
      verdict.check('SUB-CANCEL-UNKNOWN-ID', is4xx(ex), `cancelling the unknown id ${this.target.id} must be refused with a 4xx`, {
        expected: '4xx',
        received: ex.status,
        exchange: ex,
      });
      return [];
    }
    const own = this.record(m);
    const from = own.status;
    const ex = await fuzz.api.cancelSubscription(own.id);
    const answer = ex.body as Partial<Subscription> | null;
    const shape = is2xx(ex)
      ? answer !== null && typeof answer === 'object' && 'status' in answer
        ? ` with status ${String(answer.status)}`
        : ' without a record'
      : '';
    holdChoice(m, verdict, {
      situation: `cancel of a record in status ${from}`,
      choice: `${answerClass(ex)}${shape}`,
      observeClause: from === 'cancelled' ? 'SUB-CANCEL-REPEAT' : 'SUB-CANCEL-ROUTE',
      exchange: ex,
    });
    // A successful cancel leads to cancelled (the only transition the contract lists); a refused one changes nothing.
    if (is2xx(ex) && from !== 'cancelled') {
      own.status = 'cancelled';
      own.cancelledAt = m.step;
    }
    return [own.offerId];
  }

  toString(): string {
    if (this.target.kind === 'unknown') return `cancel(unknown id ${this.target.id})`;
    if (this.target.kind === 'record') return `cancel(${pickText(this.target.pick)})`;
    const which = this.target.pick === 0 ? 'the first' : `#(${this.target.pick} mod count)`;
    return `cancel(${which} of the records ${this.target.status})`;
  }
}

/** Offers a sequence writes to: open ones (at least one) and closed ones (maybe none). */
export interface SequenceOffers {
  open: Offer[];
  closed: Offer[];
}

/** Create bodies of each situation: valid bodies, with an amount outside the limits where the situation says so. */
export function createCase(offers: SequenceOffers, constraints: Parameters<typeof validCreateBody>[1]): Arbitrary<CreateCase> {
  const bodyFor = (offer: Offer) =>
    validCreateBody([offer], constraints).map((b) => withoutReference(b) as unknown as Record<string, unknown>);
  const inside = fc
    .constantFrom(...offers.open)
    .chain((offer) => bodyFor(offer).map((body): CreateCase => ({ situation: 'open offer, amount inside the limits', offer, body })));
  const outside = fc.constantFrom(...offers.open).chain((offer) =>
    fc
      .tuple(
        bodyFor(offer),
        edgeAmount(offer).filter((e) => e.expect === 'not-accepted'),
      )
      .map(
        ([body, edge]): CreateCase => ({
          situation: 'open offer, amount outside the limits',
          offer,
          body: { ...body, amountRequested: edge.amount },
        }),
      ),
  );
  const closed =
    offers.closed.length === 0
      ? []
      : [
          fc
            .constantFrom(...offers.closed)
            .chain((offer) => bodyFor(offer).map((body): CreateCase => ({ situation: 'closed offer', offer, body }))),
        ];
  return fc.oneof(
    { arbitrary: inside, weight: 6 },
    { arbitrary: outside, weight: 1 },
    ...closed.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}

/** Calls in one sequence at most: enough for every law here (create, cancel, cancel again, create again). */
export const SEQUENCE_MAX_COMMANDS = 12;

/** A sequence is about ten calls plus the reads of the invariants after each: a tenth of FUZZ_RUNS of them. */
export const sequenceRuns = (fuzzRuns: number): number => Math.max(1, Math.ceil(fuzzRuns / 10));

/** The tag of the sequence properties (fuzz/sequences.spec.ts). */
export const SEQUENCE_TAG = '@sequence';

/** The clauses the sequence property checks (the exchange checks judge every answer on top). */
export const SEQUENCE_CLAUSES = [
  'SUB-CREATE',
  'SUB-CREATE-ID',
  'SUB-CREATE-ECHO',
  'SUB-CREATE-ORDER-LIMITS',
  'SUB-CREATE-OUTCOME',
  'SUB-GET',
  'SUB-LIST',
  'SUB-LIST-OFFER-FILTER',
  'SUB-LIST-MATCHES-GET',
  'SUB-CANCEL',
  'SUB-CANCEL-UNKNOWN-ID',
  'SUB-CANCEL-REPEAT',
  'SUB-CANCELLED-STAYS',
  'SUB-SEQUENCE-CONSISTENT',
  'SUB-READ-AFTER-WRITE',
  'PAGE-LIMIT',
  'PAGE-WALK',
  'PAGE-STABLE-ORDER',
] as const;

export interface SequenceConstraints {
  maxCommands: number;
  /** fast-check's replay path of a recorded counterexample (FUZZ_REPLAY_PATH). */
  replayPath?: string;
}

const PICKABLE_RECORDS = 2;

/** Sequences of the four commands, creates weighted so there is something to read and cancel. */
export function sequenceCommands(creates: Arbitrary<CreateCase>, o: SequenceConstraints): Arbitrary<Iterable<SequenceCommand>> {
  const pick = fc.nat({ max: PICKABLE_RECORDS - 1 });
  const cancelIn = (status: 'accepted' | 'rejected' | 'cancelled') => pick.map((p) => new Cancel({ kind: 'in-status', status, pick: p }));
  return fc.commands(
    [
      creates.map((c) => new Create(c)),
      creates.map((c) => new Create(c)),
      creates.map((c) => new Create(c)),
      pick.map((p) => new Get(p)),
      fc
        .tuple(
          fc.nat({ max: 2 }),
          fc.option(fc.record({ offset: fc.nat({ max: 5 }), limit: fc.integer({ min: 1, max: 5 }) }), { nil: null }),
        )
        .map(([offer, page]) => new List(offer, page)),
      cancelIn('accepted'),
      cancelIn('accepted'),
      cancelIn('cancelled'),
      cancelIn('cancelled'),
      cancelIn('rejected'),
      fc.uuid().map((u) => new Cancel({ kind: 'unknown', id: `osd-suite-unknown-${u}` })),
    ],
    { maxCommands: o.maxCommands, size: 'max', ...(o.replayPath === undefined ? {} : { replayPath: o.replayPath }) },
  );
}
