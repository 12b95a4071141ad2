/**
 * The model of a sequence of calls: the records this sequence created and what the contract lets us
 * expect of each, the choices the contract leaves open as the target made them, and the laws checked
 * after every command (the invariants). The model encodes only what the contract states:
 *
 * - a record keeps the status it was created with until a cancel succeeds, then it is cancelled
 *   ("States and transitions": cancel is the only transition, and it leads to cancelled);
 * - GET /subscription/{id} and the list agree on every record; the offerId filter lists all and only
 *   the records on that offer (others' records are tolerated, the sequence's own are never lost);
 * - two reads of an unchanged list give the same order; walking its pages rebuilds it.
 *
 * Where the contract says "not shown" of what a record's status decides (from which statuses cancel is
 * allowed, what cancel answers), the first answer of the sequence is recorded as an observation and
 * every later answer in the same situation must make the same choice (SUB-SEQUENCE-CONSISTENT). The
 * status a create gets is only observed: the contract names no condition it depends on, so two creates
 * in one situation may get different ones.
 */
import type { ClauseId } from '../../src/contract/clauses/catalogue.ts';
import type { ReadSettle } from '../../src/checks/read-settle.ts';
import type { Verdict } from '../../src/checks/test-verdict.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import type { Subscription } from '../../src/contract/types.ts';
import type { TargetProfile } from '../../src/config/target-profile.ts';
import { CaseSkipped, type FuzzRunner } from '../runner.ts';
import { pagesToWalk, sampleSplit } from '../../src/checks/bounded-walk.ts';

/** One record the sequence created, as the model expects it. */
export interface OwnRecord {
  /** Its place in the sequence's creates (#0, #1, ...): what a command names, so a replay means the same record. */
  n: number;
  id: string;
  offerId: string;
  /** The status the contract lets us expect now. */
  status: string;
  /** The step whose cancel made it cancelled (null: not cancelled by this sequence). */
  cancelledAt: number | null;
}

export interface SequenceModel {
  records: OwnRecord[];
  /** Offers the sequence wrote to, in the order first written. */
  offers: string[];
  /** Choices the contract leaves open, as first made by the target in this sequence: situation -> choice. */
  learnt: Map<string, string>;
  /** Commands run so far (the step of the current one). */
  step: number;
}

export interface SequenceReal {
  fuzz: FuzzRunner;
  verdict: Verdict;
  profile: TargetProfile;
  /** Reads again, within API_READ_SETTLE, what does not show the sequence's last write yet (src/checks/read-settle.ts). */
  reads: ReadSettle;
}

export const newModel = (): SequenceModel => ({ records: [], offers: [], learnt: new Map(), step: 0 });

export const is2xx = (ex: Exchange): boolean => ex.status >= 200 && ex.status < 300;
export const is4xx = (ex: Exchange): boolean => ex.status >= 400 && ex.status < 500;

/** An answer as the class the contract speaks of (2xx / 4xx), the exact code otherwise. */
export const answerClass = (ex: Exchange): string => (is2xx(ex) ? '2xx' : is4xx(ex) ? '4xx' : String(ex.status));

export const label = (r: OwnRecord): string => `record #${r.n} (${r.id})`;

/**
 * A choice the contract leaves open: the first one made in the sequence is recorded (observation under
 * `observeClause`); a different one later in the same situation fails SUB-SEQUENCE-CONSISTENT.
 */
export function holdChoice(
  model: SequenceModel,
  verdict: Verdict,
  o: { situation: string; choice: string; observeClause: ClauseId; exchange: Exchange },
): void {
  const earlier = model.learnt.get(o.situation);
  if (earlier === undefined) {
    model.learnt.set(o.situation, o.choice);
    verdict.observe({
      clause: o.observeClause,
      key: `sequence.${o.situation}`,
      message: `${o.situation}: ${o.choice} (first answer of a sequence)`,
      value: o.choice,
    });
    return;
  }
  verdict.check(
    'SUB-SEQUENCE-CONSISTENT',
    earlier === o.choice,
    `${o.situation}: answered ${o.choice}, earlier in the same sequence ${earlier}`,
    { expected: earlier, received: o.choice, exchange: o.exchange },
  );
}

/** The clause a record's status breaks when a read shows another one. */
function statusClause(model: SequenceModel, r: OwnRecord): ClauseId {
  if (r.cancelledAt === null) return 'SUB-GET';
  return r.cancelledAt === model.step ? 'SUB-CANCEL' : 'SUB-CANCELLED-STAYS';
}

const recordOf = (ex: Exchange): Subscription | null =>
  ex.status === 200 && ex.body !== null && typeof ex.body === 'object' && !Array.isArray(ex.body) ? (ex.body as Subscription) : null;

