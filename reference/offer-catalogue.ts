// The offers of one server instance, serialized once through the behaviour's wire strategy.
// Offers never change, so pages are assembled from pre-rendered JSON and kept in a small cache:
// the hot path (GET /offer?limit=10) does no serialization at all.
import type { Behaviour, PageQuery } from './behaviour.ts';
import type { Offer } from './data/types.ts';
import { slicePage } from './paging.ts';

const MAX_CACHED_PAGES = 512;

export class OfferCatalogue {
  readonly byId: ReadonlyMap<string, Offer>;
  readonly #offers: readonly Offer[];
  readonly #json: readonly string[];
  readonly #jsonById: ReadonlyMap<string, string>;
  readonly #pages = new Map<string, Buffer>();
  readonly #behaviour: Behaviour;

  constructor(offers: readonly Offer[], behaviour: Behaviour) {
    this.#offers = offers;
    this.#behaviour = behaviour;
    this.#json = offers.map((offer) => JSON.stringify(behaviour.wire.offer(offer)));
    this.byId = new Map(offers.map((offer) => [offer.id, offer]));
    this.#jsonById = new Map(offers.map((offer, i) => [offer.id, this.#json[i]]));
  }

  /** The JSON of one offer as sent, or undefined when the id is unknown. */
  json(offerId: string): string | undefined {
    return this.#jsonById.get(offerId);
  }

  /** The body of GET /offer for a validated query; throws what the paging strategy throws. */
  page(modifiedAfter: string | undefined, query: PageQuery, maxLimit: number): Buffer {
    const key = `${modifiedAfter ?? ''}|${query.offset ?? ''}|${query.limit ?? ''}`;
    const cached = this.#pages.get(key);
    if (cached) return cached;

    const positions: number[] = [];
    this.#offers.forEach((offer, i) => {
      if (modifiedAfter === undefined || this.#behaviour.offers.modifiedOnOrAfter(offer.dates.lastModifiedOn, modifiedAfter))
        positions.push(i);
    });
    const window = this.#behaviour.paging.window(query, positions.length, maxLimit);
    const body = Buffer.from(
      `[${slicePage(positions, window)
        .map((i) => this.#json[i])
        .join(',')}]`,
      'utf8',
    );

    if (this.#pages.size >= MAX_CACHED_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
    this.#pages.set(key, body);
    return body;
  }
}
