// Fault switches, invalid input that is accepted (issue 31). One area of the table joined in reference/faults.ts.
import { editParametersFirst, isRecord, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const INVALID_ACCEPTED_FAULTS = [
  {
    // Ignoring the value (the answer of the request without it) is strictness (variation invalid-query-ignored);
    // answering other entries is a deviation.
    name: 'unparseable-modified-after-empty',
    description:
      'A modifiedAfter that does not parse as a date is compared as an Invalid Date: no offer is on or after it, 200 with an empty list.',
    clauses: ['GEN-QUERY-INVALID'],
    catchBy: 'conformance',
    apply: editParametersFirst((data) => {
      if (typeof data.modifiedAfter === 'string' && Number.isNaN(Date.parse(data.modifiedAfter)))
        data.modifiedAfter = '9999-12-31T23:59:59Z';
    }),
  },
  {
    // One of the values (first or last) is strictness (variations repeated-parameter-first, -last); neither is a deviation.
    name: 'repeated-limit-unbounded',
    description: 'A repeated limit (limit=1&limit=2) is read as Number of an array, NaN, so no limit applies: 200 with every entry.',
    clauses: ['GEN-QUERY-INVALID'],
    catchBy: 'conformance',
    apply: editParametersFirst((data) => {
      if (Array.isArray(data.limit)) delete data.limit;
    }),
  },
  {
    name: 'missing-timestamp-stamped',
    description: 'A create without clientSubscriptionTimestamp is not refused: the service stamps it with its own clock.',
    clauses: ['SUB-CREATE-VALIDATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      validate: (body) =>
        current.validate(
          isRecord(body) && !Object.hasOwn(body, 'clientSubscriptionTimestamp')
            ? { ...body, clientSubscriptionTimestamp: new Date().toISOString() }
            : body,
        ),
    })),
  },
] as const satisfies readonly FaultSwitch[];
