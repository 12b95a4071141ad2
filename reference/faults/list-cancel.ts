// Fault switches, list and cancel. One area of the table joined in reference/faults.ts.
import { patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const LIST_CANCEL_FAULTS = [
  {
    name: 'offer-filter-ignored',
    description: 'GET /subscription ignores the offerId filter and lists every subscription.',
    clauses: ['SUB-LIST-OFFER-FILTER'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({ forOffer: (store) => store.all() })),
  },
  {
    name: 'cancel-not-persisted',
    description: 'Cancel answers with status cancelled but never saves it: the next read still says accepted.',
    clauses: ['SUB-CANCEL'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => {
        const before = store.get(id);
        const answer = current.cancel(store, id);
        if (before) store.put(before);
        return answer;
      },
    })),
  },
  {
    name: 'cancel-unknown-200',
    description: 'Cancelling an unknown id answers 200 (an UPDATE that matched no row is not checked).',
    clauses: ['SUB-CANCEL-UNKNOWN-ID'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => (store.get(id) ? current.cancel(store, id) : { id, status: 'cancelled' }),
    })),
  },
] as const satisfies readonly FaultSwitch[];
