/**
 * Deterministic create bodies for the conformance checks (the fuzz suite generates its own with
 * fast-check). Every value is chosen to be unambiguously valid for the given offer.
 */
import { CATEGORY_OF_TYPE, investorKind, suitsInvestor, type SubscriptionType } from '../contract/vocabulary.ts';
import { withoutMilliseconds } from '../contract/timestamps.ts';
import { receiptTime } from '../contract/receipt-time.ts';
import type { Offer } from '../contract/types.ts';
import { orderCurrency } from '../contract/order-currency.ts';

/** A full valid body (every optional request field present) for an open offer. */
export function fullCreateBody(offer: Offer): Record<string, unknown> {
  return {
    offerId: offer.id,
    amountRequested: amountWithSixDecimals(offer),
    subscriptionType: 'xo_qualified',
    subscriptionCategory: 'professional',
    clientSubscriptionTimestamp: receiptTime(offer).toISOString(),
    investorReferenceType: 'nino',
    investorReference: 'AB123456C',
    isExistingShareholder: true,
    numExistingShares: 250,
    isIssuerEmployee: false,
    currency: orderCurrency(offer.pricingAndOrderLimits),
    accountType: 'general_investment',
  };
}

/** The smallest valid body: required fields only, subscriptionType and subscriptionCategory both given. */
export function minimalCreateBody(offer: Offer): Record<string, unknown> {
  return {
    offerId: offer.id,
    amountRequested: amountInside(offer),
    subscriptionType: 'discretionary_qualified',
    subscriptionCategory: 'professional',
    clientSubscriptionTimestamp: withoutMilliseconds(receiptTime(offer).toISOString()),
    currency: orderCurrency(offer.pricingAndOrderLimits),
    accountType: 'tax_efficient',
  };
}

/** An amount well inside hardMinLimit..hardMaxLimit with two decimal places. */
export function amountInside(offer: Offer): number {
  const { hardMinLimit: min, hardMaxLimit: max } = offer.pricingAndOrderLimits;
  const mid = Math.round(((min + max) / 2) * 100) / 100;
  return mid >= min && mid <= max ? mid : min;
}

/**
 * An amount inside the limits with exactly six decimal places (the most the contract allows), so an
 * echo that rounds or truncates shows. Falls back to amountInside when the range is too narrow.
 */
export function amountWithSixDecimals(offer: Offer): number {
  const { hardMinLimit: min, hardMaxLimit: max } = offer.pricingAndOrderLimits;
  const candidate = Number(`${Math.floor(amountInside(offer))}.123457`);
  return candidate >= min && candidate <= max && String(candidate).split('.')[1]?.length === 6 ? candidate : amountInside(offer);
}

export function without<T extends Record<string, unknown>>(body: T, ...fields: string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  for (const f of fields) delete copy[f];
  return copy;
}

/**
 * One valid investor reference per investorReferenceType, so a target that checks the format has nothing to refuse: the
 * textbook examples will not do (HMRC's QQ123456C has a prefix no NINO has; the SSA lists 123-45-6789 as invalid).
 */
const REFERENCE_EXAMPLES: Record<string, string> = {
  nino: 'AB123456C',
  lei: '5493001KJTIIGC8Y1R12',
  identity_card_number: 'ID4821937',
  passport_number: '502135326',
  concat: 'GB19800101JOHN#SMITH',
  ssn: '536-22-1874',
  // In lower case: a reference's letter case is the client's, and a service that upper-cases it must fail the echo.
  other: 'client-000123',
};

/** Enum fields the coverage leaves at a fixed value, and why. */
export const ENUM_FIELDS_NOT_COVERED: Readonly<Record<string, string>> = {
  currency:
    "a client is associated with one currency (Authentication 4): bodies use the offer's (the one it accepts orders in, else the one it is priced in); other currencies are observed (AUTH-CLIENT-CURRENCY)",
};

/**
 * Full valid bodies that together use every value of every enum field of the request (but those in
 * ENUM_FIELDS_NOT_COVERED): values of different fields share a body, so the count is the longest enum's
 * length, one create per value of it. `enumFields` comes from the request schema.
 */
export function enumCoverageBodies(
  offer: Offer,
  enumFields: ReadonlyArray<readonly [string, readonly string[]]>,
): Record<string, unknown>[] {
  const covered = enumFields.filter(([field]) => !(field in ENUM_FIELDS_NOT_COVERED) && field !== 'subscriptionCategory');
  const count = Math.max(1, ...covered.map(([, values]) => values.length));
  const types = covered.find(([field]) => field === 'subscriptionType')?.[1];
  const unused = new Map(covered.map(([field, values]) => [field, [...values]]));
  return Array.from({ length: count }, (_, i) => {
    const body = fullCreateBody(offer);
    // subscriptionType first: it says who the investor is, and the other fields' values must suit that investor.
    if (types) body.subscriptionType = types[i % types.length];
    body.subscriptionCategory = CATEGORY_OF_TYPE[body.subscriptionType as SubscriptionType] ?? body.subscriptionCategory;
    const kind = investorKind(body);
    for (const [field, values] of covered) {
      if (field === 'subscriptionType') continue;
      // The first value not used yet that suits this body's investor (suitsInvestor), else the first that suits it.
      const left = unused.get(field)!;
      const value = left.find((v) => suitsInvestor(field, v, kind)) ?? values.find((v) => suitsInvestor(field, v, kind)) ?? values[0];
      if (left.includes(value)) left.splice(left.indexOf(value), 1);
      body[field] = value;
    }
    body.investorReference = REFERENCE_EXAMPLES[String(body.investorReferenceType)] ?? body.investorReference;
    return body;
  });
}
