// Fault switches, sequences (issue 12): deviations that only a sequence of calls shows. One area of the table joined in reference/faults.ts.
import type { Subscription } from '../data/types.ts';
import { patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const SEQUENCE_FAULTS = [
  {
    name: 'get-cached-after-cancel',
    description:
      'GET /subscription/{id} is served from a read-through cache filled at the first read and not invalidated by cancel: after a cancel, get says accepted while the list says cancelled.',
    clauses: ['SUB-LIST-MATCHES-GET'],
    catchBy: 'fuzz',
    apply: (behaviour) => {
      const cache = new Map<string, Subscription>(); // one cache per server instance
      return patch('subscriptions', (current) => ({
        lookup: (store, id) => {
          const cached = cache.get(id);
          if (cached) return cached;
          const record = current.lookup(store, id);
          if (record) cache.set(id, record);
          return record;
        },
      }))(behaviour);
    },
  },
  {
    name: 'id-reused-by-overlapping-creates',
    description:
      'The id comes from a sequence read before a 25 ms database write and advanced after it: creates one after another get their own ids, two creates in flight together get the same one, and the second overwrites the first.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'fuzz',
    apply: (behaviour) => {
      let next = 1; // one sequence per server instance
      return patch('subscriptions', () => ({
        newId: () => `SUB-${String(next).padStart(6, '0')}`,
        insert: async (store, record) => {
          await new Promise((resolve) => setTimeout(resolve, 25));
          next += 1;
          store.put(record);
          return record;
        },
      }))(behaviour);
    },
  },
  {
    name: 'id-from-live-count',
    description:
      'A new id is "SUB-" + the number of live (not cancelled) records + 1: after a cancel, the next create gets the id of an existing record and overwrites it.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'fuzz',
    apply: patch('subscriptions', () => ({
      newId: (store) => `SUB-${String(store.all().filter((r) => r.status !== 'cancelled').length + 1).padStart(6, '0')}`,
    })),
  },
  {
    name: 'cancel-toggles',
    description:
      'Cancel flips a flag (is_cancelled = NOT is_cancelled): a second cancel turns a cancelled record back into accepted, answered 200.',
    clauses: ['SUB-CANCELLED-STAYS'],
    catchBy: 'fuzz',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => {
        const record = store.get(id);
        if (record?.status !== 'cancelled') return current.cancel(store, id);
        const restored: Subscription = { ...record, status: 'accepted' };
        store.put(restored);
        return restored;
      },
    })),
  },
  {
    name: 'list-order-rotates',
    description:
      'GET /subscription has no ORDER BY and reads from a ring buffer whose start advances on every call: two reads of an unchanged list give it in different orders.',
    clauses: ['PAGE-STABLE-ORDER'],
    catchBy: 'fuzz',
    apply: (behaviour) => {
      let reads = 0; // one cursor per server instance
      return patch('subscriptions', (current) => ({
        forOffer: (store, offerId) => {
          const listed = current.forOffer(store, offerId);
          const start = listed.length === 0 ? 0 : reads++ % listed.length;
          return [...listed.slice(start), ...listed.slice(0, start)];
        },
      }))(behaviour);
    },
  },
] as const satisfies readonly FaultSwitch[];
