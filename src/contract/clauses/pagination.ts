// The contract's PAGE-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const PAGINATION_CLAUSES = [
  // What a page is, first: the catalogue's order (and the reports') is the one it had before these moved from ./health.ts.
  {
    id: 'PAGE-OFFSET-ZERO-BASED',
    kind: 'must',
    section: S.limits,
    summary: 'offset is zero-based: offset=0 starts at the first entry.',
    contract: [
      'offset is zero-based (0 is a valid value and the first item); limit is the maximum number of entries returned.',
      '| offset | number | Zero-based index of the first offer returned |',
    ],
  },
  {
    id: 'PAGE-LIMIT',
    kind: 'must',
    section: S.limits,
    summary: 'limit is the most entries returned; a page is the slice [offset, offset+limit) of the full list.',
    contract: [
      'offset is zero-based (0 is a valid value and the first item); limit is the maximum number of entries returned.',
      'Next page: increase offset by limit.',
      '| limit | number | Maximum number of offers returned |',
    ],
  },
  {
    id: 'PAGE-WALK',
    kind: 'must',
    section: S.limits,
    summary: 'Walking pages by offset += limit rebuilds the full list with no gap and no duplicate.',
    contract: ['Pagination is offset-based and applies to offers, subscriptions and allocations.', 'Next page: increase offset by limit.'],
  },
  {
    id: 'PAGE-ALL-WHEN-OMITTED',
    kind: 'must',
    section: S.limits,
    summary: 'With offset and limit both omitted, all entries are returned.',
    contract: ['When offset and limit are both omitted, all entries are returned.'],
  },
  {
    id: 'PAGE-OFFSET-PAST-END',
    kind: 'must',
    section: S.limits,
    summary: 'An offset past the last entry returns an empty page.',
    contract: [
      '| offset | number | Zero-based index of the first offer returned |',
      'offset is zero-based (0 is a valid value and the first item); limit is the maximum number of entries returned.',
      'Next page: increase offset by limit.',
    ],
  },
  {
    id: 'PAGE-MAX-LIMIT',
    kind: 'must',
    section: S.limits,
    summary: 'A limit above the allowed maximum is not an error: the service applies its own maximum.',
    contract: [
      'When a limit larger than the allowed maximum is given, the service applies its own maximum instead; the value of that maximum: not shown.',
    ],
  },
  { id: 'PAGE-MAX-LIMIT-VALUE', kind: 'observe', section: S.limits, summary: 'The value of the maximum page size is not shown; recorded.' },
  {
    id: 'PAGE-INVALID-PARAMS',
    kind: 'observe',
    section: S.limits,
    summary:
      "Which 4xx an invalid query value (offset, limit, modifiedAfter, offerId) gets is not shown; recorded (that it is refused: GEN-QUERY-INVALID). What an empty offerId gets (a string, so not invalid by the contract's words: an empty list, or a 4xx) is recorded only.",
  },
  {
    id: 'PAGE-STABLE-ORDER',
    kind: 'must',
    section: S.limits,
    summary:
      'Two reads of a list with no change to its entries in between give them in the same order (offset paging, next page = offset + limit, relies on it).',
    contract: ['Pagination is offset-based and applies to offers, subscriptions and allocations.', 'Next page: increase offset by limit.'],
  },
] as const satisfies readonly Clause[];