export type Entry = { id: string; status: string };
const entriesOf = (ex: Exchange): Entry[] | null =>
  ex.status === 200 && Array.isArray(ex.body)
    ? (ex.body as Subscription[]).map((s) => ({ id: String(s?.id), status: String(s?.status) }))
    : null;
const ids = (entries: readonly Entry[]): string[] => entries.map((e) => e.id);
const sameSequence = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((k, i) => k === b[i]);
/** Same entries with the same statuses, in any order: nothing was created, removed or changed in between. */
const sameContent = (a: readonly Entry[], b: readonly Entry[]): boolean => {
  const key = (e: Entry) => `${e.id}\u0000${e.status}`;
  return sameSequence(a.map(key).sort(), b.map(key).sort());
};

/** Every read the invariants make of one offer's list is judged by the exchange checks too (it is their subject). */
export async function readOfferList(real: SequenceReal, offerId: string, page?: { offset: number; limit: number }) {
  const ex = await real.fuzz.api.listSubscriptions({ offerId, ...page });
  return { ex, entries: entriesOf(ex) };
}

/** GET of every record of the sequence: 200, the record, the status the model expects. Returns id -> status. */
async function checkGets(model: SequenceModel, real: SequenceReal): Promise<Map<string, string>> {
  const { verdict } = real;
  const statuses = new Map<string, string>();
  for (const r of model.records) {
    const { value: ex } = await real.reads.read({
      read: () => real.fuzz.api.getSubscription(r.id),
      shows: (answer) => recordOf(answer)?.id === r.id && recordOf(answer)?.status === r.status,
      what: `GET of ${label(r)}, step ${model.step}`,
      verdict,
    });
    const record = recordOf(ex);
    if (
      !verdict.check('SUB-GET', record !== null && record.id === r.id, `GET of ${label(r)} must return it with 200`, {
        expected: `200 with record ${r.id}`,
        received: record ? record.id : ex.status,
        exchange: ex,
      })
    )
      continue;
    statuses.set(r.id, String(record!.status));
    verdict.check(
      statusClause(model, r),
      record!.status === r.status,
      `${label(r)}: GET gives status ${String(record!.status)}, the sequence leaves it ${r.status}`,
      { expected: r.status, received: record!.status, exchange: ex },
    );
  }
  return statuses;
}

/** The offer's list holds each of the sequence's records on it once, with the status GET gives, and none of its records on other offers. */
function checkListHoldsRecords(
  model: SequenceModel,
  verdict: Verdict,
  offerId: string,
  listed: readonly Entry[],
  gets: Map<string, string>,
  ex: Exchange,
): void {
  for (const r of model.records) {
    const found = listed.filter((e) => e.id === r.id);
    if (r.offerId !== offerId) {
      verdict.check(
        'SUB-LIST-OFFER-FILTER',
        found.length === 0,
        `the list filtered by offer ${offerId} holds ${label(r)} of offer ${r.offerId}`,
        { expected: 'only records on that offer', received: r.id, exchange: ex },
      );
      continue;
    }
    if (
      !verdict.check('SUB-LIST-OFFER-FILTER', found.length === 1, `the list filtered by offer ${offerId} must hold ${label(r)} once`, {
        expected: 1,
        received: found.length,
        exchange: ex,
      })
    )
      continue;
    const got = gets.get(r.id);
    if (got !== undefined)
      verdict.check('SUB-LIST-MATCHES-GET', found[0].status === got, `${label(r)}: the list says ${found[0].status}, GET says ${got}`, {
        expected: got,
        received: found[0].status,
        exchange: ex,
      });
  }
}

/**
 * Page size for the walk: about three pages, never above the profile's maximum; a target that caps
 * a page below it (its own maximum, Limits 3, value not shown) is followed at the size it gave.
 */
export const walkLimit = (total: number, maxLimit: number | null | undefined): number =>
  Math.max(1, Math.min(Math.ceil(total / 3), maxLimit ?? Infinity));

/**
 * Walks the offer's list by offset += limit; `beforePage` runs before each page is asked for, `onPage` with each page.
 * At most API_WALK_PAGES pages (src/checks/bounded-walk.ts): a list of `total` entries that needs more is walked at
 * both ends, its first pages and the last ones up to the short page, and `skipped` says which entries were not read.
 */
