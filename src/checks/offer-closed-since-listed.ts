/**
 * A create the run expected to be taken (a valid body on an offer it listed open) refused with a 4xx. On a live
 * service an offer may close while the run writes to it (an issuer ending a bookbuild early, an offer period ending),
 * and a service may refuse orders on a closed offer. Before the refusal is judged a deviation, the offer is read
 * again: closed now (src/contract/offer-closed.ts), the refusal may be the closing, so the create is not judged (the
 * caller skips it, saying so).
 */
import type { ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { whyClosed } from '../contract/offer-closed.ts';
import type { Offer } from '../contract/types.ts';
import { noteOfferClosed } from '../run/offers-closed-this-run.ts';

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
