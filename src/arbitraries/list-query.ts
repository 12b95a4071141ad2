// A whole list query: its parameters, and the law the contract gives the answer when every
// parameter is valid. The arbitraries `pageQuery`, `offerListQuery`, `subscriptionListQuery` build these.
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import type { LimitParam } from './limit-param.ts';
import type { ModifiedAfterParam } from './modified-after-param.ts';
import type { OfferIdParam } from './offer-id-param.ts';
import type { OffsetParam } from './offset-param.ts';
import type { QueryVerdict } from './query-param.ts';

/**
 * The page the contract promises, as a slice of the full (filtered) list (contract, Limits 1-3):
 * - `all`: offset and limit both omitted: every entry (PAGE-ALL-WHEN-OMITTED);
 * - `slice`: exactly `full.slice(start, start + limit)` (PAGE-LIMIT, PAGE-OFFSET-ZERO-BASED,
 *   PAGE-OFFSET-PAST-END); an absent offset counts as 0;
 * - `capped`: `full.slice(start, start + min(limit, max))` (PAGE-MAX-LIMIT); with `max: null` the
 *   maximum is not known, so the page is `full.slice(start, start + n)` for some 1 <= n <= limit
 *   (n >= 1 only while entries remain);
 * - `from-offset`: offset without limit: `full.slice(start, start + n)` for some n (its length is not
 *   shown: the rest of the list, or a default page).
 */
export type PageLaw =
  | { kind: 'all' }
  | { kind: 'slice'; start: number; limit: number }
  | { kind: 'capped'; start: number; limit: number; max: number | null }
  | { kind: 'from-offset'; start: number };

/**
 * The answer's law: the full list, filtered (`modifiedSince`: lastModifiedOn at or after it,
 * OFFER-MODIFIED-AFTER; `offerId`: entries on that offer, SUB-LIST-OFFER-FILTER), then paged.
 */
export interface ListLaw {
  modifiedSince?: string;
  offerId?: string;
  page: PageLaw;
}

export interface ListQuery {
  /** Parameters to send (absent ones are left out; empty ones are sent empty). */
  query: Record<string, string>;
  description: string;
  verdict: QueryVerdict;
  clauses: ClauseId[];
  /** Present exactly when `verdict` is `valid`. */
  law?: ListLaw;
}

type AnyParam = OffsetParam | LimitParam | ModifiedAfterParam | OfferIdParam;

export function pageLawOf(offset: OffsetParam, limit: LimitParam): PageLaw {
  const start = offset.meaning?.start;
  const meaning = limit.meaning;
  if (meaning === undefined) return start === undefined ? { kind: 'all' } : { kind: 'from-offset', start };
  if (meaning.kind === 'exact') return { kind: 'slice', start: start ?? 0, limit: meaning.limit };
  return { kind: 'capped', start: start ?? 0, limit: meaning.limit, max: meaning.max };
}

/** Puts the parameters together: valid only if every one is; the law only then. */
export function listQueryOf(page: { offset: OffsetParam; limit: LimitParam }, filter?: ModifiedAfterParam | OfferIdParam): ListQuery {
  const params: AnyParam[] = [...(filter ? [filter] : []), page.offset, page.limit];
  const query: Record<string, string> = {};
  for (const p of params) if (p.value !== undefined) query[p.name] = p.value;
  const verdict: QueryVerdict = params.every((p) => p.verdict === 'valid') ? 'valid' : 'contract-silent';
  const clauses = [...new Set(params.flatMap((p) => (p.verdict === verdict ? p.clauses : [])))];
  const description = params.map((p) => p.description).join(', ');
  if (verdict !== 'valid') return { query, description, verdict, clauses };
  const law: ListLaw = { page: pageLawOf(page.offset, page.limit) };
  if (filter?.name === 'modifiedAfter' && filter.meaning) law.modifiedSince = filter.meaning.since;
  if (filter?.name === 'offerId' && filter.meaning) law.offerId = filter.meaning.offerId;
  if (law.page.kind === 'all') clauses.push('PAGE-ALL-WHEN-OMITTED');
  return { query, description, verdict, clauses: [...new Set(clauses)], law };
}

/**
 * A record of parameters drawn together, narrowed by `verdict`: `valid` = every parameter valid;
 * `contract-silent` = at least one silent (each in turn), the others anything; absent = anything.
 */
export function paramsByVerdict<T extends Record<string, unknown>>(
  makers: { [K in keyof T]: (verdict: QueryVerdict | undefined) => Arbitrary<T[K]> },
  verdict: QueryVerdict | undefined,
): Arbitrary<T> {
  const keys = Object.keys(makers) as (keyof T)[];
  const recordWith = (perKey: (key: keyof T) => QueryVerdict | undefined): Arbitrary<T> =>
    fc.record(Object.fromEntries(keys.map((k) => [k, makers[k](perKey(k))])) as { [K in keyof T]: Arbitrary<T[K]> }, {
      noNullPrototype: true,
    }) as unknown as Arbitrary<T>;
  if (verdict !== 'contract-silent') return recordWith(() => verdict);
  return fc.oneof(...keys.map((silentKey) => recordWith((k) => (k === silentKey ? 'contract-silent' : undefined))));
}
