// Fault switches: Verdicts, round three (issue 31). Part of the table in reference/faults.ts.
import { createHash } from 'node:crypto';
import { patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

/** A copy of `items` in an order drawn from `seed` (Fisher-Yates over a small LCG): another order for another seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = (seed * 2_654_435_761) >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const ID_AND_PARTNER_FAULTS = [
  {
    name: 'offers-order-unstable',
    description:
      'GET /offer has no ORDER BY and is answered by whichever of several replicas is free, each holding the rows in its own order: the same offers, each unchanged, come back in another order from one read to the next.',
    clauses: ['PAGE-STABLE-ORDER'],
    catchBy: 'both',
    apply: (behaviour) => {
      let reads = 0; // one counter per server instance
      return patch('offers', (current) => ({
        published: (seed, startedAt, now) => shuffled(current.published(seed, startedAt, now), ++reads),
      }))(behaviour);
    },
  },
  {
    name: 'id-sequence-per-connection',
    description:
      'Each connection gets its own session with its own id sequence (SUB-000001, SUB-000002, ... on every connection): creates on one connection get ids of their own, but a second client (another worker, another process) is given the ids the first already carries.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'conformance',
    apply: (behaviour) => {
      const sequences = new Map<number, number>(); // per server instance: the next id of each connection
      return patch('subscriptions', () => ({
        newId: (_store, _request, caller) => {
          const next = (sequences.get(caller.connection) ?? 0) + 1;
          sequences.set(caller.connection, next);
          return `SUB-${String(next).padStart(6, '0')}`;
        },
      }))(behaviour);
    },
  },
  {
    name: 'id-from-client-reference',
    description:
      "The id is a digest of the partner's clientSubscriptionReference, as if the reference were an idempotency key: two different orders carrying the same reference (sent from different workers, days apart, or by two desks of one partner) get one id, and the second overwrites the first.",
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      newId: (store, request, caller) => {
        if (request.clientSubscriptionReference === undefined) return current.newId(store, request, caller);
        const hex = createHash('sha256').update(`ref:${request.clientSubscriptionReference}`).digest('hex');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
      },
    })),
  },
  {
    name: 'records-shared-across-partners',
    description:
      "Subscriptions are kept in one table without the partner: GET /subscription?offerId=, GET /subscription/{id} and cancel find every partner's records, so a partner reads, lists and cancels another partner's subscriptions.",
    clauses: ['SEC-PARTNER-ISOLATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({ recordsOf: (store) => store.unscoped() })),
  },
  {
    name: 'cancel-ignores-partner',
    description:
      "Reads and lists are scoped to the partner, but cancel looks the record up by id alone: a partner cancels another partner's subscription (answered 200, the record cancelled).",
    clauses: ['SEC-PARTNER-ISOLATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({ cancel: (store, id) => current.cancel(store.unscoped(), id) })),
  },
] as const satisfies readonly FaultSwitch[];
