// The contract's GEN-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const GENERAL_CLAUSES = [
  // --- General conventions -------------------------------------------------------------------
  {
    id: 'GEN-JSON-CONTENT-TYPE',
    kind: 'must',
    section: S.overview,
    summary: 'Every response carries content-type application/json and a JSON body.',
  },
  { id: 'GEN-SUCCESS-200', kind: 'must', section: S.overview, summary: 'A successful read (list, get, health) returns status 200.' },
  {
    id: 'GEN-FAILURE-4XX',
    kind: 'must',
    section: S.overview,
    summary: 'A failed call returns a 4xx status with a JSON error body; never a 5xx, whatever the request.',
  },
  {
    id: 'GEN-QUERY-INVALID',
    kind: 'must',
    section: S.overview,
    summary:
      'A query parameter with a value not of its type (modifiedAfter not a date-time; offset or limit not a number, negative or empty; any parameter empty or repeated) is refused with a 4xx: never a 5xx, never a 200 that ignores it. Which 4xx is recorded (PAGE-INVALID-PARAMS).',
  },
  {
    id: 'GEN-TIMESTAMP-UTC',
    kind: 'must',
    section: S.conventions,
    summary:
      "Every timestamp is ISO 8601 in UTC: Z as in the contract's example, or a zero offset +00:00 (the same instant, recorded; failed in strict mode); fractions of a second allowed.",
  },
  { id: 'GEN-FIELD-NAMES', kind: 'must', section: S.conventions, summary: 'Field names are exact and case-sensitive.' },
  {
    id: 'GEN-ACCEPT-HEADER',
    kind: 'must',
    section: S.overview,
    summary: 'Requests are sent with accept: application/json.',
    notTestable:
      "An obligation on the client; the suite's client always sends the header (a partner's client: CLIENT-ACCEPT-HEADER, npm run certify:client).",
  },
  {
    id: 'GEN-EXTRA-FIELDS',
    kind: 'observe',
    section: S.conventions,
    summary: 'Fields beyond those the contract lists are recorded (strict mode fails on them).',
  },
] as const satisfies readonly Clause[];
