// Variation switches, a target's size: what a shared staging holds after years of use. One area of the table joined
// in reference/variations.ts. Nothing here changes what the contract lets a server choose; it changes how much the
// server holds, so the suite shows its cost does not grow with the target (issue 41, item 2).
import { LARGE_CATALOGUE, largeCatalogue } from '../data/large-catalogue.ts';
import { patch } from '../patches.ts';
import type { VariationSwitch } from './variation-switch.ts';
import { SEED_ALLOCATIONS } from '../data/allocations.ts';
import { SEED_OFFERS } from '../data/offers.ts';

const catalogue = () => largeCatalogue(SEED_OFFERS, SEED_ALLOCATIONS);

export const SCALE_VARIATIONS = [
  {
    name: 'large-catalogue',
    description: `A shared staging after years of use: ${LARGE_CATALOGUE.offers.toLocaleString('en')} offers (${LARGE_CATALOGUE.openOffers} open, the rest closed), one allocation record per closed offer (one of ${LARGE_CATALOGUE.largestAllocation.toLocaleString('en')} items), and ${LARGE_CATALOGUE.earlierRecords.toLocaleString('en')} records earlier runs left for the partner (cancelled or rejected, spread over ${LARGE_CATALOGUE.offersWithEarlierRecords} offers). Generated at start (reference/data/large-catalogue.ts).`,
    apply: (behaviour) => {
      const withOffers = patch('offers', (current) => ({
        published: (_seed, startedAt, now) => current.published(catalogue().offers, startedAt, now),
      }))(behaviour);
      const withAllocations = patch('allocations', (current) => ({
        granted: (_seed, startedAt, now) => current.granted(catalogue().allocations, startedAt, now),
      }))(withOffers);
      return patch('subscriptions', (current) => ({
        heldAtStart: () => [...current.heldAtStart(), ...catalogue().earlierRecords],
      }))(withAllocations);
    },
  },
] as const satisfies readonly VariationSwitch[];
