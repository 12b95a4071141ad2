// TypeScript shapes of the models the reference serves. They mirror `schemas/` (the source of truth
// for the wire); the reference's own tests validate every value against those schemas.

// The contract's enums exist once, in src/contract/vocabulary.ts.
import type { Currency, OfferSubType, OfferType, SubscriptionStatus } from '../../src/contract/vocabulary.ts';

export {
  CURRENCIES,
  OFFER_SUB_TYPES,
  OFFER_TYPES,
  SUBSCRIPTION_CATEGORIES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  type Currency,
  type OfferSubType,
  type OfferType,
  type SubscriptionStatus,
} from '../../src/contract/vocabulary.ts';

export interface OfferingDocument {
  title: string;
  documentUrl: string;
}

export interface Offer {
  id: string;
  offerType: OfferType;
  offerSubType: OfferSubType;
  details: {
    status: 'open_for_subscription' | 'closed_for_subscription';
    countryCode: string;
    type: 'ipo' | 'follow_on';
    subType: 'primary';
    estTargetRaise: null;
    pressReleaseLink: string;
    membershipRequired: 'no';
    offeringDocuments: OfferingDocument[];
  };
  textProperties: {
    legalDisclaimer: string;
    title: string;
    specialInstruction: string;
    companyAnnouncements: string;
    priceless: string;
    useOfProceeds: string;
    restriction: string;
    offerDiscount: string | null;
  };
  pricingAndOrderLimits: {
    acceptedCurrency: Currency;
    priceType: 'fixed' | 'no_price';
    offerPrice: number;
    currency: Currency;
    hardMaxLimit: number;
    hardMinLimit: number;
    discount: number | null;
    discountTo: null;
    discountFrom: null;
  };
  dates: {
    offerStartDateTime: string;
    offerEndDateTime: string;
    offerEarlyClose?: string;
    lastModifiedOn: string;
    admissionDateTime: string;
  };
  issuer: {
    id: string;
    businessDescriptionText: string;
    companyName: string;
    exchangeMic: string;
    ticker: string;
    sector: string;
    securityIdentifier?: string;
    fttRequired: boolean;
    sellerName: string;
    issuerType: 'company';
  };
}

/** The reference's choice for the fields of an allocation item (the contract does not show them). */
export interface AllocationItem {
  allocationId: string;
  /** The partner's reference of the order the allocation answers. */
  clientSubscriptionReference: string;
  amountRequested: number;
  amountAllocated: number;
  sharesAllocated: number;
  allocatedOn: string;
}

export interface AllocationRecord {
  offerId: string;
  price: number;
  priceCurrency: Currency;
  allocationCount?: number;
  allocations: AllocationItem[];
}

/** A create request after validation (the fields the contract lists; anything else is dropped). */
export interface SubscriptionRequest {
  offerId: string;
  amountRequested: number;
  subscriptionType?: string;
  subscriptionCategory?: string;
  clientSubscriptionTimestamp: string;
  clientSubscriptionReference?: string;
  investorReferenceType?: string;
  investorReference?: string;
  isExistingShareholder?: boolean;
  numExistingShares?: number;
  isIssuerEmployee?: boolean;
  currency: string;
  membershipCode?: string;
  accountType: string;
}

/** Request fields echoed into the record, in the contract's order. */
export const SUBSCRIPTION_REQUEST_FIELDS = [
  'offerId',
  'amountRequested',
  'subscriptionType',
  'subscriptionCategory',
  'clientSubscriptionTimestamp',
  'clientSubscriptionReference',
  'investorReferenceType',
  'investorReference',
  'isExistingShareholder',
  'numExistingShares',
  'isIssuerEmployee',
  'currency',
  'membershipCode',
  'accountType',
] as const satisfies readonly (keyof SubscriptionRequest)[];

export interface Subscription extends SubscriptionRequest {
  id: string;
  status: SubscriptionStatus;
}
