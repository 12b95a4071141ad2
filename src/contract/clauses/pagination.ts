// The contract's PAGE-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const PAGINATION_CLAUSES = [
  {
    id: 'PAGE-WALK',
    kind: 'must',
    section: S.limits,
    summary: 'Walking pages by offset += limit rebuilds the full list with no gap and no duplicate.',
  },
  {
    id: 'PAGE-ALL-WHEN-OMITTED',
    kind: 'must',
    section: S.limits,
    summary: 'With offset and limit both omitted, all entries are returned.',
  },
  { id: 'PAGE-OFFSET-PAST-END', kind: 'must', section: S.limits, summary: 'An offset past the last entry returns an empty page.' },
  {
    id: 'PAGE-MAX-LIMIT',
    kind: 'must',
    section: S.limits,
    summary: 'A limit above the allowed maximum is not an error: the service applies its own maximum.',
  },
  { id: 'PAGE-MAX-LIMIT-VALUE', kind: 'observe', section: S.limits, summary: 'The value of the maximum page size is not shown; recorded.' },
  {
    id: 'PAGE-INVALID-PARAMS',
    kind: 'observe',
    section: S.limits,
    summary:
      'Which 4xx an invalid query value (offset, limit, modifiedAfter, offerId) gets is not shown; recorded (that it is refused: GEN-QUERY-INVALID).',
  },
  {
    id: 'PAGE-STABLE-ORDER',
    kind: 'must',
    section: S.limits,
    summary:
      'Two reads of a list with no change to its entries in between give them in the same order (offset paging, next page = offset + limit, relies on it).',
  },
] as const satisfies readonly Clause[];
