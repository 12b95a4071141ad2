// In-memory subscriptions of one server instance, in creation order, each owned by the partner that created it.
// Single-threaded JS makes each put atomic; ids come from crypto.randomUUID, so concurrent creates never collide.
// A partner works on its own view (`of(partner)`): it reads, lists and cancels its own records only.
// Each partner's records are kept in their own list as well, and per offer, so listing one partner's records costs
// its records, and listing those of one offer costs that offer's, not the whole store's (large-catalogue holds 20,000
// of them over 2,000 offers: reference/data/large-catalogue.ts), as a service's index would.
import type { Subscription } from './data/types.ts';

/** What every view of one store shares. */
interface Shared {
  records: Map<string, Subscription>;
  owners: Map<string, string>;
  /** Per partner, its records in creation order, and the same per offer. */
  byPartner: Map<string, { all: OrderedRecords; byOffer: Map<string, OrderedRecords> }>;
}

/** Records in creation order, and where each id sits in that list. */
class OrderedRecords {
  readonly list: Subscription[] = [];
  readonly #at = new Map<string, number>();

  /** Appends a new record, or replaces the one with its id in its place. */
  put(record: Subscription): void {
    const at = this.#at.get(record.id);
    if (at !== undefined) {
      this.list[at] = record;
      return;
    }
    this.#at.set(record.id, this.list.length);
    this.list.push(record);
  }

  /** Takes a record out (it moved to another offer: a fault's doing, never the reference's). */
  remove(id: string): void {
    const at = this.#at.get(id);
    if (at === undefined) return;
    this.list.splice(at, 1);
    this.#at.delete(id);
    for (let i = at; i < this.list.length; i++) this.#at.set(this.list[i]!.id, i);
  }
}

export class SubscriptionStore {
  readonly #shared: Shared;
  /** The partner this view belongs to; null: the whole store (every partner's records). */
  readonly #partner: string | null;

  constructor(shared?: Shared & { partner: string | null }) {
    this.#shared = shared ?? { records: new Map(), owners: new Map(), byPartner: new Map() };
    this.#partner = shared?.partner ?? null;
  }

  /** The records of one partner: what it reads, lists and cancels; what it puts is its own. */
  of(partner: string): SubscriptionStore {
    return new SubscriptionStore({ ...this.#shared, partner });
  }

  /** Every partner's records, as one table (what a partner must never be handed). */
  unscoped(): SubscriptionStore {
    return new SubscriptionStore({ ...this.#shared, partner: null });
  }

  #visible(id: string): boolean {
    return this.#partner === null || this.#shared.owners.get(id) === this.#partner;
  }

  get(id: string): Subscription | undefined {
    return this.#visible(id) ? this.#shared.records.get(id) : undefined;
  }

  /** Inserts a new record (owned by this view's partner) or replaces one (keeping its place and its owner). */
  put(record: Subscription): void {
    const { records, owners, byPartner } = this.#shared;
    if (this.#partner !== null && !owners.has(record.id)) owners.set(record.id, this.#partner);
    const before = records.get(record.id);
    records.set(record.id, record);
    const owner = owners.get(record.id);
    if (owner === undefined) return;
    const own = byPartner.get(owner) ?? { all: new OrderedRecords(), byOffer: new Map<string, OrderedRecords>() };
    byPartner.set(owner, own);
    own.all.put(record);
    if (before !== undefined && before.offerId !== record.offerId) own.byOffer.get(before.offerId)?.remove(record.id);
    const ofOffer = own.byOffer.get(record.offerId) ?? new OrderedRecords();
    own.byOffer.set(record.offerId, ofOffer);
    ofOffer.put(record);
  }

  /** This view's records in creation order (a copy: the caller may keep or change it). */
  all(): Subscription[] {
    if (this.#partner !== null) return [...(this.#shared.byPartner.get(this.#partner)?.all.list ?? [])];
    return [...this.#shared.records.values()];
  }

  /** This view's records of one offer in creation order (a copy), read from the index, not by a scan. */
  ofOffer(offerId: string): Subscription[] {
    if (this.#partner === null) return this.all().filter((r) => r.offerId === offerId);
    return [...(this.#shared.byPartner.get(this.#partner)?.byOffer.get(offerId)?.list ?? [])];
  }

  get size(): number {
    return this.#partner === null ? this.#shared.records.size : (this.#shared.byPartner.get(this.#partner)?.all.list.length ?? 0);
  }
}
