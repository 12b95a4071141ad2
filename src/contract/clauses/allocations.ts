// The contract's ALLOC-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const ALLOCATION_CLAUSES = [
  // --- Allocations -----------------------------------------------------------------------------
  {
    id: 'ALLOC-LIST',
    kind: 'must',
    section: S.epAllocations,
    summary: 'GET /allocation returns 200 and an array of Allocation records.',
    contract: [
      'Method and path: GET {base_url}/allocation (the path shape is taken from the paginated example; the same operation is also referred to as the allocations endpoint; any other exact spelling: not shown).',
      'Success: 200, body is an array of Allocation record.',
    ],
  },
  {
    id: 'ALLOC-SCHEMA',
    kind: 'must',
    section: S.allocation,
    summary: 'Every allocation record has offerId, price, priceCurrency (enum), allocations[] and an optional numeric allocationCount.',
    contract: [
      '| offerId | string | yes | Offer identifier |',
      '| price | number | yes | Final price of the offer |',
      '| priceCurrency | string | yes | Enum: GBX, GBP, EUR, USD, NOK, SEK, DKK |',
      '| allocationCount | number | no | Number of allocated subscriptions granted by the issuer; can be reconciled with the number of subscriptions submitted |',
      '| allocations | array of objects (OfferAllocationDetailModel) | yes | Allocations for this offer |',
    ],
  },
  {
    id: 'ALLOC-ONE-PER-OFFER',
    kind: 'must',
    section: S.overview,
    summary: 'Allocations are per offer: one record per offerId, each naming an offer that exists.',
    contract: [
      'Read the allocations the issuer granted per offer, including the final price.',
      '| offerId | string | yes | Offer identifier |',
      'Success: 200, body is one Allocation record for that offer.',
    ],
  },
  {
    id: 'ALLOC-GET',
    kind: 'must',
    section: S.epAllocation,
    summary: 'GET /allocation/{offerId} returns 200 and the one record for that offer, equal to its list entry.',
    contract: [
      'Method and path: GET {base_url}/allocation/{offerId}, offerId is a required string path parameter.',
      'Success: 200, body is one Allocation record for that offer.',
    ],
  },
  {
    id: 'ALLOC-UNKNOWN-OFFER',
    kind: 'must',
    section: S.epAllocation,
    summary: 'GET /allocation/{offerId} for an unknown offer returns a 4xx with the list/get error body.',
    contract: [
      'Success: 200, body is one Allocation record for that offer.',
      'Failure: 4xx, Error body.',
      'Which status codes other than 200 and 400 occur (missing credentials, unknown identifiers and others): not shown.',
      'Body for the list and get operations of offers, allocations and subscriptions:',
    ],
  },
  {
    id: 'ALLOC-COUNT',
    kind: 'must',
    section: S.allocation,
    summary: 'Where allocationCount is present it equals the number of allocations retrievable for the offer.',
    contract: [
      '| allocationCount | number | no | Number of allocated subscriptions granted by the issuer; can be reconciled with the number of subscriptions submitted |',
      'It may be configured as a notification without the allocation data, carrying only the allocation count; the partner then polls the allocations endpoints with offset and limit to retrieve the data.',
    ],
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
