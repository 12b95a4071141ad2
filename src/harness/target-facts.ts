/**
 * Full lists read once and reused by every test that needs them, so a run on a paced staging target spends its request
 * budget on checks, not on re-reading the same lists. The global setup reads them once for every worker
 * (shared-facts.ts); a list it could not share is read by the worker, once.
 */
import type { ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { OPEN_STATUS, type AllocationRecord, type Offer } from '../contract/types.ts';
import { isWritableIn, whyNoOfferToWrite, writableCurrencies } from '../run/client-currency.ts';
import { isKnownClosed, noteOfferClosed } from '../run/offers-closed-this-run.ts';
import { whyClosed } from '../contract/offer-closed.ts';

/** A list the suite depends on could not be read: the test stops, the clause checks say why. */
export class PreconditionError extends Error {
  override readonly name = 'PreconditionError';
}

/** A list's entries: the body of a 200 that is a JSON array, else null. */
export function arrayOrNull<T>(ex: Exchange): T[] | null {
  return ex.status === 200 && Array.isArray(ex.body) ? (ex.body as T[]) : null;
}

export function arrayBody<T>(ex: Exchange, what: string): T[] {
  const items = arrayOrNull<T>(ex);
  if (items === null) {
    throw new PreconditionError(
      `${what}: ${ex.method} ${ex.path} answered ${ex.status} without an array; the checks of that operation report why`,
    );
  }
  return items;
}

/** The lists read once for every worker of the run (shared-facts.ts). */
export interface SharedFacts {
  offers?: Offer[];
  allocations?: AllocationRecord[];
}

/**
 * How often the offers are listed again to note those closed since the run listed them (noteOffersClosedSince). Each
 * writing fuzz property asks before its cases. A catalogue that fits what one walk may read (API_WALK_PAGES pages of
 * the largest page) is listed again every time; a longer one (2,000 offers are 3.5 MB) at most once per `longEveryMs`
 * in a worker, so the cost follows the run's length, not the catalogue's: a create refused on an offer that closed
 * in between is still recognised, offer by offer (src/checks/offer-closed-since-listed.ts).
 */
export interface RelistPolicy {
  walkEntries: number;
  longEveryMs: number;
}

/** A long catalogue is listed again at most every 30 s in a worker: the fuzz project of a certify run takes about that. */
export const RELIST_LONG_CATALOGUE_MS = 30_000;

export class TargetFacts {
  private cache = new Map<string, Promise<unknown>>();
  private lastRelisted = Number.NEGATIVE_INFINITY;
  /** `shared`: the lists the global setup read for every worker (shared-facts.ts); a list not shared is read here. */
  constructor(
    private readonly api: ApiClient,
    private readonly shared: SharedFacts = {},
    private readonly relist: RelistPolicy = { walkEntries: Number.POSITIVE_INFINITY, longEveryMs: RELIST_LONG_CATALOGUE_MS },
    private readonly now: () => number = Date.now,
  ) {}

  private memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.cache.has(key)) {
      const p = load();
      p.catch(() => this.cache.delete(key)); // a failed read is retried by the next test, not cached
      this.cache.set(key, p);
    }
    return this.cache.get(key) as Promise<T>;
  }

  /** Every offer (no offset/limit: "all entries are returned"). */
  offers(): Promise<Offer[]> {
    return this.memo('offers', async () => this.shared.offers ?? arrayBody<Offer>(await this.api.listOffers(), 'The offers list'));
  }

  async openOffers(): Promise<Offer[]> {
    return (await this.offers()).filter((o) => o?.details?.status === OPEN_STATUS);
  }

  /**
   * Open offers in a currency the run writes in: all of them, unless the target holds the client to one currency
   * (src/run/client-currency.ts, settled by the global setup).
   */
  async offersToWriteTo(): Promise<Offer[]> {
    const currencies = writableCurrencies();
    return (await this.openOffers()).filter((o) => isWritableIn(currencies, o));
  }

  /**
   * Open offers that tests may write to. The last of them is kept for the subscriptions pagination
   * test, so records created concurrently by other tests never shift its pages.
   */
  async writableOffers(): Promise<Offer[]> {
    const open = await this.offersToWriteTo();
    return (open.length > 1 ? open.slice(0, -1) : open).filter((o) => !isKnownClosed(o.id));
  }

  /**
   * Lists the offers again, uncached, and notes the ones listed open that take no orders now (a live service closes
   * offers while the run writes: src/run/offers-closed-this-run.ts), so the offers written to from here on leave them out.
   * The run's own listing (offers()) is kept as it was. A long catalogue is listed again only as often as RelistPolicy says.
   */
  async noteOffersClosedSince(): Promise<void> {
    const long = (await this.offers()).length > this.relist.walkEntries;
    if (long && this.now() - this.lastRelisted < this.relist.longEveryMs) return;
    this.lastRelisted = this.now();
    const listedNow = arrayOrNull<Offer>(await this.api.listOffers());
    if (listedNow === null) return;
    const now = new Map(listedNow.map((o) => [o?.id, o]));
    for (const listed of await this.openOffers()) {
      const current = now.get(listed.id);
      // Only a change since the listing: an offer listed open past its end (as the target keeps it) stays written to.
      if (current && whyClosed(current) !== null && whyClosed(listed) === null) noteOfferClosed(listed.id);
    }
  }

  /** Why writableOffers() is empty: a test's skip reason (none open, none in a currency a create can name, ...). */
  async whyNoOfferToWrite(): Promise<string> {
    return whyNoOfferToWrite(writableCurrencies(), await this.offers());
  }

  /** The open offer reserved for the subscriptions pagination test (see writableOffers). */
  async reservedOffer(): Promise<Offer | undefined> {
    const open = await this.offersToWriteTo();
    return open.length > 1 ? open[open.length - 1] : undefined;
  }

  allocations(): Promise<AllocationRecord[]> {
    return this.memo(
      'allocations',
      async () => this.shared.allocations ?? arrayBody<AllocationRecord>(await this.api.listAllocations(), 'The allocations list'),
    );
  }
}
