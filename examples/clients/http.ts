/**
 * The little HTTP layer both example clients share: a partner's own client would have its own. Plain
 * fetch, the contract's headers, and a pause between requests. Run a client through the proxy:
 *   npm run proxy -- --port 8089          # in one terminal
 *   npx tsx examples/clients/good-client.ts http://127.0.0.1:8089
 * Credentials come from API_SUBSCRIPTION_KEY / API_SECRET (default: the bundled reference's demo values).
 */
import { request } from 'node:http';

export interface Credentials {
  subscriptionKey: string;
  secret: string;
}

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/** Marks a request the faulty client sends wrong on purpose, naming the client clause it breaks (tests find it by this). */
export const FAULT_HEADER = 'x-example-fault';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): Credentials {
  return { subscriptionKey: env.API_SUBSCRIPTION_KEY || 'demo-subscription-key', secret: env.API_SECRET || 'demo-api-secret' };
}

export function contractHeaders(credentials: Credentials): Record<string, string> {
  return { accept: 'application/json', 'service-api-subscription': credentials.subscriptionKey, 'service-api-secret': credentials.secret };
}

export async function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: parsed };
}

/** Sends a create and hangs up as soon as it is sent, as a client whose timeout fired would: the answer is never read. */
export function sendAndHangUp(baseUrl: string, path: string, headers: Record<string, string>, body: unknown): Promise<void> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
    });
    req.on('error', () => resolve()); // the hang-up itself
    req.on('finish', () => {
      // Sent: go away before the answer comes.
      req.destroy();
      resolve();
    });
    req.on('response', () => reject(new Error('the answer came before the hang-up: the example needs a slower target')));
    req.end(text);
  });
}

/** Retry-After in milliseconds (delta-seconds or an HTTP date); null when absent. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface OfferSummary {
  id: string;
  status: string;
  min: number;
  max: number;
  lastModifiedOn: string;
}

export function offerSummary(offer: unknown): OfferSummary {
  const o = offer as {
    id: string;
    details: { status: string };
    pricingAndOrderLimits: { hardMinLimit: number; hardMaxLimit: number };
    dates: { lastModifiedOn: string };
  };
  return {
    id: o.id,
    status: o.details.status,
    min: o.pricingAndOrderLimits.hardMinLimit,
    max: o.pricingAndOrderLimits.hardMaxLimit,
    lastModifiedOn: o.dates.lastModifiedOn,
  };
}

/** A create body as the contract asks for it, in the client's one currency, with a reference of its own. */
export function createBody(offer: OfferSummary, reference: string, currency = 'GBP'): Record<string, unknown> {
  return {
    offerId: offer.id,
    amountRequested: Math.round(Math.min(offer.max, Math.max(offer.min, 1000)) * 100) / 100,
    // A type and the category it goes with (retail = private unqualified investor): a service may refuse a pair that disagrees.
    subscriptionType: 'xo_unqualified',
    subscriptionCategory: 'retail',
    clientSubscriptionTimestamp: new Date().toISOString(),
    clientSubscriptionReference: reference,
    currency,
    accountType: 'general_investment',
  };
}
