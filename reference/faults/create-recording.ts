// Fault switches, create, recording. One area of the table joined in reference/faults.ts.
import type { Subscription } from '../data/types.ts';
import { editable, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

function requestFieldsOf(record: Subscription): string {
  const { id: _id, status: _status, ...request } = record;
  return JSON.stringify(request);
}

export const CREATE_RECORDING_FAULTS = [
  {
    name: 'defaults-not-applied',
    description: 'With neither subscriptionType nor subscriptionCategory, no defaults are set: both are missing from the record.',
    clauses: ['SUB-CREATE-DEFAULTS'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({ applyDefaults: (request) => request })),
  },
  {
    name: 'duplicate-detection',
    description: 'An identical body is treated as a retry: the earlier record is returned instead of a new one.',
    clauses: ['SUB-CREATE-NO-DEDUP'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) => {
        const fields = requestFieldsOf(record);
        return store.all().find((existing) => requestFieldsOf(existing) === fields) ?? current.insert(store, record);
      },
    })),
  },
  {
    name: 'order-limits-not-enforced',
    description: 'Orders outside hardMinLimit..hardMaxLimit are accepted (only closed offers reject).',
    clauses: ['SUB-CREATE-ORDER-LIMITS'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      outcome: (request, offer) => current.outcome({ ...request, amountRequested: offer.pricingAndOrderLimits.hardMinLimit }, offer),
    })),
  },
  {
    name: 'amount-rounded-in-echo',
    description: 'amountRequested is stored in a 2-decimal money column: 1234.567 comes back as 1234.57.',
    clauses: ['SUB-CREATE-ECHO'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) => current.insert(store, { ...record, amountRequested: Math.round(record.amountRequested * 100) / 100 }),
    })),
  },
  {
    name: 'timestamp-read-as-local-time',
    description:
      'clientSubscriptionTimestamp is parsed without its Z and stored as local time in UTC+01:00: 09:30:00Z comes back as 08:30:00Z.',
    clauses: ['SUB-CREATE-ECHO'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) =>
        current.insert(store, {
          ...record,
          clientSubscriptionTimestamp: new Date(Date.parse(record.clientSubscriptionTimestamp) - 3_600_000).toISOString(),
        }),
    })),
  },
  {
    name: 'status-uppercase',
    description: 'Subscription status is sent in upper case ("ACCEPTED").',
    clauses: ['SUB-STATUS-ENUM'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      subscription: (record) => {
        const out = editable(current.subscription(record));
        out.status = String(out.status).toUpperCase();
        return out;
      },
    })),
  },
] as const satisfies readonly FaultSwitch[];
