/**
 * The three paginated collections of the contract, behind one interface, so the pagination laws are
 * written once and run on each (Limits: "Pagination is offset-based and applies to offers,
 * subscriptions and allocations").
 */
import type { ApiClient, Query } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import type { AllocationRecord } from '../contract/types.ts';
import { canonicalJson } from '../report/evidence.ts';
import { arrayOrNull } from './target-facts.ts';
import { lengthBeyond } from '../checks/bounded-walk.ts';

export interface Pageable {
  name: string;
  /** One page: the exchange and its entries (null when the body is not the expected shape). */
  page(query: Query): Promise<{ ex: Exchange; items: unknown[] | null }>;
  /** Identity of an entry, to compare pages with the full list. */
  key(item: unknown): string;
  /** An entry whole, in a canonical text: two readings with the same contents hold the same entries, each as it was. */
  content(item: unknown): string;
}

const byId = (item: unknown) => String((item as { id?: unknown })?.id);

/** The offers, or with `filter` (modifiedAfter) the offers it selects: the list laws hold for a filtered list too. */
export const offersPageable = (api: ApiClient, filter?: { modifiedAfter: string }): Pageable => ({
  name: filter ? `offers modified on or after ${filter.modifiedAfter}` : 'offers',
  page: async (q) => {
    const ex = await api.listOffers({ ...filter, ...q });
    return { ex, items: arrayOrNull<unknown>(ex) };
  },
  key: byId,
  content: canonicalJson,
});

/** The subscriptions of one offer, or with no offer the partner's whole list. */
export const subscriptionsPageable = (api: ApiClient, offerId?: string): Pageable => ({
  name: offerId === undefined ? 'subscriptions' : `subscriptions of offer ${offerId}`,
  page: async (q) => {
    const ex = await api.listSubscriptions(offerId === undefined ? q : { offerId, ...q });
    return { ex, items: arrayOrNull<unknown>(ex) };
  },
  key: byId,
  content: canonicalJson,
});

/**
 * The allocations array of one offer's record. Item fields are not shown, so an item is identified by
 * its whole content, in a canonical form: the same item with its keys in another order is the same item.
 */
export const allocationsPageable = (api: ApiClient, offerId: string): Pageable => ({
  name: `allocations of offer ${offerId}`,
  page: async (q) => {
    const ex = await api.getAllocation(offerId, q);
    const items = ex.status === 200 ? (ex.body as AllocationRecord)?.allocations : null;
    return { ex, items: Array.isArray(items) ? items : null };
  },
  key: (item) => canonicalJson(item),
  content: canonicalJson,
});

/** A limit above any plausible maximum (Limits 3: the service applies its own maximum instead). */
export const HUGE_LIMIT = 1_000_000;

/** The maximum page size a run works with, and where it comes from. */
export interface MaxPageSize {
  /** null = no maximum seen: every entry fitted in the capped page. */
  value: number | null;
  source: 'profile' | 'observed' | 'none seen';
  /** The page asked for with HUGE_LIMIT (its checks belong to PAGE-MAX-LIMIT). */
  capped: { ex: Exchange; items: unknown[] | null };
}

/**
 * The maximum page size: the profile's when pinned; otherwise inferred from one page asked for with a
 * huge limit: fewer entries than the whole list means the service capped it there (Limits 3 says it
 * applies its own maximum, whose value is "not shown"). Unknown is not unlimited: a capped page is
 * the maximum, never a missing entry.
 */
export async function maxPageSize(p: Pageable, total: number, pinned: number | null | undefined): Promise<MaxPageSize> {
  const capped = await p.page({ offset: 0, limit: HUGE_LIMIT });
  if (typeof pinned === 'number') return { value: pinned, source: 'profile', capped };
  const count = capped.items?.length ?? 0;
  return count > 0 && count < total ? { value: count, source: 'observed', capped } : { value: null, source: 'none seen', capped };
}

/**
 * How many entries `p` holds when more than `bound` (lengthBeyond: pages of one entry), else null; null too when a page
 * of one entry came back as anything but a list of one entry or none: the caller then reads the list whole, as before.
 */
export function lengthBeyondBound(p: Pageable, bound: number): Promise<number | null> {
  return lengthBeyond(bound, async (offset) => {
    const { items } = await p.page({ offset, limit: 1 });
    return items === null || items.length > 1 ? null : items.length === 1;
  });
}
