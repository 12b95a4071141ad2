// The contract's ALLOC-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const ALLOCATION_CLAUSES = [
  // --- Allocations -----------------------------------------------------------------------------
  { id: 'ALLOC-LIST', kind: 'must', section: S.epAllocations, summary: 'GET /allocation returns 200 and an array of Allocation records.' },
  {
    id: 'ALLOC-SCHEMA',
    kind: 'must',
    section: S.allocation,
    summary: 'Every allocation record has offerId, price, priceCurrency (enum), allocations[] and an optional numeric allocationCount.',
  },
  {
    id: 'ALLOC-ONE-PER-OFFER',
    kind: 'must',
    section: S.overview,
    summary: 'Allocations are per offer: one record per offerId, each naming an offer that exists.',
  },
  {
    id: 'ALLOC-GET',
    kind: 'must',
    section: S.epAllocation,
    summary: 'GET /allocation/{offerId} returns 200 and the one record for that offer, equal to its list entry.',
  },
  {
    id: 'ALLOC-UNKNOWN-OFFER',
    kind: 'must',
    section: S.epAllocation,
    summary: 'GET /allocation/{offerId} for an unknown offer returns a 4xx with the list/get error body.',
  },
  {
    id: 'ALLOC-COUNT',
    kind: 'must',
    section: S.allocation,
    summary: 'Where allocationCount is present it equals the number of allocations retrievable for the offer.',
  },
  {
    id: 'ALLOC-ITEM-FIELDS',
    kind: 'observe',
    section: S.allocation,
    summary: 'Fields of an allocation item are not shown; the fields seen are recorded.',
  },
  {
    id: 'ALLOC-LIST-PAGINATION',
    kind: 'observe',
    section: S.epAllocations,
    summary:
      'GET /allocation lists no query parameters while Limits says allocations paginate; whether it honours offset/limit is recorded.',
  },
] as const satisfies readonly Clause[];
