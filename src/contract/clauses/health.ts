// The contract's HEALTH-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const HEALTH_CLAUSES = [
  // --- Health ------------------------------------------------------------------------------------
  {
    id: 'HEALTH-NO-CREDENTIALS',
    kind: 'must',
    section: S.epHealth,
    summary: 'The health check succeeds without credential headers.',
    contract: [
      'Success body: Health check result. The operation lists no credential requirement.',
      'All endpoints except the health check require the credential headers.',
    ],
  },
  {
    id: 'HEALTH-SCHEMA',
    kind: 'must',
    section: S.health,
    summary: 'The health result has status (string), info and error (object or null) and details (object).',
    contract: ['Fields: status (string; value seen: ok), info (object or null), error (object or null), details (object).'],
  },
  {
    id: 'HEALTH-ROUTE',
    kind: 'observe',
    section: S.epHealth,
    summary: 'The health method and path are not shown; taken from the profile and recorded.',
  },
  { id: 'HEALTH-STATUS-VALUES', kind: 'observe', section: S.health, summary: 'Health status values beyond "ok" are recorded.' },
] as const satisfies readonly Clause[];
