// The contract's HEALTH-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const HEALTH_CLAUSES = [
  // --- Health ------------------------------------------------------------------------------------
  { id: 'HEALTH-NO-CREDENTIALS', kind: 'must', section: S.epHealth, summary: 'The health check succeeds without credential headers.' },
  {
    id: 'HEALTH-SCHEMA',
    kind: 'must',
    section: S.health,
    summary: 'The health result has status (string), info and error (object or null) and details (object).',
  },
  {
    id: 'HEALTH-ROUTE',
    kind: 'observe',
    section: S.epHealth,
    summary: 'The health method and path are not shown; taken from the profile and recorded.',
  },
  { id: 'HEALTH-STATUS-VALUES', kind: 'observe', section: S.health, summary: 'Health status values beyond "ok" are recorded.' },

  // --- Pagination --------------------------------------------------------------------------------
  { id: 'PAGE-OFFSET-ZERO-BASED', kind: 'must', section: S.limits, summary: 'offset is zero-based: offset=0 starts at the first entry.' },
  {
    id: 'PAGE-LIMIT',
    kind: 'must',
    section: S.limits,
    summary: 'limit is the most entries returned; a page is the slice [offset, offset+limit) of the full list.',
  },
] as const satisfies readonly Clause[];
