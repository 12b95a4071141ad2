/**
 * The checks the fuzz properties make on one run, each a named function recording into the run's
 * verdict (the exchange checks, which validate every response, run on top of these).
 */
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import { createdRecord } from '../src/checks/create-checks.ts';
import type { Exchange } from '../src/client/exchange.ts';
import type { Subscription } from '../src/contract/types.ts';
import { offerClosedSinceListed } from '../src/checks/offer-closed-since-listed.ts';
import { CaseSkipped, type FuzzRunner } from './runner.ts';
import { lengthBeyondBound, subscriptionsPageable } from '../src/harness/pageables.ts';

const is4xx = (ex: Exchange): boolean => ex.status >= 400 && ex.status < 500;

export { checkCreated, checkCreateDefaults, checkEcho, createdRecord } from '../src/checks/create-checks.ts';

const outcomeOf = (ex: Exchange): string => {
  const record = createdRecord(ex);
  return record ? `${ex.status} (record ${String(record.id)}, status ${String(record.status)})` : String(ex.status);
};

/**
 * Before a refused create of a valid body is judged: when its offer closed since the run listed it, the case cannot
 * be judged (src/contract/offer-closed.ts). The offer is read aside: it is the instrument, not the subject.
 */
export async function skipIfOfferClosed(fuzz: FuzzRunner, ex: Exchange, offerId: unknown): Promise<void> {
  const closed = await fuzz.aside(() => offerClosedSinceListed(fuzz.api, ex, offerId));
  if (closed) throw new CaseSkipped(`${closed}: a create refused then is not judged`);
}

/** A body the contract refuses: a 4xx (its error body is checked by the exchange checks). */
export function checkRefused(verdict: Verdict, ex: Exchange, clause: ClauseId, what: string): boolean {
  return verdict.check(clause, is4xx(ex), `${what} must be refused with a 4xx`, {
    expected: '4xx with the create error body',
    received: outcomeOf(ex),
    exchange: ex,
  });
}

/** An order the contract says must not be accepted: a 4xx, or a record with status rejected. */
export function checkNotAccepted(verdict: Verdict, ex: Exchange, clause: ClauseId, what: string): void {
  const record = createdRecord(ex);
  verdict.check(clause, is4xx(ex) || record?.status === 'rejected', `${what} must get a 4xx or a record with status rejected`, {
    expected: '4xx, or status rejected',
    received: outcomeOf(ex),
    exchange: ex,
  });
}

/**
 * A refused create left no record: the list (filtered by the offer when the body names one) holds
 * nothing with the create's run tag. The list is read aside (it is the instrument here, not the
 * subject); when it cannot be read, the case cannot be judged.
 */
export async function checkNothingCreated(
  verdict: Verdict,
  fuzz: FuzzRunner,
  o: { clause: ClauseId; tag: string; offerId?: string; what: string },
): Promise<void> {
  // The unfiltered list grows with every run a shared staging ever had (20,000 records in a year of nightly gates, 9 MB
  // in one answer): past what a walk may read (API_WALK_PAGES), found once per property with pages of one entry, it is
  // not read, and the case is judged on its answer alone, said so.
  if (o.offerId === undefined) {
    if (fuzz.subscriptionsBeyondBound === undefined)
      fuzz.subscriptionsBeyondBound = await fuzz.aside(() => lengthBeyondBound(subscriptionsPageable(fuzz.api), fuzz.wholeListBound));
    if (fuzz.subscriptionsBeyondBound !== null) {
      verdict.limit(
        o.clause,
        `a refused create's record was not looked for in the whole subscriptions list: it holds ${fuzz.subscriptionsBeyondBound} entries, more than API_WALK_PAGES pages (${fuzz.wholeListBound} entries)`,
      );
      return;
    }
  }
  const list = await fuzz.aside(() => fuzz.api.listSubscriptions(o.offerId === undefined ? undefined : { offerId: o.offerId }));
  if (list.status !== 200 || !Array.isArray(list.body))
    throw new CaseSkipped(`the subscriptions list, read to look for a left record, answered ${list.status}`);
  const left = (list.body as Subscription[]).filter((s) => s?.clientSubscriptionReference === o.tag);
  verdict.check(o.clause, left.length === 0, `${o.what}: a refused create must not leave a record`, {
    expected: `no record with reference ${o.tag}`,
    received: left.map((s) => `${s.id} (${s.status})`),
    exchange: list,
  });
}
