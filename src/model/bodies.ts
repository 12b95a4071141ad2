/**
 * Deterministic create bodies for the conformance checks (the fuzz suite generates its own with
 * fast-check). Every value is chosen to be unambiguously valid for the given offer.
 */
import type { Offer } from './types.ts';

/** A full valid body (every optional request field present) for an open offer. */
export function fullCreateBody(offer: Offer): Record<string, unknown> {
  return {
    offerId: offer.id,
    amountRequested: amountWithSixDecimals(offer),
    subscriptionType: 'xo_qualified',
    subscriptionCategory: 'retail',
    clientSubscriptionTimestamp: new Date(Date.UTC(2026, 0, 15, 9, 30, 0)).toISOString(),
    investorReferenceType: 'nino',
    investorReference: 'QQ123456C',
    isExistingShareholder: true,
    numExistingShares: 250,
    isIssuerEmployee: false,
    currency: offer.pricingAndOrderLimits.currency,
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
    clientSubscriptionTimestamp: '2026-01-15T09:30:00Z',
    currency: offer.pricingAndOrderLimits.currency,
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
