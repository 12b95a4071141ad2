/**
 * When a valid create says its order was received. Contract, Subscription.clientSubscriptionTimestamp: "Time the order
 * was received by the API client's own system". A truthful value lies in the offer's subscription period (no order for
 * it can be received before it opened or after it closed) and is never to come; a target may refuse anything else
 * (variations orders-inside-offer-period and future-timestamps-refused). The window is fixed where it can be, so a
 * recorded fuzz case replays with the same bytes on another day: from the period's start up to
 * CLIENT_TIMESTAMP_LATEST or the period's first day, whichever is later, never past its end nor later than a minute ago.
 */
import { DEFAULT_TIMESTAMP_MIN } from './timestamps.ts';

/** The latest receipt time a body carries when the offer's period allows it (a fixed past instant). */
export const CLIENT_TIMESTAMP_LATEST = new Date('2025-12-31T23:59:59.999Z');

const DAY_MS = 24 * 60 * 60 * 1000;
/** A client's clock a little behind the service's is no reason to refuse it: never later than this before now. */
const CLOCK_MARGIN_MS = 60_000;

/** The dates of an offer a receipt time depends on (any full Offer has them). */
export interface OfferPeriod {
  /** offerStartDateTime, offerEndDateTime and offerEarlyClose are read (anything else of them is ignored). */
  dates?: Record<string, unknown>;
}

export interface ReceiptWindow {
  earliest: Date;
  latest: Date;
}

const instant = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** The truthful receipt times of an order for `offer` (see the module comment). */
export function receiptWindow(offer: OfferPeriod, now = Date.now()): ReceiptWindow {
  const start = instant(offer.dates?.offerStartDateTime);
  const ends = [instant(offer.dates?.offerEndDateTime), instant(offer.dates?.offerEarlyClose)].filter(Number.isFinite);
  const notToCome = now - CLOCK_MARGIN_MS;
  const earliest = Number.isFinite(start) ? Math.max(start, DEFAULT_TIMESTAMP_MIN.getTime()) : DEFAULT_TIMESTAMP_MIN.getTime();
  const fixedLatest = Math.max(CLIENT_TIMESTAMP_LATEST.getTime(), Number.isFinite(start) ? start + DAY_MS : 0);
  const latest = Math.min(fixedLatest, notToCome, ...ends);
  // No truthful instant (a period to come, or over, on an offer listed open): the fixed past window, as before dates counted.
  if (earliest > latest)
    return { earliest: DEFAULT_TIMESTAMP_MIN, latest: new Date(Math.min(CLIENT_TIMESTAMP_LATEST.getTime(), notToCome)) };
  return { earliest: new Date(earliest), latest: new Date(latest) };
}

/**
 * One receipt time for a deterministic body, a whole second (a body may drop the milliseconds): the window's latest,
 * or the first whole second after its earliest when the window holds none before its latest.
 */
export function receiptTime(offer: OfferPeriod, now = Date.now()): Date {
  const { earliest, latest } = receiptWindow(offer, now);
  const latestWhole = Math.floor(latest.getTime() / 1000) * 1000;
  return new Date(latestWhole >= earliest.getTime() ? latestWhole : Math.ceil(earliest.getTime() / 1000) * 1000);
}
