// The contract's OFFER-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const OFFER_CLAUSES = [
  // --- Offers ----------------------------------------------------------------------------------
  { id: 'OFFER-LIST', kind: 'must', section: S.epOffers, summary: 'GET /offer returns 200 and an array of Offer.' },
  {
    id: 'OFFER-SCHEMA',
    kind: 'must',
    section: S.offer,
    summary: 'Every offer has the Offer fields with their types, required parts and nullability.',
  },
  { id: 'OFFER-ENUMS', kind: 'must', section: S.offer, summary: 'offerType and offerSubType take only their enumerated values.' },
  {
    id: 'OFFER-VALUES-SEEN',
    kind: 'observe',
    section: S.offer,
    summary: 'details.status/type/subType, membershipRequired, priceType, issuerType beyond the values seen are recorded.',
  },
  {
    id: 'OFFER-ORDER-RANGE',
    kind: 'must',
    section: S.limits,
    summary: 'Each offer has an order size range: hardMinLimit <= hardMaxLimit.',
  },
  {
    id: 'OFFER-EARLY-CLOSE',
    kind: 'observe',
    section: S.offer,
    summary: 'offerEarlyClose appears only on offers closed early; where it appears, the offer status is recorded.',
  },
  {
    id: 'OFFER-DISCOUNT-NO-PRICE',
    kind: 'observe',
    section: S.offer,
    summary: 'discount is null when priceType is no_price in the responses seen; other combinations recorded.',
  },
  {
    id: 'OFFER-GET',
    kind: 'must',
    section: S.epOffer,
    summary: 'GET /offer/{offerId} returns 200 and the same Offer as the list entry with that id.',
  },
  {
    id: 'OFFER-UNKNOWN-ID',
    kind: 'must',
    section: S.epOffer,
    summary: 'GET /offer/{offerId} for an unknown id returns a 4xx with the list/get error body.',
  },
  {
    id: 'OFFER-MODIFIED-AFTER',
    kind: 'must',
    section: S.epOffers,
    summary: 'modifiedAfter returns exactly the offers with lastModifiedOn on or after the instant (inclusive).',
  },
  {
    id: 'OFFER-STATUS-TRANSITIONS',
    kind: 'observe',
    section: S.offerStates,
    summary: 'Offer status transitions are not shown; statuses seen are recorded.',
  },
] as const satisfies readonly Clause[];
