// TypeScript shapes of the models the reference serves. They mirror `schemas/` (the source of truth
// for the wire); the reference's own tests validate every value against those schemas.

export const OFFER_TYPES = ['primary_placing', 'secondary_placing', 'fixed_income', 'ipo'] as const;
export const OFFER_SUB_TYPES = [
  'company_placing',
  'investment_trust',
  'intermediary_offer',
  'blocks',
  'fully_marketed_offer',
  'company_ipo',
  'investment_trust_ipo',
  'spac_ipo',
  'de_spac_ipo',
  're_ipo',
  'corporate_bond',
  'government_bond',
] as const;
export const CURRENCIES = ['GBX', 'GBP', 'EUR', 'USD', 'NOK', 'SEK', 'DKK'] as const;

export type OfferType = (typeof OFFER_TYPES)[number];
export type OfferSubType = (typeof OFFER_SUB_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];

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

export const SUBSCRIPTION_TYPES = [
  'xo_qualified',
  'xo_unqualified',
  'discretionary_qualified',
  'discretionary_unqualified',
  'institutional',
] as const;
export const SUBSCRIPTION_CATEGORIES = ['retail', 'professional', 'ecp/institutional'] as const;
export const SUBSCRIPTION_STATUSES = ['accepted', 'rejected', 'cancelled'] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

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
