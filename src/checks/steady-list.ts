/**
 * Laws judged against a list the target may change while the law reads it. On a live service the operator edits
 * offers and publishes new ones (the contract recommends polling for them with modifiedAfter), so a law that
 * compares an answer with the full list read a moment earlier can see the change and take it for a deviation.
 *
 * The law runs into a scratch verdict. When it finds no deviation, its observations pass on. When it finds one, the
 * list is read again: the same list as the law read means the deviation stands; another list means the law read a
 * list in motion, and it runs again on the list as it is now, up to `attempts` times. A list that changed under
 * every attempt leaves the law not judged (the caller says so, visibly), never failed on a race. The fuzz laws do
 * the same per case (fuzz/list-laws.ts, confirmUnchanged).
 */
import { Verdict } from './test-verdict.ts';

export interface SteadyListLaw<S> {
  verdict: Verdict;
  /** Runs the law into `scratch` and returns the reading of the list it judged against (null: none was read). */
  law(scratch: Verdict, attempt: number): Promise<S | null>;
  /** The list as it is now (null: it could not be read; the law's deviations then stand). */
  reread(): Promise<S | null>;
  /** The two readings are the same list (for the law: its entries, and what the law reads of them). */
  same(a: S, b: S): boolean;
  attempts?: number;
}

export type SteadyListOutcome = { judged: true } | { judged: false; attempts: number };

export async function judgeOnSteadyList<S>(o: SteadyListLaw<S>): Promise<SteadyListOutcome> {
  const attempts = o.attempts ?? 3;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const scratch = new Verdict(o.verdict.ctx);
    const judged = await o.law(scratch, attempt);
    if (scratch.failures.length === 0 || judged === null) {
      o.verdict.add({ failures: [...scratch.failures], observations: [...scratch.observations] });
      return { judged: true };
    }
    const now = await o.reread();
    if (now === null || o.same(judged, now)) {
      o.verdict.add({ failures: [...scratch.failures], observations: [...scratch.observations] });
      return { judged: true };
    }
  }
  return { judged: false, attempts };
}
