/**
 * Whether an offer takes orders now, by the contract's words (Offer status; offerEarlyClose; offerEndDateTime). One rule
 * for the suite (src/checks/offer-closed-since-listed.ts, the run's facts) and the k6 subscriptions scenario, which
 * imports it: pure, no Node built-in.
 */
import { OPEN_STATUS } from './vocabulary.ts';

/**
 * Why an offer takes no orders now (closed, closed early, or its period over), or null when it is open or the value
 * is not an offer (an answer that did not parse, say).
 */
export function whyClosed(offer: unknown, now = Date.now()): string | null {
  if (typeof offer !== 'object' || offer === null) return null;
  const o = offer as Record<string, unknown>;
  const details = (o.details ?? {}) as Record<string, unknown>;
  const dates = (o.dates ?? {}) as Record<string, unknown>;
  if (details.status !== OPEN_STATUS) return `is ${String(details.status)} now`;
  if (dates.offerEarlyClose !== undefined && dates.offerEarlyClose !== null) return `closed early at ${String(dates.offerEarlyClose)}`;
  if (Date.parse(String(dates.offerEndDateTime ?? '')) <= now) return `its period ended at ${String(dates.offerEndDateTime)}`;
  return null;
}
