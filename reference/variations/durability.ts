// Variation switches, records over time (issue 50): what a legitimate service does to records after it confirmed
// them, which the late read (src/checks/late-read.ts) must pass. One area of the table joined in reference/variations.ts.
import { randomUUID } from 'node:crypto';
import type { Behaviour } from '../behaviour.ts';
import type { Subscription } from '../data/types.ts';
import { patch } from '../patches.ts';
import type { VariationSwitch } from './variation-switch.ts';

/**
 * Reads (GET /subscription/{id}, GET /subscription) answer from a replica that shows a write `lagMs` after it: a record
 * just created is not found yet, one just cancelled still shows its old status; then the write shows for good.
 */
export function replicaLag(lagMs: number) {
  return (behaviour: Behaviour): Behaviour => {
    /** Per record id, its versions as written (oldest first): what a replica shows is the last one older than the lag. */
    const versions = new Map<string, Array<{ at: number; record: Subscription }>>();
    const wrote = (record: Subscription | undefined) => {
      if (!record) return;
      const list = versions.get(record.id) ?? [];
      list.push({ at: Date.now(), record });
      versions.set(record.id, list);
    };
    /** What the replica shows of a record the primary holds as `now`: a change no write hook saw (a queued cancel
     * applied later) counts from the read that first meets it. */
    const visible = (now: Subscription): Subscription | undefined => {
      const last = versions.get(now.id)?.at(-1)?.record;
      if (last === undefined || JSON.stringify(last) !== JSON.stringify(now)) wrote(now);
      return versions
        .get(now.id)
        ?.filter((v) => v.at <= Date.now() - lagMs)
        .at(-1)?.record;
    };
    return patch('subscriptions', (current) => ({
      insert: async (store, record) => {
        const stored = await current.insert(store, record);
        wrote(store.get(record.id));
        return stored;
      },
      cancel: (store, id) => {
        const answer = current.cancel(store, id);
        wrote(store.get(id));
        return answer;
      },
      lookup: (store, id) => {
        const now = current.lookup(store, id);
        return now ? visible(now) : undefined;
      },
      forOffer: (store, offerId) =>
        current
          .forOffer(store, offerId)
          .map(visible)
          .filter((r): r is Subscription => r !== undefined),
    }))(behaviour);
  };
}

/** Seconds after its create a review rejects an order still accepted (`accepted-rejected-on-review`). */
const REVIEW_AFTER_MS = 8_000;
/** Milliseconds after another client's create it cancels its record (`another-client-writing`). */
const OTHER_CLIENT_CANCELS_AFTER_MS = 200;

export const DURABILITY_VARIATIONS = [
  {
    name: 'reads-lag-1s',
    description:
      'Reads answer from a replica a second behind the writes: a record just created is not found for a second, then is there for good; one just cancelled shows its old status for a second.',
    slow: true,
    apply: replicaLag(1_000),
  },
  {
    // The status the service changes on its own, chosen where the contract forbids nothing: the States table shows no
    // trigger for accepted -> rejected, but which status a record has "under which condition" is not shown. Out of
    // cancelled it would be SUB-CANCELLED-STAYS's failure; this review leaves cancelled records alone.
    name: 'accepted-rejected-on-review',
    description: `A compliance review rejects every order still accepted ${REVIEW_AFTER_MS / 1000} s after its create (the service's own decision, no call asks for it); cancelled orders are left alone.`,
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) => {
        setTimeout(() => {
          const now = store.get(record.id);
          if (now?.status === 'accepted') store.put({ ...now, status: 'rejected' });
        }, REVIEW_AFTER_MS).unref();
        return current.insert(store, record);
      },
    })),
  },
  {
    name: 'another-client-writing',
    description: `Another client of the same partner writes to the same offers during the run: after each create, it creates an order of its own on that offer and cancels it ${OTHER_CLIENT_CANCELS_AFTER_MS} ms later.`,
    apply: patch('subscriptions', (current) => {
      let created = 0;
      return {
        insert: async (store, record) => {
          const stored = await current.insert(store, record);
          created += 1;
          const theirs: Subscription = {
            ...record,
            id: randomUUID(),
            clientSubscriptionReference: `other-client-${created}`,
          };
          store.put(theirs);
          setTimeout(() => {
            const now = store.get(theirs.id);
            if (now?.status === 'accepted') store.put({ ...now, status: 'cancelled' });
          }, OTHER_CLIENT_CANCELS_AFTER_MS).unref();
          return stored;
        },
      };
    }),
  },
] as const satisfies readonly VariationSwitch[];
