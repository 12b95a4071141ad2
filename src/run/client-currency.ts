/**
 * The currencies the suite may write in. Contract, Authentication 4: "A partner's client is associated with one
 * currency; amounts in subscriptions are expressed in that currency." Which currency is the partner's, the contract
 * cannot say; the suite's create bodies use the offer's own: the currency it accepts orders in (acceptedCurrency), else
 * the one it is priced in (src/contract/order-currency.ts). A target that holds
 * the client to its one currency refuses a create in any other with a 4xx, as the contract lets it: a create the suite
 * sends on an offer in another currency is then not a valid request of this client, and its refusal no failure.
 *
 * So before any test writes, the run settles the currencies it writes in:
 * - API_CLIENT_CURRENCY given (the currency agreed with the operator): that one; offers in others are not written to;
 * - otherwise one create (a minimal valid body, journalled and cancelled at the end like every other) on the first open
 *   offer of each currency the open offers have. Offers in a currency the target refused with a 4xx are not written
 *   to; every other answer keeps its currency (a 5xx is a failure the tests must meet, not a reason to look away), and
 *   so does no answer at all (a connection cut: that create is swept at the end like any of unknown outcome). When
 *   every currency is refused, none is left out: a target that takes no valid create at all fails the create tests.
 * Either way an offer priced in a currency a create cannot name is never written to: the offer's currency is any code
 * ("Currency code"), a create's is one of the contract's enum (GBX, GBP, EUR, ...), so a body in it would be invalid and
 * its refusal no failure. The probe does not try such a currency; it names it (`unnamable`), and so does the console.
 * Nor is an offer whose order limits hold no amount (hardMinLimit above hardMaxLimit: OFFER-ORDER-RANGE's finding)
 * written to, or probed: a create on it is refused for its amount, which says nothing of the create or the currency.
 * The global setup hands the result to the workers in RUN_CURRENCIES (JSON); what was refused is an observation of
 * AUTH-CLIENT-CURRENCY.
 */
