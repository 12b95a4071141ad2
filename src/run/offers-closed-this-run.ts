/**
 * Offers this worker found closed since the run listed them open (a live service closes offers while the suite
 * writes to them: src/contract/offer-closed.ts). No test of the worker writes to them again; the run's listing of
 * offers is kept as it was (the tests compare with it), only the choice of offers to write to leaves these out.
 */
const closed = new Set<string>();

export function noteOfferClosed(offerId: string): void {
  closed.add(offerId);
}

export function isKnownClosed(offerId: string): boolean {
  return closed.has(offerId);
}
