// Facts transcribed from the contract (spec/offer-subscription-api.md), independently of the
// schema files, so the cases check the schemas against the document rather than against themselves.

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
export const SUBSCRIPTION_TYPES = [
  'xo_qualified',
  'xo_unqualified',
  'discretionary_qualified',
  'discretionary_unqualified',
  'institutional',
] as const;
export const SUBSCRIPTION_CATEGORIES = ['retail', 'professional', 'ecp/institutional'] as const;
export const INVESTOR_REFERENCE_TYPES = ['nino', 'lei', 'identity_card_number', 'passport_number', 'concat', 'ssn', 'other'] as const;
export const MEMBERSHIP_STATUSES = ['verified', 'pending_checks', 'code_not_found'] as const;
export const ACCOUNT_TYPES = ['general_investment', 'tax_efficient'] as const;
export const SUBSCRIPTION_STATUSES = ['accepted', 'rejected', 'cancelled'] as const;

/** Required fields, as JSON pointers into one value of each model. */
export const REQUIRED = {
  offer: ['/id', '/offerType', '/offerSubType', '/details', '/textProperties', '/pricingAndOrderLimits', '/dates', '/issuer'],
  'offer-detail': [
    '/status',
    '/countryCode',
    '/type',
    '/subType',
    '/estTargetRaise',
    '/pressReleaseLink',
    '/membershipRequired',
    '/offeringDocuments',
  ],
  'offer-text': [
    '/legalDisclaimer',
    '/title',
    '/specialInstruction',
    '/companyAnnouncements',
    '/priceless',
    '/useOfProceeds',
    '/restriction',
    '/offerDiscount',
  ],
  'offer-pricing-and-order-limits': [
    '/acceptedCurrency',
    '/priceType',
    '/offerPrice',
    '/currency',
    '/hardMaxLimit',
    '/hardMinLimit',
    '/discount',
    '/discountTo',
    '/discountFrom',
  ],
  'offer-dates': ['/offerStartDateTime', '/offerEndDateTime', '/lastModifiedOn', '/admissionDateTime'],
  'offer-issuer': [
    '/id',
    '/businessDescriptionText',
    '/companyName',
    '/exchangeMic',
    '/ticker',
    '/sector',
    '/fttRequired',
    '/sellerName',
    '/issuerType',
  ],
  'allocation-record': ['/offerId', '/price', '/priceCurrency', '/allocations'],
  subscription: ['/id', '/offerId', '/amountRequested', '/subscriptionType', '/clientSubscriptionTimestamp', '/currency', '/status'],
  'subscription-create-request': ['/offerId', '/amountRequested', '/clientSubscriptionTimestamp', '/currency', '/accountType'],
  'health-check-result': ['/status', '/info', '/error', '/details'],
  'error-body': ['/error', '/message'],
  'validation-error-body': ['/status', '/errors', '/message'],
} as const;
