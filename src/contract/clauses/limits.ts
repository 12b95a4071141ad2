// The contract's LIMIT-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const LIMIT_CLAUSES = [
  // --- Limits, events, versioning -----------------------------------------------------------------
  {
    id: 'LIMIT-RATE',
    kind: 'observe',
    section: S.limits,
    summary: 'Request rate limits are not shown; 429s, Retry-After and their body are recorded.',
  },
] as const satisfies readonly Clause[];
