// Fault switches, requests the suite must send (issue 31): every operation's credentials, filters with paging, strict types. One area of the table joined in reference/faults.ts.
import { isRecord, type Json, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const REQUEST_SENT_FAULTS = [
  {
    name: 'cancel-skips-credentials',
    description:
      'The cancel route is registered outside the scope that checks credentials: a cancel with no, or wrong, credentials cancels the record.',
    clauses: ['AUTH-CANCEL'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({ isPublic: (operation) => operation === 'cancelSubscription' || current.isPublic(operation) })),
  },
  {
    name: 'get-subscription-skips-credentials',
    description: 'GET /subscription/{id} is served by a handler mounted before the credential check: anyone can read a record by its id.',
    clauses: ['AUTH-REQUIRED'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({ isPublic: (operation) => operation === 'getSubscription' || current.isPublic(operation) })),
  },
  {
    name: 'modified-after-paged-first',
    description: 'GET /offer cuts the page (offset, limit) before it applies modifiedAfter: filtered pages come back short or empty.',
    clauses: ['PAGE-WALK'],
    catchBy: 'conformance',
    apply: patch('offers', () => ({
      select: (count, kept, window) => {
        const { start, count: most } = window(count);
        return Array.from({ length: count }, (_, i) => i)
          .slice(start, most === Infinity ? undefined : start + most)
          .filter(kept);
      },
    })),
  },
  {
    name: 'investor-reference-uppercased',
    description: 'investorReference is normalised to upper case before it is stored: "ab123456c" comes back as "AB123456C".',
    clauses: ['SUB-CREATE-ECHO'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) =>
        current.insert(
          store,
          record.investorReference === undefined ? record : { ...record, investorReference: record.investorReference.toUpperCase() },
        ),
    })),
  },
  {
    // Taking "1000.25" as 1000.25 is strictness (variation scalar-strings); cutting it is a deviation.
    name: 'numeric-strings-parsed-as-integers',
    description: 'amountRequested or numExistingShares given as a string is read with parseInt: "1000.25" is recorded as 1000.',
    clauses: ['SUB-CREATE-VALIDATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      validate: (body) => {
        if (!isRecord(body)) return current.validate(body);
        const converted: Json = { ...body };
        for (const field of ['amountRequested', 'numExistingShares'])
          if (typeof body[field] === 'string' && /^\d/.test(body[field])) converted[field] = Number.parseInt(body[field], 10);
        return current.validate(converted);
      },
    })),
  },
] as const satisfies readonly FaultSwitch[];
