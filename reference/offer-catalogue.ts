// The offers of one server instance, serialized once through the behaviour's wire strategy.
// The bundled offers never change, so pages are assembled from pre-rendered JSON and kept in a small cache:
// the hot path (GET /offer?limit=10) does no serialization at all. A variation whose offers change as time
// passes (behaviour.offers.published) gets them rendered again, and the cache emptied, when they do.
import type { Behaviour, PageQuery } from './behaviour.ts';
import type { Offer } from './data/types.ts';

const MAX_CACHED_PAGES = 512;

export class OfferCatalogue {
  readonly #seed: readonly Offer[];
  readonly #startedAt: number;
  readonly #clock: () => number;
  readonly #behaviour: Behaviour;
  #offers: readonly Offer[] = [];
  #json: readonly string[] = [];
  #byId: ReadonlyMap<string, Offer> = new Map();
  #jsonById: ReadonlyMap<string, string> = new Map();
  readonly #pages = new Map<string, Buffer>();

  constructor(seed: readonly Offer[], behaviour: Behaviour, clock: () => number = Date.now) {
    this.#seed = seed;
    this.#behaviour = behaviour;
    this.#clock = clock;
    this.#startedAt = clock();
    this.#render(seed);
  }

  /** The offers as published now: rendered again only when the behaviour hands out another array. */
  #current(): void {
    const offers = this.#behaviour.offers.published(this.#seed, this.#startedAt, this.#clock());
    if (offers !== this.#offers) this.#render(offers);
  }

  #render(offers: readonly Offer[]): void {
    this.#offers = offers;
    this.#json = offers.map((offer) => JSON.stringify(this.#behaviour.wire.offer(offer)));
    this.#byId = new Map(offers.map((offer) => [offer.id, offer]));
    this.#jsonById = new Map(offers.map((offer, i) => [offer.id, this.#json[i]]));
    this.#pages.clear();
  }

  get byId(): ReadonlyMap<string, Offer> {
    this.#current();
    return this.#byId;
  }

  /** The JSON of one offer as sent, or undefined when the id is unknown. */
  json(offerId: string): string | undefined {
    this.#current();
    return this.#jsonById.get(offerId);
  }

  /** The body of GET /offer for a validated query; throws what the paging strategy throws. */
  page(modifiedAfter: string | undefined, query: PageQuery, maxLimit: number): Buffer {
    this.#current();
    const key = `${modifiedAfter ?? ''}|${query.offset ?? ''}|${query.limit ?? ''}`;
    const cached = this.#pages.get(key);
    if (cached) return cached;

    const positions = this.#behaviour.offers.select(
      this.#offers.length,
      (i) => modifiedAfter === undefined || this.#behaviour.offers.modifiedOnOrAfter(this.#offers[i].dates.lastModifiedOn, modifiedAfter),
      (total) => this.#behaviour.paging.window(query, total, maxLimit),
    );
    const body = Buffer.from(`[${positions.map((i) => this.#json[i]).join(',')}]`, 'utf8');

    if (this.#pages.size >= MAX_CACHED_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
    this.#pages.set(key, body);
    return body;
  }
}
