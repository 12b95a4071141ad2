// Fault switches, verdicts (issue 15): run-wide ids, list against get, every enum value. One area of the table joined in reference/faults.ts.
import type { Subscription } from '../data/types.ts';
import { isRecord, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const VERDICT_FAULTS = [
  {
    name: 'id-per-offer-sequence',
    description: 'Subscription ids come from a per-offer sequence (SUB-000001 on every offer): orders on two offers get the same id.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({
      newId: (store, request) => `SUB-${String(store.all().filter((r) => r.offerId === request.offerId).length + 1).padStart(6, '0')}`,
    })),
  },
  {
    name: 'list-stale-after-cancel',
    description:
      'GET /subscription is served from a copy written at create and never updated: a cancelled record is still listed as accepted.',
    clauses: ['SUB-LIST-MATCHES-GET'],
    catchBy: 'conformance',
    apply: (behaviour) => {
      const asCreated = new Map<string, Subscription>(); // one copy per server instance
      return patch('subscriptions', (current) => ({
        insert: async (store, record) => {
          const stored = await current.insert(store, record);
          asCreated.set(stored.id, stored);
          return stored;
        },
        forOffer: (store, offerId) => current.forOffer(store, offerId).map((r) => asCreated.get(r.id) ?? r),
      }))(behaviour);
    },
  },
  {
    name: 'enum-value-with-slash-refused',
    description:
      'subscriptionCategory "ecp/institutional" is refused with 400: enum values are checked against a pattern ^[a-z_]+$ that forgets the slash.',
    clauses: ['SUB-CREATE-ENUM-VALUES'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      validate: (body) =>
        isRecord(body) && typeof body.subscriptionCategory === 'string' && !/^[a-z_]+$/.test(body.subscriptionCategory)
          ? { ok: false, errors: [{ property: 'subscriptionCategory', messages: ['must match pattern "^[a-z_]+$"'] }] }
          : current.validate(body),
    })),
  },
] as const satisfies readonly FaultSwitch[];
