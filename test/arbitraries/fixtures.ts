// Offers the arbitraries are exercised against: each one a shape of order limits that has bitten
// someone (fractions, 6-decimal limits, a micro range, a zero minimum, one single amount, limits too
// large for a micro step to show in a double). Data only.
import type { OpenOffer } from '../../src/arbitraries/index.ts';

const offer = (id: string, hardMinLimit: number, hardMaxLimit: number, currency: string): OpenOffer => ({
  id,
  pricingAndOrderLimits: { hardMinLimit, hardMaxLimit, currency },
});

export const OFFERS: readonly OpenOffer[] = [
  offer('whole-pounds', 100, 250_000, 'GBP'),
  offer('fractional-limits', 0.5, 10.25, 'EUR'),
  offer('six-decimal-limits', 1.234567, 2.345678, 'USD'),
  offer('micro-range', 0.000001, 0.00001, 'GBX'),
  offer('zero-minimum', 0, 1000, 'NOK'),
  offer('single-amount', 500, 500, 'SEK'),
  offer('large-limits', 1_000_000, 5_000_000_000, 'DKK'),
  offer('huge-limits', 1e12, 1e14, 'GBP'),
];

/** hardMinLimit > hardMaxLimit: no valid amount exists (OFFER-ORDER-RANGE would report it). */
export const BROKEN_OFFER: OpenOffer = offer('min-above-max', 10, 5, 'GBP');

/** A currency outside the request enum. */
export const FOREIGN_CURRENCY_OFFER: OpenOffer = offer('swiss-francs', 10, 1000, 'CHF');

export const offerById = (id: string): OpenOffer | undefined => [...OFFERS, BROKEN_OFFER, FOREIGN_CURRENCY_OFFER].find((o) => o.id === id);

export const RUN_TAG = 'osd-suite.unit-test.1';

/** Runs per property: enough to reach every branch, short on a 2-core machine. */
export const RUNS = 300;
/** Samples for coverage checks, with a fixed seed so coverage is deterministic. */
export const COVERAGE_SAMPLES = { numRuns: 3000, seed: 20240501 } as const;
