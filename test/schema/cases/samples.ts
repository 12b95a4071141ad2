// Valid sample values of every model: `minimal` carries only required fields (smallest allowed
// contents), `full` carries every field the contract lists.

export const offerDetail = {
  minimal: {
    status: 'closed_for_subscription',
    countryCode: 'GB',
    type: 'follow_on',
    subType: 'primary',
    estTargetRaise: null,
    pressReleaseLink: '',
    membershipRequired: 'no',
    offeringDocuments: [],
  },
  full: {
    status: 'open_for_subscription',
    countryCode: 'GB',
    type: 'ipo',
    subType: 'primary',
    estTargetRaise: null,
    pressReleaseLink: 'https://example.com/press/acme-ipo',
    membershipRequired: 'no',
    offeringDocuments: [
      { title: 'Prospectus', documentUrl: 'https://example.com/docs/prospectus.pdf' },
      { title: 'Key information document', documentUrl: 'https://example.com/docs/kid.pdf?v=2' },
    ],
  },
};

export const offerText = {
  minimal: {
    legalDisclaimer: '',
    title: '',
    specialInstruction: '',
    companyAnnouncements: '',
    priceless: '',
    useOfProceeds: '',
    restriction: '',
    offerDiscount: null,
  },
  full: {
    legalDisclaimer: 'Capital at risk.\nNot for distribution in the US.',
    title: 'Acme plc initial public offering',
    specialInstruction: 'Apply before the close.',
    companyAnnouncements: 'Line one\r\nLine two',
    priceless: 'Price set at close',
    useOfProceeds: 'Expansion',
    restriction: 'UK residents only',
    offerDiscount: '3% discount to last close',
  },
};

export const offerPricing = {
  minimal: {
    acceptedCurrency: 'GBP',
    priceType: 'no_price',
    offerPrice: 0,
    currency: 'GBP',
    hardMaxLimit: 0,
    hardMinLimit: 0,
    discount: null,
    discountTo: null,
    discountFrom: null,
  },
  full: {
    acceptedCurrency: 'GBP',
    priceType: 'fixed',
    offerPrice: 10.5,
    currency: 'GBX',
    hardMaxLimit: 100000,
    hardMinLimit: 100,
    discount: 2.5,
    discountTo: null,
    discountFrom: null,
  },
};

export const offerDates = {
  minimal: {
    offerStartDateTime: '2024-01-15T09:00:00Z',
    offerEndDateTime: '2024-01-22T17:00:00Z',
    lastModifiedOn: '2024-01-15T08:00:00Z',
    admissionDateTime: '2024-01-25T08:00:00Z',
  },
  full: {
    offerStartDateTime: '2024-01-15T09:00:00.000Z',
    offerEndDateTime: '2024-01-22T17:00:00.000Z',
    offerEarlyClose: '2024-01-20T12:00:00.000Z',
    lastModifiedOn: '2024-01-20T12:00:01.250Z',
    admissionDateTime: '2024-01-25T08:00:00.000Z',
  },
};

export const offerIssuer = {
  minimal: {
    id: 'iss-1',
    businessDescriptionText: '',
    companyName: 'Acme plc',
    exchangeMic: 'XLON',
    ticker: 'ACME',
    sector: 'Industrials',
    fttRequired: false,
    sellerName: '',
    issuerType: 'company',
  },
  full: {
    id: 'iss-1',
    businessDescriptionText: 'Makes anvils.',
    companyName: 'Acme plc',
    exchangeMic: 'XLON',
    ticker: 'ACME',
    sector: 'Industrials',
    securityIdentifier: 'GB00B03MLX29',
    fttRequired: true,
    sellerName: 'Acme Holdings Ltd',
    issuerType: 'company',
  },
};

export const offer = {
  minimal: {
    id: 'off-1',
    offerType: 'ipo',
    offerSubType: 'company_ipo',
    details: offerDetail.minimal,
    textProperties: offerText.minimal,
    pricingAndOrderLimits: offerPricing.minimal,
    dates: offerDates.minimal,
    issuer: offerIssuer.minimal,
  },
  full: {
    id: 'off-2',
    offerType: 'primary_placing',
    offerSubType: 'company_placing',
    details: offerDetail.full,
    textProperties: offerText.full,
    pricingAndOrderLimits: offerPricing.full,
    dates: offerDates.full,
    issuer: offerIssuer.full,
  },
};

export const allocationRecord = {
  minimal: { offerId: 'off-1', price: 10.5, priceCurrency: 'GBP', allocations: [] },
  full: {
    offerId: 'off-1',
    price: 10.5,
    priceCurrency: 'GBX',
    allocationCount: 2,
    allocations: [{ subscriptionId: 'sub-1', allocatedAmount: 1000 }, { anything: ['the item fields are not shown'] }],
  },
};

export const subscription = {
  minimal: {
    id: 'sub-1',
    offerId: 'off-1',
    amountRequested: 1000,
    subscriptionType: 'discretionary_qualified',
    clientSubscriptionTimestamp: '2024-01-16T10:00:00Z',
    currency: 'GBP',
    status: 'accepted',
  },
  full: {
    id: 'sub-2',
    offerId: 'off-1',
    amountRequested: 2500.123456,
    subscriptionType: 'xo_unqualified',
    subscriptionCategory: 'retail',
    clientSubscriptionTimestamp: '2024-01-16T10:00:00.123Z',
    clientSubscriptionReference: 'client-ref-42',
    investorReferenceType: 'nino',
    investorReference: 'QQ123456C',
    isExistingShareholder: true,
    numExistingShares: 150,
    isIssuerEmployee: false,
    currency: 'GBP',
    membershipCode: 'COMMUNITY-7',
    membershipStatus: 'verified',
    accountType: 'tax_efficient',
    status: 'cancelled',
  },
};

export const subscriptionCreateRequest = {
  /** Neither subscriptionType nor subscriptionCategory: the contract's defaults apply. */
  minimal: {
    offerId: 'off-1',
    amountRequested: 1000,
    clientSubscriptionTimestamp: '2024-01-16T10:00:00Z',
    currency: 'GBP',
    accountType: 'general_investment',
  },
  full: {
    offerId: 'off-1',
    amountRequested: 2500.123456,
    subscriptionType: 'xo_unqualified',
    subscriptionCategory: 'retail',
    clientSubscriptionTimestamp: '2024-01-16T10:00:00.123Z',
    clientSubscriptionReference: 'client-ref-42',
    investorReferenceType: 'lei',
    investorReference: '5493001KJTIIGC8Y1R12',
    isExistingShareholder: false,
    numExistingShares: 0,
    isIssuerEmployee: true,
    currency: 'EUR',
    membershipCode: 'COMMUNITY-7',
    accountType: 'tax_efficient',
  },
};

export const healthCheckResult = {
  minimal: { status: 'ok', info: null, error: null, details: {} },
  full: {
    status: 'ok',
    info: { database: { status: 'up' } },
    error: {},
    details: { database: { status: 'up' } },
  },
};

export const errorBody = {
  minimal: { error: 'Bad Request', message: 'Bad Request' },
  full: { error: 'Bad Request', message: 'Bad Request', validationErrors: ['limit must be a number'] },
};

export const validationErrorBody = {
  minimal: { status: 400, errors: [], message: 'Bad Request' },
  full: {
    status: 400,
    errors: [{ property: 'amountRequested', constraints: { maxDecimalPlaces: 'too many decimals' } }],
    message: 'Bad Request',
  },
};
