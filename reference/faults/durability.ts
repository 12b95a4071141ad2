// Fault switches, state that does not last (issue 50): the service confirms a write, reads right after agree, and
// some seconds later the confirmed state is gone (a replica overwrites it, an asynchronous job loses it, a nightly job
// rewrites it). Only the late read (src/checks/late-read.ts) sees them. One area of the table joined in reference/faults.ts.
import { patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

/** Seconds after the write each fault undoes it: REFERENCE_FAULT_DELAY (read at each write, so tests vary it), default 2. */
export const FAULT_DELAY_ENV = 'REFERENCE_FAULT_DELAY';

function laterMs(): number {
  const seconds = Number(process.env[FAULT_DELAY_ENV] ?? '');
  return (Number.isFinite(seconds) && seconds >= 0 && process.env[FAULT_DELAY_ENV]?.trim() ? seconds : 2) * 1000;
}

/** Runs `undo` once the fault's delay has passed, without keeping the server's process alive for it. */
function later(undo: () => void): void {
  setTimeout(undo, laterMs()).unref();
}

/** The length a store's column cuts clientSubscriptionReference to. */
const REFERENCE_COLUMN = 12;

export const DURABILITY_FAULTS = [
  {
    name: 'cancel-undone-later',
    description:
      'A cancel is answered as done and reads show it cancelled, but a replica that missed it overwrites the record a few seconds later: it reads accepted again.',
    clauses: ['SUB-CANCELLED-STAYS'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => {
        const before = structuredClone(store.get(id));
        const answer = current.cancel(store, id);
        later(() => {
          if (before && store.get(id)?.status === 'cancelled') store.put(before);
        });
        return answer;
      },
    })),
  },
  {
    name: 'record-vanishes-later',
    description:
      'A created record reads back by id and in its lists, and an asynchronous job loses it a few seconds later: reads answer 404 and lists leave it out.',
    clauses: ['SUB-CREATED-LASTS'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => {
      const lost = new Set<string>();
      return {
        insert: (store, record) => {
          later(() => lost.add(record.id));
          return current.insert(store, record);
        },
        lookup: (store, id) => (lost.has(id) ? undefined : current.lookup(store, id)),
        forOffer: (store, offerId) => current.forOffer(store, offerId).filter((r) => !lost.has(r.id)),
      };
    }),
  },
  {
    name: 'field-rewritten-later',
    description: `A created record is echoed and read back whole, and a later job copies it into a store whose column keeps ${REFERENCE_COLUMN} characters of clientSubscriptionReference: reads show the reference cut short.`,
    clauses: ['SUB-CREATED-LASTS'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) => {
        later(() => {
          const now = store.get(record.id);
          if (now && typeof now.clientSubscriptionReference === 'string')
            store.put({ ...now, clientSubscriptionReference: now.clientSubscriptionReference.slice(0, REFERENCE_COLUMN) });
        });
        return current.insert(store, record);
      },
    })),
  },
] as const satisfies readonly FaultSwitch[];
