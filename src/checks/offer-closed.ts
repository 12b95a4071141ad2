/**
 * A create the run expected to be taken (a valid body on an offer it listed open) refused with a 4xx. On a live
 * service an offer may close while the run writes to it (an issuer ending a bookbuild early, an offer period ending),
 * and a service may refuse orders on a closed offer. Before the refusal is judged a deviation, the offer is read
 * again: closed now, the refusal may be the closing, so the create is not judged (the caller skips it, saying so).
 */
import type { ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { OPEN_STATUS, type Offer } from '../model/types.ts';
import { noteOfferClosed } from '../run/closed-offers.ts';

const isRefusal = (ex: Exchange): boolean => ex.status >= 400 && ex.status < 500 && ex.status !== 429;

/**
 * Why the offer is no longer open (a sentence), when `ex` is a refusal and the offer read now is closed, closed
 * early or past its end; null when the create was not refused, or the offer is still open, or cannot be read.
 */
export async function offerClosedSinceListed(api: ApiClient, ex: Exchange, offerId: unknown, now = Date.now()): Promise<string | null> {
  if (!isRefusal(ex) || typeof offerId !== 'string') return null;
  const read = await api.getOffer(offerId);
  const offer = read.status === 200 && read.body !== null && typeof read.body === 'object' ? (read.body as Offer) : null;
  if (!offer) return null;
  const closed = whyClosed(offer, now);
  if (closed) noteOfferClosed(offerId);
  return closed && `offer ${offerId} was listed open and ${closed}`;
}

/** Why an offer takes no orders now (closed, closed early, or its period over), or null when it is open. */
export function whyClosed(offer: Offer, now = Date.now()): string | null {
  const status = offer.details?.status;
  const earlyClose = offer.dates?.offerEarlyClose;
  const end = Date.parse(String(offer.dates?.offerEndDateTime ?? ''));
  if (status !== OPEN_STATUS) return `is ${String(status)} now`;
  if (earlyClose !== undefined && earlyClose !== null) return `closed early at ${String(earlyClose)}`;
  if (end <= now) return `its period ended at ${String(offer.dates.offerEndDateTime)}`;
  return null;
}