import type { ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { minimalCreateBody } from '../arbitraries/fixed-create-bodies.ts';
import { OPEN_STATUS, type Offer } from '../contract/types.ts';
import { CURRENCIES, isCurrency } from '../contract/vocabulary.ts';
import { admitsAnOrder as limitsAdmitAnOrder } from '../contract/order-amount.ts';
import { orderCurrency } from '../contract/order-currency.ts';

/** The environment variable the global setup hands the currencies to the workers in (like RUN_ID). */
export const RUN_CURRENCIES_ENV = 'RUN_CURRENCIES';
/** Set to 1 by a command that runs only the @read tests (load:contract): no create is sent to settle currencies. */
export const READS_ONLY_ENV = 'RUN_READS_ONLY';

export interface WritableCurrencies {
  /** Where they come from: the API_CLIENT_CURRENCY setting, or a create per currency. */
  source: 'setting' | 'probe';
  /** The currencies written in; null = every currency (nothing refused, or everything refused). */
  writable: string[] | null;
  /** Creates the probe saw refused with a 4xx, one per currency. */
  refused: Array<{ currency: string; offerId: string; status: number }>;
  /** Creates of the probe that got no answer (the client's redacted error). */
  unanswered?: Array<{ currency: string; error: string }>;
  /** Currencies of open offers that a create cannot name (not in the create's enum): those offers are never written to. */
  unnamable?: string[];
}

/**
 * The currency an offer's bodies are sent in, if it has one: the one it accepts orders in (acceptedCurrency) when a
 * create can name it, else the one it is priced in (src/contract/order-currency.ts). An offer priced in GBX that
 * accepts GBP is written to by a GBP client.
 */
export function offerCurrency(offer: Offer): string | undefined {
  return orderCurrency(offer?.pricingAndOrderLimits);
}

/** Whether a create may name the offer's currency (the create's enum): no valid body can be sent on it otherwise. */
export function inNamableCurrency(offer: Offer): boolean {
  const currency = offerCurrency(offer);
  return currency !== undefined && isCurrency(currency);
}

/** Whether a valid order on the offer exists: its limits are numbers and hold an amount (src/contract/order-amount.ts). */
export const admitsAnOrder = (offer: Offer): boolean => limitsAdmitAnOrder(offer?.pricingAndOrderLimits);

/** The currencies named by API_CLIENT_CURRENCY. */
export function currenciesFromSetting(currency: string): WritableCurrencies {
  return { source: 'setting', writable: [currency], refused: [] };
}

export interface ProbeOptions {
  /** Stop at the first currency the target takes a create in (a probe that needs one record, not the whole picture). */
  untilAccepted?: boolean;
  /** Each create's exchange, in order. */
  onAnswer?: (exchange: Exchange, currency: string) => void;
}

/** One create on the first open offer of each currency; see the module comment. */
export async function probeCurrencies(
  client: ApiClient,
  offers: readonly Offer[],
  options: ProbeOptions = {},
): Promise<WritableCurrencies> {
  const firstOfCurrency = new Map<string, Offer>();
  const unnamable = new Set<string>();
  for (const offer of offers) {
    if (offer?.details?.status !== OPEN_STATUS) continue;
    const currency = offerCurrency(offer);
    if (!inNamableCurrency(offer)) unnamable.add(currency ?? '(none)');
    else if (admitsAnOrder(offer) && !firstOfCurrency.has(currency!)) firstOfCurrency.set(currency!, offer);
  }
  const kept: string[] = [];
  const refused: WritableCurrencies['refused'] = [];
  const unanswered: NonNullable<WritableCurrencies['unanswered']> = [];
  for (const [currency, offer] of firstOfCurrency) {
    let exchange: Exchange;
    try {
      ({ exchange } = await client.createSubscription(minimalCreateBody(offer)));
    } catch (error) {
      // No answer (a connection cut, a timeout): no refusal either; the create, journalled, is swept at the end.
      kept.push(currency);
      unanswered.push({ currency, error: (error as Error).message });
      continue;
    }
    options.onAnswer?.(exchange, currency);
    if (exchange.status >= 400 && exchange.status < 500 && exchange.status !== 429)
      refused.push({ currency, offerId: offer.id, status: exchange.status });
    else kept.push(currency);
    if (options.untilAccepted && exchange.status < 300) break;
  }
  return {
    source: 'probe',
    writable: refused.length === 0 || kept.length === 0 ? null : kept,
    refused,
    ...(unanswered.length > 0 ? { unanswered } : {}),
    ...(unnamable.size > 0 ? { unnamable: [...unnamable] } : {}),
  };
}

/** The currencies the global setup settled (none settled: every currency). */
export function writableCurrencies(env: NodeJS.ProcessEnv = process.env): WritableCurrencies {
  const raw = env[RUN_CURRENCIES_ENV];
  if (!raw) return { source: 'probe', writable: null, refused: [] };
  return JSON.parse(raw) as WritableCurrencies;
}

/** Whether the suite may write to `offer`: a create can name its currency, its limits hold an amount, and its currency is one the run writes in. */
export function isWritableIn(currencies: WritableCurrencies, offer: Offer): boolean {
  if (!inNamableCurrency(offer) || !admitsAnOrder(offer)) return false;
  if (currencies.writable === null) return true;
  const currency = offerCurrency(offer);
  return currency !== undefined && currencies.writable.includes(currency);
}

/** What the console says of the currencies: when the run leaves offers out, or a create got no answer; else null. */
export function describeCurrencies(currencies: WritableCurrencies): string | null {
  const unanswered = (currencies.unanswered ?? []).map((u) => `no answer to the create in ${u.currency} (${u.error}).`);
  const line = describeWritable(currencies);
  const unnamable = currencies.unnamable?.length ? [unnamableSentence(currencies.unnamable)] : [];
  const lines = [...unanswered, ...(line === null ? [] : [line]), ...unnamable];
  return lines.length === 0 ? null : lines.join(' ');
}

function unnamableSentence(unnamable: readonly string[]): string {
  return `open offers in ${unnamable.map((c) => JSON.stringify(c)).join(', ')} are not written to: a create names its currency from the contract's enum (${CURRENCIES.join(', ')}), and neither the currency ${unnamable.length === 1 ? 'those offers accept' : 'each accepts'} orders in (acceptedCurrency) nor the one ${unnamable.length === 1 ? 'they are' : 'it is'} priced in is in it (an offer's currency codes may be any code).`;
}

/**
 * Why a test that writes finds no offer to write to (its skip reason): none open, none in a currency a create can
 * name, none in the client's currency.
 */
export function whyNoOfferToWrite(currencies: WritableCurrencies, offers: readonly Offer[]): string {
  const open = offers.filter((o) => o?.details?.status === OPEN_STATUS);
  if (open.length === 0) return 'The target lists no open offer to subscribe to.';
  const namable = open.filter(inNamableCurrency);
  if (namable.length === 0) {
    const theirs = [...new Set(open.map((o) => JSON.stringify(offerCurrency(o) ?? '(none)')))];
    return `No open offer is in a currency a create can name (the contract's enum: ${CURRENCIES.join(', ')}): the open offers are in ${theirs.join(', ')}, neither the currency they accept orders in (acceptedCurrency) nor the one they are priced in being in it (an offer's currency codes may be any code), so no valid create can be sent.`;
  }
  if (!namable.some(admitsAnOrder))
    return "No open offer's order limits hold an amount (hardMinLimit above hardMaxLimit, or not numbers: OFFER-ORDER-RANGE and OFFER-SCHEMA report them), so no valid create can be sent.";
  if (!namable.some((o) => isWritableIn(currencies, o)))
    return `No open offer is in the client's currency (${currencies.writable!.join(', ')}): the others are not written to.`;
  return 'No open offer left to subscribe to: those listed open have closed since the run listed them.';
}

function describeWritable(currencies: WritableCurrencies): string | null {
  if (currencies.source === 'setting')
    return `the client's currency is ${currencies.writable![0]} (API_CLIENT_CURRENCY): offers in other currencies are not written to.`;
  if (currencies.refused.length === 0) return null;
  const refused = currencies.refused.map((r) => `${r.currency} (${r.status})`).join(', ');
  if (currencies.writable === null)
    return `the target refused a valid create in every currency of its open offers: ${refused}. The create tests will say so; if the client's currency is none of these, set API_CLIENT_CURRENCY.`;
  return `the target refused a valid create in ${refused} and took one in ${currencies.writable.join(', ')}: it holds the client to its currency ("A partner's client is associated with one currency"), so offers in ${currencies.refused.map((r) => r.currency).join(', ')} are not written to (AUTH-CLIENT-CURRENCY). Set API_CLIENT_CURRENCY to say so and skip these creates.`;
}
