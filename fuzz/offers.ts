// Which open offers the fuzz properties write to. The conformance tests write to the first two
// writable offers and to the reserved one (src/harness/target-facts.ts); the fuzz list laws need an
// offer that nothing writes to while they read it, so the last writable offer is kept for them.
import type { TargetFacts } from '../src/harness/target-facts.ts';
import type { Offer } from '../src/contract/types.ts';
import type { FuzzRunner } from './runner.ts';

export interface FuzzOffers {
  /** Offers the creating properties may write to. */
  writeTo: Offer[];
  /** The offer whose subscriptions the list laws read (undefined: too few open offers to keep one free). */
  listOffer: Offer | undefined;
}

export async function fuzzOffers(fuzz: FuzzRunner, facts: TargetFacts): Promise<FuzzOffers> {
  // A property writes for a while from a fixed choice of offers: those closed since the run listed them are left out
  // first (a live service), one listing per property, not judged here (FuzzRunner.beforeCases).
  await fuzz.beforeCases(() => facts.noteOffersClosedSince());
  const writable = await facts.writableOffers();
  if (writable.length >= 3) return { writeTo: writable.slice(0, -1), listOffer: writable[writable.length - 1] };
  return { writeTo: writable, listOffer: undefined };
}

/** The offers' own currency in created bodies: what a target does with another is not shown (AUTH-CLIENT-CURRENCY). */
export const BODY_CONSTRAINTS = { currency: 'offer' } as const;
