/**
 * The few fields of the contract's models that the suite's own logic reads. Shapes themselves are
 * checked by the JSON Schemas in schemas/; these types only let code read validated data.
 */
export interface Offer {
  id: string;
  offerType: string;
  offerSubType: string;
  details: { status: string; [k: string]: unknown };
  pricingAndOrderLimits: { hardMinLimit: number; hardMaxLimit: number; currency: string; acceptedCurrency: string; [k: string]: unknown };
  dates: { lastModifiedOn: string; [k: string]: unknown };
  [k: string]: unknown;
}

export interface AllocationRecord {
  offerId: string;
  price: number;
  priceCurrency: string;
  allocationCount?: number;
  allocations: unknown[];
  [k: string]: unknown;
}

export interface Subscription {
  id: string;
  offerId: string;
  status: string;
  clientSubscriptionReference?: string;
  [k: string]: unknown;
}

export { OPEN_STATUS } from './vocabulary.ts';
