// Fault switches, invalid input that is accepted (issue 31). One area of the table joined in reference/faults.ts.
import { editParametersFirst, isRecord, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

export const INVALID_ACCEPTED_FAULTS = [
  {
    name: 'unparseable-modified-after-ignored',
    description: 'A modifiedAfter that does not parse as a date is dropped (a lenient date parser returns null): 200 with every offer.',
    clauses: ['GEN-QUERY-INVALID'],
    catchBy: 'conformance',
    apply: editParametersFirst((data) => {
      if (typeof data.modifiedAfter === 'string' && Number.isNaN(Date.parse(data.modifiedAfter))) delete data.modifiedAfter;
    }),
  },
  {
    name: 'repeated-page-param-last-wins',
    description: 'A repeated offset or limit (offset=0&offset=5) is not refused: the last value wins, as a naive query parser does.',
    clauses: ['GEN-QUERY-INVALID'],
    catchBy: 'conformance',
    apply: editParametersFirst((data) => {
      for (const key of ['offset', 'limit']) if (Array.isArray(data[key])) data[key] = (data[key] as unknown[]).at(-1);
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
