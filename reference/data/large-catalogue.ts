// The data of the large-catalogue variation (reference/variations/scale.ts): a shared staging after years of use.
// Generated deterministically from the seed (mulberry32, fixed seeds), once per process and only when asked for,
// so a server without the variation pays nothing and one with it starts in a fraction of a second: no HTTP call
// makes any of it.
//
// The orders of size, and why:
// - 2,000 offers: a distributor's catalogue keeps every offer it ever listed, closed ones for years (about five
//   offers a week over eight years). The 36 seed offers come last (the newest); 1,964 archive offers, copies of the
//   seed offers with ids, titles and lastModifiedOn of their own, come first, oldest first.
// - 300 of them open (the 18 seed open offers and 282 archive ones): bond programmes and open-ended funds stay open
//   for years beside the week-long IPOs, so a few hundred open at once is a large but real catalogue. The rest closed.
// - One allocation record per closed offer, as the reference keeps them: small ones for the archive (0 to 12 items),
//   the seed ones as they are, and one archive offer whose allocations run to 5,000 items (a popular retail IPO
//   takes thousands of orders through one partner: 50 pages at the reference's largest page of 100).
// - 20,000 records of earlier runs for the first partner (a year of nightly gates at about 55 creates a night, the
//   figure issue 41 gives), each cancelled (a run's teardown cancels what it made) or rejected (an order the target
//   refused: a closed offer, an amount out of limits), tagged as the suite tags its creates, spread evenly over 400
//   offers (50 each): every open offer, the ones a run writes to among them, and 100 closed ones. Spread, as issue 41
//   asks; the suite's own nightly runs would pile theirs on the few offers they write to, whose lists a run reads
//   whole (docs/benchmarks.md, bench:scale, says what is left there).
import type { AllocationRecord, Offer, Subscription } from './types.ts';
import { itemsFor } from './allocations.ts';
import { deepFreeze } from './offers.ts';
import { intBetween, mulberry32, roundTo, uuidFrom } from './prng.ts';

export const LARGE_CATALOGUE = {
  offers: 2_000,
  openOffers: 300,
  largestAllocation: 5_000,
  earlierRecords: 20_000,
  /** How many offers the earlier records are spread over: every open one, then closed ones. */
  offersWithEarlierRecords: 400,
} as const;

const OFFER_SEED = 20261128;
const ALLOCATION_SEED = 20261129;
const RECORD_SEED = 20261130;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Archive offers were last modified before every seed offer (those from 2025-12-01): the oldest first. */
const ARCHIVE_MODIFIED_BEFORE = Date.UTC(2025, 10, 30, 7, 0, 0);
/** Item counts of the archive's allocation records, cycled: small, some empty. */
const ARCHIVE_ITEM_COUNTS = [3, 0, 7, 1, 12, 5, 2, 9];
/** The first night of the earlier runs (a year of them, one a night). */
const FIRST_NIGHT = Date.UTC(2025, 10, 1, 2, 0, 0);
const NIGHTS = 365;

export interface LargeCatalogue {
  /** Every offer, in catalogue order: the archive (oldest first), then the seed offers. */
  offers: readonly Offer[];
  /** One record per closed offer: the archive's, then the seed's. */
  allocations: readonly AllocationRecord[];
  /** The offer whose allocations run to LARGE_CATALOGUE.largestAllocation items. */
  largestAllocationOfferId: string;
  /** The records earlier runs left for the first partner, in the order they were made. */
  earlierRecords: readonly Subscription[];
}

let built: { seedOffers: readonly Offer[]; seedAllocations: readonly AllocationRecord[]; catalogue: LargeCatalogue } | null = null;

/** The large catalogue made from these seeds: built on the first call, the same object after (every server shares it). */
export function largeCatalogue(seedOffers: readonly Offer[], seedAllocations: readonly AllocationRecord[]): LargeCatalogue {
  if (built?.seedOffers !== seedOffers || built.seedAllocations !== seedAllocations)
    built = { seedOffers, seedAllocations, catalogue: buildLargeCatalogue(seedOffers, seedAllocations) };
  return built.catalogue;
}

function buildLargeCatalogue(seedOffers: readonly Offer[], seedAllocations: readonly AllocationRecord[]): LargeCatalogue {
  const archive = archiveOffers(seedOffers);
  const offers = [...archive, ...seedOffers];
  const closedArchive = archive.filter((o) => o.details.status === 'closed_for_subscription');
  // The largest record: an archive offer in the middle of the list, so neither end of a walk finds it by chance.
  const largest = closedArchive[Math.floor(closedArchive.length / 2)];
  const random = mulberry32(ALLOCATION_SEED);
  const archiveAllocations = closedArchive.map((offer, k) =>
    allocationRecord(
      offer,
      offer === largest ? LARGE_CATALOGUE.largestAllocation : ARCHIVE_ITEM_COUNTS[k % ARCHIVE_ITEM_COUNTS.length],
      random,
    ),
  );
  return deepFreeze({
    offers,
    allocations: [...archiveAllocations, ...seedAllocations],
    largestAllocationOfferId: largest.id,
    earlierRecords: earlierRecords(offers),
  });
}

