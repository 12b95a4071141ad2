/**
 * The three paginated collections of the contract, behind one interface, so the pagination laws are
 * written once and run on each (Limits: "Pagination is offset-based and applies to offers,
 * subscriptions and allocations").
 */
import type { ApiClient, Query } from '../src/client/api-client.ts';
import type { Exchange } from '../src/client/exchange.ts';
import type { AllocationRecord } from '../src/model/types.ts';

export interface Pageable {
  name: string;
  /** One page: the exchange and its entries (null when the body is not the expected shape). */
  page(query: Query): Promise<{ ex: Exchange; items: unknown[] | null }>;
  /** Identity of an entry, to compare pages with the full list. */
  key(item: unknown): string;
}

const byId = (item: unknown) => String((item as { id?: unknown })?.id);
const list = (ex: Exchange) => (ex.status === 200 && Array.isArray(ex.body) ? ex.body : null);

export const offersPageable = (api: ApiClient): Pageable => ({
  name: 'offers',
  page: async (q) => { const ex = await api.listOffers(q); return { ex, items: list(ex) }; },
  key: byId,
});

export const subscriptionsPageable = (api: ApiClient, offerId: string): Pageable => ({
  name: `subscriptions of offer ${offerId}`,
  page: async (q) => { const ex = await api.listSubscriptions({ offerId, ...q }); return { ex, items: list(ex) }; },
  key: byId,
});

/** The allocations array of one offer's record (item fields are not shown: compare whole items). */
export const allocationsPageable = (api: ApiClient, offerId: string): Pageable => ({
  name: `allocations of offer ${offerId}`,
  page: async (q) => {
    const ex = await api.getAllocation(offerId, q);
    const items = ex.status === 200 ? (ex.body as AllocationRecord)?.allocations : null;
    return { ex, items: Array.isArray(items) ? items : null };
  },
  key: (item) => JSON.stringify(item),
});
