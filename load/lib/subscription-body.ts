/**
 * Bodies and bookkeeping for the subscriptions scenario: which offers can take a subscription, the
 * creation body (tagged with the run tag), and which records the teardown sweep must cancel.
 * Pure module.
 */
import { CURRENCIES } from '../../src/contract/vocabulary.ts';
import { orderCurrency } from '../../src/contract/order-currency.ts';
import { RUN_TAG_PREFIX } from './names.ts';

export { CURRENCIES } from '../../src/contract/vocabulary.ts';

export interface SubscribableOffer {
  id: string;
  min: number;
  max: number;
  currency: string;
}

function isCurrency(value: unknown): value is string {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).indexOf(value) >= 0;
}

/**
 * Offers open for subscription with a usable order range, in list order. The currency is the
 * partner's (SUB_CURRENCY) when given, else the offer's own (src/contract/order-currency.ts). With the
 * partner's currency given, the offers in that currency are the ones picked when there are any (their order
 * limits are in it), else every offer, with the partner's currency in the body.
 */
export function pickSubscribableOffers(body: unknown, currency: string | null): SubscribableOffer[] {
  const own = pickSubscribableOffersIn(body, null);
  if (currency === null) return own;
  const inCurrency = own.filter((o) => o.currency === currency);
  return inCurrency.length > 0 ? inCurrency : pickSubscribableOffersIn(body, currency);
}

function pickSubscribableOffersIn(body: unknown, currency: string | null): SubscribableOffer[] {
  if (!Array.isArray(body)) return [];
  const picked: SubscribableOffer[] = [];
  for (const item of body) {
    if (typeof item !== 'object' || item === null) continue;
    const o = item as Record<string, unknown>;
    const details = (o.details ?? {}) as Record<string, unknown>;
    const limits = (o.pricingAndOrderLimits ?? {}) as Record<string, unknown>;
    if (typeof o.id !== 'string' || details.status !== 'open_for_subscription') continue;
    const min = limits.hardMinLimit;
    const max = limits.hardMaxLimit;
    if (typeof min !== 'number' || typeof max !== 'number' || !(min >= 0) || !(max >= min) || !(max > 0)) continue;
    const own = orderCurrency(limits);
    const chosen = currency ?? (isCurrency(own) ? own : null);
    if (chosen === null) continue;
    picked.push({ id: o.id, min, max, currency: chosen });
  }
  return picked;
}

/** What a create in one currency got, in setup. */
export interface CurrencyAnswer {
  currency: string;
  status: number;
}

/** The first offer of each currency, in list order: setup sends one create on each. */
export function firstOfEachCurrency(offers: readonly SubscribableOffer[]): SubscribableOffer[] {
  return offers.filter((o, i) => offers.findIndex((p) => p.currency === o.currency) === i);
}

/**
 * The currencies to write in, from one create per currency (contract, Authentication 4: "A partner's client is
 * associated with one currency"; a target may refuse creates in the others). The rule of src/run/client-currency.ts
 * (k6 cannot load it; test/load/subscription-body.test.ts holds the two to the same cases): a 4xx other than 429
 * refuses a currency, any other answer keeps it; null (every currency) when nothing or everything was refused.
 */
export function currenciesToWriteIn(answers: readonly CurrencyAnswer[]): string[] | null {
  const refused = (a: CurrencyAnswer) => a.status >= 400 && a.status < 500 && a.status !== 429;
  const kept = answers.filter((a) => !refused(a)).map((a) => a.currency);
  return kept.length === 0 || kept.length === answers.length ? null : kept;
}

/**
 * An amount inside [min, max] with at most 2 decimal places (the contract allows 6): the minimum
 * rounded up to the cent, or a cent-rounded midpoint when the minimum is 0.
 */
export function amountWithin(min: number, max: number): number {
  const lowest = Math.ceil(min * 100) / 100;
  const amount = lowest > 0 ? lowest : Math.floor(((min + max) / 2) * 100) / 100;
  if (amount >= min && amount <= max && amount > 0) return amount;
  return max;
}

export function runTag(runId: string, seq: number | string): string {
  return `${RUN_TAG_PREFIX}${runId}.${seq}`;
}

export function runTagPrefix(runId: string): string {
  return `${RUN_TAG_PREFIX}${runId}.`;
}

/** The creation body of flow `seq` of run `runId`. */
export function buildSubscriptionBody(
  offer: SubscribableOffer,
  runId: string,
  seq: number | string,
  nowMs: number,
): Record<string, string | number | boolean> {
  return {
    offerId: offer.id,
    amountRequested: amountWithin(offer.min, offer.max),
    // Both are declared required (subscriptionType deprecated); the values are the documented defaults.
    subscriptionType: 'discretionary_qualified',
    subscriptionCategory: 'professional',
    clientSubscriptionTimestamp: new Date(nowMs).toISOString(),
    clientSubscriptionReference: runTag(runId, seq),
    currency: offer.currency,
    accountType: 'general_investment',
  };
}

export interface SweepTarget {
  id: string;
  status: string | null;
}

/** Records of this run (by run tag) that are not cancelled yet: the sweep cancels them. */
export function recordsToSweep(body: unknown, runId: string): SweepTarget[] {
  if (!Array.isArray(body)) return [];
  const prefix = runTagPrefix(runId);
  const out: SweepTarget[] = [];
  for (const item of body) {
    if (typeof item !== 'object' || item === null) continue;
    const s = item as Record<string, unknown>;
    if (typeof s.id !== 'string' || typeof s.clientSubscriptionReference !== 'string') continue;
    if (s.clientSubscriptionReference.indexOf(prefix) !== 0) continue;
    const status = typeof s.status === 'string' ? s.status : null;
    if (status === 'cancelled' || status === 'rejected') continue;
    out.push({ id: s.id, status });
  }
  return out;
}

/** Fills {subscriptionId} in the profile's cancel path. */
export function cancelPath(pathTemplate: string, subscriptionId: string): string {
  return pathTemplate.split('{subscriptionId}').join(encodeURIComponent(subscriptionId));
}

/** A run id for plain k6 runs without RUN_ID: time-sortable, k6-safe (no crypto module needed). */
export function generatedRunId(nowMs: number, random: number): string {
  const stamp = new Date(nowMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
  const suffix = Math.floor(random * 0xffffff).toString(16);
  return `${stamp}-${'000000'.slice(suffix.length)}${suffix}`;
}
