// Seeded allocation records: one per closed offer, with item counts from a fixed table so some
// records need several pages even at the maximum limit (>= 150 entries) and some are empty.
import type { AllocationItem, AllocationRecord, Offer } from './types.ts';
import { deepFreeze, SEED_OFFERS } from './offers.ts';
import { mulberry32, roundTo, uuidFrom } from './prng.ts';

const SEED = 20240917;

/** Number of allocation items of the n-th closed offer (cycled). */
const ITEM_COUNTS = [150, 7, 0, 173, 42, 240, 1, 100, 101, 12, 5, 160, 3, 99, 55, 20, 2, 9];

/** Position (among closed offers) of the one record that omits the optional allocationCount. */
export const RECORD_WITHOUT_COUNT = 4;

const SECOND = 1000;
const DAY = 86_400_000;

/** `count` allocation items of one offer at `price`, drawn from `random` (large-catalogue makes its records with it too). */
export function itemsFor(offer: Offer, price: number, count: number, random: () => number): AllocationItem[] {
  const { hardMinLimit, hardMaxLimit } = offer.pricingAndOrderLimits;
  const pencePerUnit = offer.pricingAndOrderLimits.currency === 'GBX' ? 100 : 1;
  const allocatedFrom = Date.parse(offer.dates.offerEarlyClose ?? offer.dates.offerEndDateTime) + DAY;
  const items: AllocationItem[] = [];
  for (let n = 0; n < count; n++) {
    const amountRequested = roundTo(hardMinLimit + random() * Math.min(hardMaxLimit - hardMinLimit, 50_000), 2);
    const scaleBack = random() < 0.3 ? 0.5 + random() * 0.5 : 1;
    const amountAllocated = roundTo(amountRequested * scaleBack, 2);
    items.push({
      allocationId: uuidFrom(random),
      clientSubscriptionReference: `partner-order-${String(n + 1).padStart(5, '0')}`,
      amountRequested,
      amountAllocated,
      sharesAllocated: Math.floor((amountAllocated * pencePerUnit) / price),
      allocatedOn: new Date(allocatedFrom + n * SECOND).toISOString(),
    });
  }
  return items;
}

export function buildAllocations(offers: readonly Offer[]): AllocationRecord[] {
  const random = mulberry32(SEED);
  const closed = offers.filter((o) => o.details.status === 'closed_for_subscription');
  return closed.map((offer, position) => {
    const pricing = offer.pricingAndOrderLimits;
    // A bookbuilt (no_price) offer finds its final price at the close.
    const price = pricing.priceType === 'no_price' ? roundTo(80 + random() * 220, 2) : pricing.offerPrice;
    const allocations = itemsFor(offer, price, ITEM_COUNTS[position % ITEM_COUNTS.length], random);
    return {
      offerId: offer.id,
      price,
      priceCurrency: pricing.currency,
      ...(position === RECORD_WITHOUT_COUNT ? {} : { allocationCount: allocations.length }),
      allocations,
    };
  });
}

export const SEED_ALLOCATIONS: readonly AllocationRecord[] = deepFreeze(buildAllocations(SEED_OFFERS));
