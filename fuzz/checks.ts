/**
 * The checks the fuzz properties make on one run, each a named function recording into the run's
 * verdict (the exchange checks, which validate every response, run on top of these).
 */
import type { ClauseId } from '../src/clauses/catalogue.ts';
import type { Verdict } from '../src/checks/verdict.ts';
import { checkEcho as checkEchoOf } from '../src/checks/echo.ts';
import type { Exchange } from '../src/client/exchange.ts';
import type { Subscription } from '../src/model/types.ts';
import type { TargetProfile } from '../src/profile/target-profile.ts';
import { CaseSkipped, type FuzzRunner } from './runner.ts';

const is4xx = (ex: Exchange): boolean => ex.status >= 400 && ex.status < 500;

/** The record a create returned, when it returned one. */
export function createdRecord(ex: Exchange): Subscription | null {
  return ex.status >= 200 && ex.status < 300 && ex.body !== null && typeof ex.body === 'object' && !Array.isArray(ex.body)
    ? (ex.body as Subscription)
    : null;
}

const outcomeOf = (ex: Exchange): string => {
  const record = createdRecord(ex);
  return record ? `${ex.status} (record ${String(record.id)}, status ${String(record.status)})` : String(ex.status);
};

/** A create the contract requires to succeed: 2xx (the code per profile), with the created record. */
export function checkCreated(verdict: Verdict, ex: Exchange, profile: TargetProfile): Subscription | null {
  verdict.status(ex, {
    key: 'create',
    profile,
    observeClause: 'SUB-CREATE-STATUS-CODE',
    contractClause: 'SUB-CREATE',
    contractRule: ['2xx'],
    what: 'POST /subscription with a valid body',
  });
  const record = createdRecord(ex);
  verdict.check('SUB-CREATE', record !== null && typeof record.id === 'string', 'a successful create returns the created subscription', {
    expected: 'the created Subscription',
    received: ex.isJson ? ex.body : ex.text,
    exchange: ex,
  });
  if (record)
    verdict.observe({
      clause: 'SUB-CREATE-OUTCOME',
      key: `outcome.${String(record.status)}`,
      message: `a valid order on an open offer got status ${String(record.status)}`,
      value: record.status,
    });
  return record;
}

/** Every request field comes back with the value sent (SUB-CREATE-ECHO; see src/checks/echo.ts). */
export function checkEcho(verdict: Verdict, sent: Record<string, unknown>, ex: Exchange): void {
  checkEchoOf(verdict, sent, ex, createdRecord(ex) as Record<string, unknown> | null);
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
