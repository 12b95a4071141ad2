// The contract's EVT-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const EVENT_CLAUSES = [
  {
    id: 'EVT-ALLOCATION-WEBHOOK',
    kind: 'must',
    section: S.events,
    summary: 'An allocation webhook may carry only the allocation count, after which the partner polls the allocations endpoints.',
    notTestable: 'Webhook registration, payload and delivery are not shown; the suite cannot subscribe to them.',
    contract: [
      'A partner may ask to be sent an allocation webhook. It may be configured as a notification without the allocation data, carrying only the allocation count; the partner then polls the allocations endpoints with offset and limit to retrieve the data.',
    ],
  },
] as const satisfies readonly Clause[];
