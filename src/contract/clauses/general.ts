// The contract's GEN-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const GENERAL_CLAUSES = [
  // --- General conventions -------------------------------------------------------------------
  {
    id: 'GEN-JSON-CONTENT-TYPE',
    kind: 'must',
    section: S.overview,
    summary: 'Every response carries content-type application/json and a JSON body.',
    contract: ['Responses carry `content-type: application/json`.', 'Bodies are JSON.', 'Responses are JSON.'],
  },
  {
    id: 'GEN-SUCCESS-200',
    kind: 'must',
    section: S.overview,
    summary: 'A successful read (list, get, health) returns status 200.',
    contract: ['A successful call returns status 200.'],
  },
  {
    id: 'GEN-FAILURE-4XX',
    kind: 'must',
    section: S.overview,
    summary: 'A failed call returns a 4xx status with a JSON error body; never a 5xx, whatever the request.',
    contract: [
      'A failed call returns a 4xx status with a JSON error body.',
      'Error responses have a 4xx status and a JSON body with a message describing the error.',
    ],
  },
  {
    id: 'GEN-QUERY-INVALID',
    kind: 'must',
    section: S.overview,
    summary:
      'A query value not of its type (modifiedAfter not an ISO 8601 date-time; offset or limit not a number, negative or empty) is refused with a 4xx: never a 5xx, never taken as another value. Which 4xx is recorded (PAGE-INVALID-PARAMS). Beyond these words, so not this clause: a repeated parameter, and an invalid value ignored (strictness, docs/contract.md); an empty offerId, which is a string (what it gets is recorded, PAGE-INVALID-PARAMS).',
    contract: [
      '| modifiedAfter | string, ISO 8601 date-time in UTC | Only offers modified on or after this instant are returned. Recommended way to poll for new offers |',
      '| offset | number | Zero-based index of the first offer returned |',
      '| limit | number | Maximum number of offers returned |',
      'Query parameters (all optional): offerId (string, only subscriptions on that offer), offset (number), limit (number).',
      'Query parameters offset and limit (number, optional) may be appended.',
      'offset is zero-based (0 is a valid value and the first item); limit is the maximum number of entries returned.',
      'A failed call returns a 4xx status with a JSON error body.',
    ],
  },
  {
    id: 'GEN-TIMESTAMP-UTC',
    kind: 'must',
    section: S.conventions,
    summary:
      "Every timestamp is ISO 8601 in UTC: Z as in the contract's example, or a zero offset +00:00 (the same instant, recorded; failed in strict mode); fractions of a second allowed.",
    contract: [
      'Timestamps are ISO 8601 in UTC, for example <timestamp> in the form YYYY-MM-DDTHH:MM:SSZ (responses show milliseconds too).',
    ],
  },
  {
    id: 'GEN-FIELD-NAMES',
    kind: 'must',
    section: S.conventions,
    summary: 'Field names are exact and case-sensitive.',
    contract: ['Field names are exact and case-sensitive.'],
  },
  {
    id: 'GEN-ACCEPT-HEADER',
    kind: 'must',
    section: S.overview,
    summary: 'Requests are sent with accept: application/json.',
    notTestable:
      "An obligation on the client; the suite's client always sends the header (a partner's client: CLIENT-ACCEPT-HEADER, npm run certify:client).",
    contract: ['Requests are sent with the header `accept: application/json`.', 'Every request sends `accept: application/json`.'],
  },
  {
    id: 'GEN-EXTRA-FIELDS',
    kind: 'observe',
    section: S.conventions,
    summary: 'Fields beyond those the contract lists are recorded (strict mode fails on them).',
  },
] as const satisfies readonly Clause[];