export async function walk(
  real: SequenceReal,
  offerId: string,
  total: number,
  hooks: { beforePage?: (offset: number) => Promise<unknown>; onPage?: (entries: Entry[]) => void } = {},
): Promise<{ entries: Entry[]; ex: Exchange; skipped: { from: number; to: number } | null } | { refused: Exchange }> {
  let limit = walkLimit(total, real.profile.maxLimit);
  const maxPages = real.fuzz.walkPages;
  const { first, last } = sampleSplit(maxPages);
  const sampled = pagesToWalk(total, limit) > maxPages;
  let skipped: { from: number; to: number } | null = null;
  const walked: Entry[] = [];
  let offset = 0;
  for (let pages = 0; ; pages++) {
    if (sampled && pages === first) {
      // The last pages of the grid, up to the short page that ends the list as long as it was read whole.
      const lastStart = Math.max(offset, (pagesToWalk(total, limit) - last) * limit);
      if (lastStart > offset) skipped = { from: offset, to: lastStart };
      offset = lastStart;
    }
    await hooks.beforePage?.(offset);
    const { ex, entries } = await readOfferList(real, offerId, { offset, limit });
    if (entries === null) return { refused: ex };
    hooks.onPage?.(entries);
    walked.push(...entries);
    // A page that never comes short: the list grows as fast as it is walked; judged as walked so far.
    if (pages > total + 2 || (sampled && pages + 1 >= maxPages)) return { entries: walked, ex, skipped };
    if (entries.length < limit) {
      // Short before the end with no maximum known: the target capped the page (Limits 3); go on at its size.
      if (entries.length === 0 || offset + entries.length >= total || real.profile.maxLimit != null)
        return { entries: walked, ex, skipped };
      limit = entries.length;
    }
    offset += entries.length;
  }
}

const ownIn = (model: SequenceModel, entries: readonly Entry[]): string[] => {
  const own = new Set(model.records.map((r) => r.id));
  return ids(entries).filter((id) => own.has(id));
};

/**
 * The laws after a command: GET of every record of the sequence, and the lists of the offers the
 * command may have changed (`offers`; default every offer of the sequence): each read whole twice and
 * walked by pages. Others' records are tolerated; a list that others changed while it was walked
 * cannot be judged (the case is skipped, visibly, not failed).
 */
export async function checkInvariants(model: SequenceModel, real: SequenceReal, offers: readonly string[] = model.offers): Promise<void> {
  const { verdict } = real;
  const gets = await checkGets(model, real);
  for (const offerId of offers) {
    // The first read waits (within API_READ_SETTLE) for the list to show the sequence's records on the offer as the model has them.
    const own = model.records.filter((r) => r.offerId === offerId);
    const { value: first } = await real.reads.read({
      read: () => readOfferList(real, offerId),
      shows: ({ entries }) => entries !== null && own.every((r) => entries.some((e) => e.id === r.id && e.status === r.status)),
      what: `the list filtered by offer ${offerId}, step ${model.step}`,
      verdict,
    });
    const second = await readOfferList(real, offerId);
    if (first.entries === null || second.entries === null) {
      const ex = first.entries === null ? first.ex : second.ex;
      verdict.check('SUB-LIST', false, `the list filtered by offer ${offerId} must be 200 with an array`, {
        expected: '200 with an array',
        received: ex.status,
        exchange: ex,
      });
      continue;
    }
    checkListHoldsRecords(model, verdict, offerId, second.entries, gets, second.ex);
    if (sameContent(first.entries, second.entries)) {
      verdict.check(
        'PAGE-STABLE-ORDER',
        sameSequence(ids(first.entries), ids(second.entries)),
        `two reads in a row of the list filtered by offer ${offerId}, with the same entries, gave them in different orders`,
        {
          expected: ids(first.entries),
          received: ids(second.entries),
          exchange: second.ex,
        },
      );
    }
    const walked = await walk(real, offerId, second.entries.length);
    if ('refused' in walked) {
      verdict.check('PAGE-WALK', false, `a page of the list filtered by offer ${offerId} was refused`, {
        expected: '200 with an array',
        received: walked.refused.status,
        exchange: walked.refused,
      });
      continue;
    }
    // A sampled walk (API_WALK_PAGES) is judged on the entries it read; a record of the sequence among those it skipped
    // leaves the law limited here, never failed for it.
    const { skipped } = walked;
    const covered = skipped ? [...second.entries.slice(0, skipped.from), ...second.entries.slice(skipped.to)] : second.entries;
    if (skipped && ownIn(model, second.entries).length > ownIn(model, covered).length)
      verdict.limit(
        'PAGE-WALK',
        `the list filtered by offer ${offerId}: ${second.entries.length} entries, more pages than API_WALK_PAGES allows; entries ${skipped.from}..${skipped.to - 1}, some of them the sequence's, were not walked`,
      );
    if (sameSequence(ownIn(model, walked.entries), ownIn(model, covered))) continue;
    const third = await real.fuzz.aside(() => readOfferList(real, offerId));
    if (third.entries === null || !sameContent(third.entries, second.entries))
      throw new CaseSkipped(`the list of offer ${offerId} changed while the sequence walked it`);
    verdict.check(
      'PAGE-WALK',
      false,
      `walking the pages of the list filtered by offer ${offerId} must give the sequence's records as the whole list does`,
      {
        expected: ownIn(model, covered),
        received: ownIn(model, walked.entries),
        exchange: walked.ex,
      },
    );
  }
}
