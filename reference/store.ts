// In-memory subscriptions of one server instance, in creation order, each owned by the partner that created it.
// Single-threaded JS makes each put atomic; ids come from crypto.randomUUID, so concurrent creates never collide.
// A partner works on its own view (`of(partner)`): it reads, lists and cancels its own records only.
import type { Subscription } from './data/types.ts';

export class SubscriptionStore {
  readonly #records: Map<string, Subscription>;
  readonly #owners: Map<string, string>;
  /** The partner this view belongs to; null: the whole store (every partner's records). */
  readonly #partner: string | null;

  constructor(shared?: { records: Map<string, Subscription>; owners: Map<string, string>; partner: string | null }) {
    this.#records = shared?.records ?? new Map();
    this.#owners = shared?.owners ?? new Map();
    this.#partner = shared?.partner ?? null;
  }

  /** The records of one partner: what it reads, lists and cancels; what it puts is its own. */
  of(partner: string): SubscriptionStore {
    return new SubscriptionStore({ records: this.#records, owners: this.#owners, partner });
  }

  /** Every partner's records, as one table (what a partner must never be handed). */
  unscoped(): SubscriptionStore {
    return new SubscriptionStore({ records: this.#records, owners: this.#owners, partner: null });
  }

  #visible(id: string): boolean {
    return this.#partner === null || this.#owners.get(id) === this.#partner;
  }

  get(id: string): Subscription | undefined {
    return this.#visible(id) ? this.#records.get(id) : undefined;
  }

  /** Inserts a new record (owned by this view's partner) or replaces one (keeping its place and its owner). */
  put(record: Subscription): void {
    if (this.#partner !== null && !this.#owners.has(record.id)) this.#owners.set(record.id, this.#partner);
    this.#records.set(record.id, record);
  }

  all(): Subscription[] {
    return [...this.#records.values()].filter((record) => this.#visible(record.id));
  }

  get size(): number {
    return this.all().length;
  }
}
