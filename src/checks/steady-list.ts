/**
 * Laws judged against a list the target may change while the law reads it. On a live service the operator edits
 * offers and publishes new ones (the contract recommends polling for them with modifiedAfter), so a law that
 * compares an answer with the full list read a moment earlier can see the change and take it for a deviation.
 *
 * The law runs into a scratch verdict. When it finds no deviation, its observations pass on. When it finds one, the
 * list is read again. A list is in motion only when its CONTENT changed (an entry added, removed or modified): then
 * the law runs again on the list as it is now, up to `attempts` times, and a list that changed under every attempt
 * leaves the law not judged (the caller says so, visibly), never failed on a race. The same content (the same
 * entries, each as it was) means the deviation stands; given in another order, it is also a failure of
 * PAGE-STABLE-ORDER: two reads of a list with no change to its entries give them in the same order (issue 31,
 * class 3: a reordering is never taken for motion). The fuzz laws do the same per case (fuzz/list-laws.ts).
 */
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import { Verdict } from './test-verdict.ts';

/** One reading of a list: each entry whole (its content, in a canonical text), in the order the list gave them. */
export type ListReading = readonly string[];

/** The same entries, each as it was, in any order (a multiset: a duplicated entry counts twice). */
export function sameContent(a: ListReading, b: ListReading): boolean {
  if (a.length !== b.length) return false;
  const sorted = (r: ListReading) => [...r].sort();
  const [x, y] = [sorted(a), sorted(b)];
  return x.every((entry, i) => entry === y[i]);
}

/** The same entries in the same order. */
export function sameOrder(a: ListReading, b: ListReading): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

/**
 * What two readings of a list say of each other: `moved` (its content changed: a list in motion), `same`, or
 * `reordered` (the same content in another order: PAGE-STABLE-ORDER).
 */
export function compareReadings(before: ListReading, now: ListReading): 'same' | 'reordered' | 'moved' {
  if (!sameContent(before, now)) return 'moved';
  return sameOrder(before, now) ? 'same' : 'reordered';
}

/** The PAGE-STABLE-ORDER failure of two readings with the same content in different orders. */
export function reorderedFailure(
  verdict: Verdict,
  what: string,
  before: ListReading,
  now: ListReading,
  keyOf: (entry: string) => string,
): void {
  const first = before.findIndex((entry, i) => entry !== now[i]);
  const clause: ClauseId = 'PAGE-STABLE-ORDER';
  verdict.check(
    clause,
    false,
    `${what}: two reads with no change to any entry gave the same ${before.length} entries in different orders (first difference at position ${first}): a list that changes only its order is not in motion, and offset paging over it skips and repeats entries`,
    { expected: before.map(keyOf), received: now.map(keyOf) },
  );
}

export interface SteadyListLaw {
  verdict: Verdict;
  /** What the list is, for a message. */
  what: string;
  /**
   * Runs the law into `scratch` and returns the reading of the list it judged against (null: none was read), or a
   * function that makes it: a reading is only compared after a deviation, and making one costs a canonical text of
   * every entry (a catalogue of 2,000 offers: a tenth of a second in a worker, for nothing when the law holds).
   */
  law(scratch: Verdict, attempt: number): Promise<ListReading | (() => ListReading) | null>;
  /** The list as it is now (null: it could not be read; the law's deviations then stand). */
  reread(): Promise<ListReading | null>;
  /** The identity of an entry of a reading, for the order failure's message (default: the entry's text). */
  keyOf?: (entry: string) => string;
  attempts?: number;
}

export type SteadyListOutcome = { judged: true } | { judged: false; attempts: number };

export async function judgeOnSteadyList(o: SteadyListLaw): Promise<SteadyListOutcome> {
  const attempts = o.attempts ?? 3;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const scratch = new Verdict(o.verdict.ctx);
    const judged = await o.law(scratch, attempt);
    if (scratch.failures.length === 0 || judged === null) {
      o.verdict.add({ failures: [...scratch.failures], observations: [...scratch.observations], limits: [...scratch.limits] });
      return { judged: true };
    }
    const now = await o.reread();
    const before = typeof judged === 'function' ? judged() : judged;
    const change = now === null ? 'same' : compareReadings(before, now);
    if (change === 'moved') continue;
    o.verdict.add({ failures: [...scratch.failures], observations: [...scratch.observations], limits: [...scratch.limits] });
    if (change === 'reordered') reorderedFailure(o.verdict, o.what, before, now!, o.keyOf ?? ((e) => e));
    return { judged: true };
  }
  return { judged: false, attempts };
}
