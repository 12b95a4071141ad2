/**
 * The currency a create on an offer names. The contract gives an offer two currency codes (pricingAndOrderLimits):
 * `currency`, the one its price is quoted in, and `acceptedCurrency`, the one it accepts orders in. A create names the
 * client's currency ("amountRequested: Cash amount in the currency of the API client"), one of the create's enum. So an
 * order on an offer is written in its acceptedCurrency when a create can name it, else in its currency: an offer
 * priced in pence (GBX) that accepts pounds (GBP) takes orders in GBP, and a GBP client writes to it. Pure: no Node
 * built-in (k6 loads it too).
 */
import { isCurrency } from './vocabulary.ts';

/** The currency codes of an offer's pricingAndOrderLimits, as the wire gives them. */
export interface OfferCurrencies {
  acceptedCurrency?: unknown;
  currency?: unknown;
}

/**
 * The currency an order on the offer is written in: its acceptedCurrency when a create can name it, else its currency
 * (which may be a code no create can name: then no valid create can be sent on it); undefined when it gives neither.
 */
export function orderCurrency(limits: OfferCurrencies | null | undefined): string | undefined {
  const accepted = limits?.acceptedCurrency;
  if (typeof accepted === 'string' && isCurrency(accepted)) return accepted;
  return typeof limits?.currency === 'string' ? limits.currency : undefined;
}
