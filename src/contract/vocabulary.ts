/**
 * The contract's vocabulary, once for the whole project (the suite, the reference server and the k6 scripts import it):
 * every closed enum of the contract's tables, the defaults it states, and the kinds of investor. Written out
 * independently of `schemas/`: test/schema/vocabulary-enums.test.ts compares the two, so a slip in either is caught
 * instead of being copied. Pure (no Node built-in): k6 loads it.
 */
import type { OfferPeriod } from './receipt-time.ts';

/** Contract, Offer.offerType: "Enum". */
export const OFFER_TYPES = ['primary_placing', 'secondary_placing', 'fixed_income', 'ipo'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** Contract, Offer.offerSubType: "Enum". */
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
export type OfferSubType = (typeof OFFER_SUB_TYPES)[number];

/** The offer status an order can be placed on (Offer.details.status; States and transitions / Offer status). */
export const OPEN_STATUS = 'open_for_subscription';

/** Contract, Subscription.status in answers: "Enum: accepted, rejected, cancelled". */
export const SUBSCRIPTION_STATUSES = ['accepted', 'rejected', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Contract, Subscription.subscriptionType: "Enum: xo_qualified, ..., institutional" (deprecated, still sent). */
export const SUBSCRIPTION_TYPES = [
  'xo_qualified',
  'xo_unqualified',
  'discretionary_qualified',
  'discretionary_unqualified',
  'institutional',
] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** Contract, Subscription.subscriptionCategory: "Enum: retail, professional, ecp/institutional". */
export const SUBSCRIPTION_CATEGORIES = ['retail', 'professional', 'ecp/institutional'] as const;
export type SubscriptionCategory = (typeof SUBSCRIPTION_CATEGORIES)[number];

/**
 * The category each type goes with, in the contract's words ("retail = private unqualified investor, professional =
 * certified investor, ecp/institutional = corporate investor"; the defaults pair discretionary_qualified with
 * professional). A valid body sends a pair that agrees: a target may refuse one that does not.
 */
export const CATEGORY_OF_TYPE: Readonly<Record<SubscriptionType, SubscriptionCategory>> = {
  xo_qualified: 'professional',
  xo_unqualified: 'retail',
  discretionary_qualified: 'professional',
  discretionary_unqualified: 'retail',
  institutional: 'ecp/institutional',
};

/** Contract, Subscription.investorReferenceType: "Enum: nino, lei, ..., other". */
export const INVESTOR_REFERENCE_TYPES = ['nino', 'lei', 'identity_card_number', 'passport_number', 'concat', 'ssn', 'other'] as const;
export type InvestorReferenceType = (typeof INVESTOR_REFERENCE_TYPES)[number];

/** Contract, Subscription.currency: "Enum: GBX, GBP, EUR, USD, NOK, SEK, DKK". */
export const CURRENCIES = ['GBX', 'GBP', 'EUR', 'USD', 'NOK', 'SEK', 'DKK'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The defaults the contract states for a body with neither subscriptionType nor subscriptionCategory (SUB-CREATE-DEFAULTS). */
export const TYPE_AND_CATEGORY_DEFAULTS = {
  subscriptionType: 'discretionary_qualified',
  subscriptionCategory: 'professional',
} as const;

/** Contract, Subscription.accountType: "Enum: general_investment, tax_efficient". */
export const ACCOUNT_TYPES = ['general_investment', 'tax_efficient'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Who the investor is, by the contract's own words: "ecp/institutional = corporate investor"; retail ("private
 * unqualified investor") and professional ("certified investor") are individuals, and so is an order that gives
 * neither (the default category is professional). A valid body keeps its investor one kind: a corporate investor is
 * identified by an LEI (which identifies a legal entity) or "other", in a general investment account (tax-efficient
 * accounts are held by individuals); an individual by anything but an LEI. A target may refuse a mix
 * (variation investor-kinds-checked).
 */
export type InvestorKind = 'corporate' | 'individual';

/** The kind of investor a body's type and category name. */
export function investorKind(body: { subscriptionType?: unknown; subscriptionCategory?: unknown }): InvestorKind {
  const category = body.subscriptionCategory ?? CATEGORY_OF_TYPE[body.subscriptionType as SubscriptionType];
  return category === 'ecp/institutional' ? 'corporate' : 'individual';
}

/** Whether `value` of an enum field of the request suits an investor of `kind` (fields not listed: any value does). */
export function suitsInvestor(field: string, value: string, kind: InvestorKind): boolean {
  if (field === 'investorReferenceType') return kind === 'corporate' ? value === 'lei' || value === 'other' : value !== 'lei';
  if (field === 'accountType') return kind === 'individual' || value === 'general_investment';
  return true;
}

/** Body of POST /subscription: the contract's request fields. */
export interface SubscriptionCreateBody {
  offerId: string;
  amountRequested: number;
  subscriptionType?: SubscriptionType;
  subscriptionCategory?: SubscriptionCategory;
  clientSubscriptionTimestamp: string;
  clientSubscriptionReference?: string;
  investorReferenceType?: InvestorReferenceType;
  investorReference?: string;
  isExistingShareholder?: boolean;
  numExistingShares?: number;
  isIssuerEmployee?: boolean;
  currency: Currency;
  membershipCode?: string;
  accountType: AccountType;
}

export type CreateBodyField = keyof SubscriptionCreateBody;

/** JSON type of each request field (contract column "Type"); none is nullable. */
export const CREATE_BODY_FIELD_TYPES = {
  offerId: 'string',
  amountRequested: 'number',
  subscriptionType: 'string',
  subscriptionCategory: 'string',
  clientSubscriptionTimestamp: 'string',
  clientSubscriptionReference: 'string',
  investorReferenceType: 'string',
  investorReference: 'string',
  isExistingShareholder: 'boolean',
  numExistingShares: 'number',
  isIssuerEmployee: 'boolean',
  currency: 'string',
  membershipCode: 'string',
  accountType: 'string',
} as const satisfies Record<CreateBodyField, 'string' | 'number' | 'boolean'>;

export const CREATE_BODY_FIELDS = Object.keys(CREATE_BODY_FIELD_TYPES) as CreateBodyField[];

/**
 * Fields the contract marks "required" in the request and that have no default. subscriptionType and
 * subscriptionCategory are also marked required, but a default applies when NEITHER is given
 * (contract, Subscription), so they are required only as a pair.
 */
export const REQUIRED_CREATE_BODY_FIELDS = [
  'offerId',
  'amountRequested',
  'clientSubscriptionTimestamp',
  'currency',
  'accountType',
] as const satisfies readonly CreateBodyField[];

/**
 * Fields the contract marks "optional" in the request: leaving one out is a valid request (so an explicit null in one
 * stands for that request: src/contract/strictness.ts, null-as-absent).
 */
export const OPTIONAL_CREATE_BODY_FIELDS: readonly CreateBodyField[] = CREATE_BODY_FIELDS.filter(
  (f) => !(REQUIRED_CREATE_BODY_FIELDS as readonly string[]).includes(f) && f !== 'subscriptionType' && f !== 'subscriptionCategory',
);

/** The closed enums of the request, by field. */
export const CREATE_BODY_ENUMS = {
  subscriptionType: SUBSCRIPTION_TYPES,
  subscriptionCategory: SUBSCRIPTION_CATEGORIES,
  investorReferenceType: INVESTOR_REFERENCE_TYPES,
  currency: CURRENCIES,
  accountType: ACCOUNT_TYPES,
} as const satisfies Partial<Record<CreateBodyField, readonly string[]>>;

export type EnumField = keyof typeof CREATE_BODY_ENUMS;
export const ENUM_FIELDS = Object.keys(CREATE_BODY_ENUMS) as EnumField[];

/**
 * The part of an Offer the body generators need (contract, Offer.id and
 * OfferPricingAndOrderLimitsModel). Any full Offer satisfies it.
 */
export interface OpenOffer extends OfferPeriod {
  id: string;
  pricingAndOrderLimits: { hardMinLimit: number; hardMaxLimit: number; currency: string };
}

export const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);
