// In-memory subscriptions of one server instance, in creation order. Single-threaded JS makes each
// put atomic; ids come from crypto.randomUUID, so concurrent creates never collide.
import type { Subscription } from './data/types.ts';

export class SubscriptionStore {
  readonly #records = new Map<string, Subscription>();

  get(id: string): Subscription | undefined {
    return this.#records.get(id);
  }

  /** Inserts a new record or replaces one (keeping its place in the list). */
  put(record: Subscription): void {
    this.#records.set(record.id, record);
  }

  all(): Subscription[] {
    return [...this.#records.values()];
  }

  get size(): number {
    return this.#records.size;
  }
}