/** Copies of the seed offers, open ones first until the catalogue holds LARGE_CATALOGUE.openOffers open offers. */
function archiveOffers(seedOffers: readonly Offer[]): Offer[] {
  const random = mulberry32(OFFER_SEED);
  const open = seedOffers.filter((o) => o.details.status === 'open_for_subscription');
  const closed = seedOffers.filter((o) => o.details.status !== 'open_for_subscription');
  const count = LARGE_CATALOGUE.offers - seedOffers.length;
  const openWanted = LARGE_CATALOGUE.openOffers - open.length;
  const archive: Offer[] = [];
  for (let n = 0; n < count; n++) {
    // Open archive offers spread through the list (every few places), not bunched at one end.
    const isOpen = Math.floor(((n + 1) * openWanted) / count) > Math.floor((n * openWanted) / count);
    const template = isOpen ? open[n % open.length] : closed[n % closed.length];
    // The oldest first: offer n was modified (count - n) steps before the seed offers; distinct instants, with milliseconds.
    const modified = ARCHIVE_MODIFIED_BEFORE - (count - n) * (HOUR + 7 * 60_000) + ((n * 37) % 1000);
    const shift = isOpen ? 0 : -(count - n) * DAY; // a closed offer ran back in time, as its place in the list says
    const at = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
    const { offerEarlyClose, ...dates } = template.dates;
    archive.push({
      ...template,
      id: uuidFrom(random),
      details: { ...template.details },
      textProperties: { ...template.textProperties, title: `${template.textProperties.title} (archive ${n + 1})` },
      pricingAndOrderLimits: { ...template.pricingAndOrderLimits },
      dates: {
        offerStartDateTime: at(dates.offerStartDateTime),
        offerEndDateTime: at(dates.offerEndDateTime),
        ...(offerEarlyClose === undefined ? {} : { offerEarlyClose: at(offerEarlyClose) }),
        lastModifiedOn: new Date(modified).toISOString(),
        admissionDateTime: at(dates.admissionDateTime),
      },
      issuer: { ...template.issuer },
    });
  }
  return archive;
}

function allocationRecord(offer: Offer, count: number, random: () => number): AllocationRecord {
  const pricing = offer.pricingAndOrderLimits;
  // A bookbuilt (no_price) offer finds its final price at the close, as the seed's do.
  const price = pricing.priceType === 'no_price' ? roundTo(80 + random() * 220, 2) : pricing.offerPrice;
  const allocations = itemsFor(offer, price, count, random);
  return { offerId: offer.id, price, priceCurrency: pricing.currency, allocationCount: allocations.length, allocations };
}

/** The records a year of nightly runs left: cancelled (or rejected), tagged osd-suite.<night>.<pid>-<seq>. */
function earlierRecords(offers: readonly Offer[]): Subscription[] {
  const random = mulberry32(RECORD_SEED);
  const open = offers.filter((o) => o.details.status === 'open_for_subscription');
  const closed = offers.filter((o) => o.details.status !== 'open_for_subscription');
  const step = Math.floor(closed.length / (LARGE_CATALOGUE.offersWithEarlierRecords - open.length));
  const spread = [...open, ...closed.filter((_, i) => i % step === 0)].slice(0, LARGE_CATALOGUE.offersWithEarlierRecords);
  const perNight = Math.ceil(LARGE_CATALOGUE.earlierRecords / NIGHTS);
  const records: Subscription[] = [];
  for (let n = 0; n < LARGE_CATALOGUE.earlierRecords; n++) {
    const night = Math.floor(n / perNight);
    const offer = spread[n % spread.length];
    const { hardMinLimit, hardMaxLimit, currency } = offer.pricingAndOrderLimits;
    const outside = n % 10 === 9; // an order out of limits, as the suite sends some: rejected, never cancellable
    const rejected = outside || offer.details.status !== 'open_for_subscription';
    const at = FIRST_NIGHT + night * DAY + (n % perNight) * 1_500 + intBetween(random, 0, 999);
    const stamp = new Date(at).toISOString().slice(0, 10).replaceAll('-', '');
    records.push({
      id: uuidFrom(random),
      offerId: offer.id,
      amountRequested: outside ? hardMaxLimit + 1 : roundTo(hardMinLimit + random() * Math.min(hardMaxLimit - hardMinLimit, 5_000), 2),
      subscriptionType: 'discretionary_qualified',
      subscriptionCategory: 'professional',
      clientSubscriptionTimestamp: new Date(at).toISOString(),
      clientSubscriptionReference: `osd-suite.nightly-${stamp}.${4000 + (night % 97)}-${(n % perNight) + 1}`,
      isExistingShareholder: false,
      isIssuerEmployee: false,
      currency,
      accountType: 'general_investment',
      status: rejected ? 'rejected' : 'cancelled',
    });
  }
  return records;
}
