// In-memory subscriptions of one server instance, in creation order, each owned by the partner that created it.
// Single-threaded JS makes each put atomic; ids come from crypto.randomUUID, so concurrent creates never collide.
// A partner works on its own view (`of(partner)`): it reads, lists and cancels its own records only.
// Each partner's records are kept in their own list as well, so listing one partner's records costs its records, not
// the whole store's (large-catalogue holds 20,000 of them: reference/data/large-catalogue.ts).
import type { Subscription } from './data/types.ts';

/** What every view of one store shares. */
interface Shared {
  records: Map<string, Subscription>;
  owners: Map<string, string>;
  /** Per partner, its records in creation order, and where each id sits in that list. */
  byPartner: Map<string, { list: Subscription[]; at: Map<string, number> }>;
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
    records.set(record.id, record);
    const owner = owners.get(record.id);
    if (owner === undefined) return;
    const own = byPartner.get(owner) ?? { list: [], at: new Map<string, number>() };
    byPartner.set(owner, own);
    const at = own.at.get(record.id);
    if (at === undefined) {
      own.at.set(record.id, own.list.length);
      own.list.push(record);
    } else own.list[at] = record;
  }

  /** This view's records in creation order (a copy: the caller may keep or change it). */
  all(): Subscription[] {
    if (this.#partner !== null) return [...(this.#shared.byPartner.get(this.#partner)?.list ?? [])];
    return [...this.#shared.records.values()];
  }

  get size(): number {
    return this.#partner === null ? this.#shared.records.size : (this.#shared.byPartner.get(this.#partner)?.list.length ?? 0);
  }
}
