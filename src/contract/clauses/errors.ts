// The contract's ERR-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const ERROR_CLAUSES = [
  // --- Errors ------------------------------------------------------------------------------------
  {
    id: 'ERR-LIST-GET-BODY',
    kind: 'must',
    section: S.errors,
    summary: 'Errors of list/get operations have error (string), message (string), optional validationErrors (string[]).',
    contract: [
      'Body for the list and get operations of offers, allocations and subscriptions:',
      '| error | string | yes |',
      '| message | string | yes |',
      '| validationErrors | array of strings | no |',
    ],
  },
  {
    id: 'ERR-CREATE-CANCEL-BODY',
    kind: 'must',
    section: S.errors,
    summary: 'Errors of create/cancel have status (the HTTP status), errors (object[]) and message (string).',
    contract: [
      'Body for creating and cancelling a subscription:',
      '| status | number | yes (the HTTP status, for example 400) |',
      '| errors | array of objects (ValidationErrorModel) | yes |',
      '| message | string | yes |',
    ],
  },
  {
    id: 'ERR-400-MESSAGE',
    kind: 'must',
    section: S.errors,
    summary: 'A 400 response carries the message "Bad Request".',
    contract: ['A 400 response carries the message Bad Request.'],
  },
  {
    id: 'ERR-STATUS-CODES',
    kind: 'observe',
    section: S.errors,
    summary: 'Status codes other than 200 and 400 are not shown; those met are recorded.',
  },
  {
    id: 'ERR-VALIDATION-ERROR-MODEL',
    kind: 'observe',
    section: S.errors,
    summary: 'Fields of ValidationErrorModel are not shown; those seen are recorded.',
  },
] as const satisfies readonly Clause[];
