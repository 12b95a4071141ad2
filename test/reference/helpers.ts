// Shared helpers of the reference server tests: build a server, call it through `inject`, and
// read answers the way a client on the wire would (status, content type, raw body).
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildReferenceServer, SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../../reference/server.ts';
import type { ReferenceCredentials, ReferenceOptions } from '../../reference/server.ts';
import { SEED_OFFERS } from '../../reference/data/offers.ts';
import type { Offer } from '../../reference/data/types.ts';

/** Fixed credentials for tests, independent of REFERENCE_* in the environment. */
export const TEST_CREDENTIALS: ReferenceCredentials = { subscriptionKey: 'test-key-1a2b', secret: 'test-secret-3c4d' };

export const AUTH_HEADERS: Record<string, string> = {
  [SUBSCRIPTION_KEY_HEADER]: TEST_CREDENTIALS.subscriptionKey,
  [SECRET_HEADER]: TEST_CREDENTIALS.secret,
  accept: 'application/json',
};

export function buildServer(opts: ReferenceOptions = {}): Promise<FastifyInstance> {
  return buildReferenceServer({ credentials: TEST_CREDENTIALS, ...opts });
}

/** Runs `work` against a server of its own with these legitimate variations, closed afterwards whatever happens. */
export async function withVariants<T>(variants: string[], work: (variant: FastifyInstance) => Promise<T>): Promise<T> {
  const variant = await buildServer({ variants });
  try {
    return await work(variant);
  } finally {
    await variant.close();
  }
}

export interface Answer {
  status: number;
  contentType: string;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  /** Sent as JSON unless a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the credential headers. */
  anonymous?: boolean;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function call(app: FastifyInstance, c: Call): Promise<Answer> {
  const headers: Record<string, string> = { ...(c.anonymous ? { accept: 'application/json' } : AUTH_HEADERS) };
  let payload: string | undefined;
  if (c.body !== undefined) {
    payload = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, c.headers);
  const response = await app.inject({ method: c.method ?? 'GET', url: c.url, headers, payload });
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    headers: response.headers,
    text: response.body,
    json: parse(response.body),
  };
}

/** GET that must succeed; returns the parsed body. */
export async function getJson<T = unknown>(app: FastifyInstance, url: string): Promise<T> {
  const answer = await call(app, { url });
  if (answer.status !== 200) throw new Error(`GET ${url}: expected 200, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json as T;
}

export const openOffers = (): Offer[] => SEED_OFFERS.filter((o) => o.details.status === 'open_for_subscription');
export const closedOffers = (): Offer[] => SEED_OFFERS.filter((o) => o.details.status === 'closed_for_subscription');

/** An open offer whose order range leaves room above and below (for limit tests). */
export function openOffer(): Offer {
  return openOffers().find((o) => o.pricingAndOrderLimits.hardMinLimit > 0)!;
}

/** A valid create body for `offer`, inside its order range, with every optional field. */
export function fullCreateBody(offer: Offer = openOffer(), overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    offerId: offer.id,
    amountRequested: offer.pricingAndOrderLimits.hardMinLimit + 0.123456,
    subscriptionType: 'xo_qualified',
    subscriptionCategory: 'retail',
    clientSubscriptionTimestamp: '2025-06-01T09:30:00.125Z',
    clientSubscriptionReference: 'osd-suite.test.1',
    investorReferenceType: 'nino',
    investorReference: 'QQ123456C',
    isExistingShareholder: true,
    numExistingShares: 1200,
    isIssuerEmployee: false,
    currency: 'GBP',
    membershipCode: 'COMMUNITY-42',
    accountType: 'tax_efficient',
    ...overrides,
  };
}

/** The smallest valid create body: required fields only (no type/category, so defaults apply). */
export function minimalCreateBody(offer: Offer = openOffer(), overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    offerId: offer.id,
    amountRequested: offer.pricingAndOrderLimits.hardMinLimit,
    clientSubscriptionTimestamp: '2025-06-01T09:30:00Z',
    currency: 'GBP',
    accountType: 'general_investment',
    ...overrides,
  };
}

export async function create(app: FastifyInstance, body: unknown): Promise<Answer> {
  return call(app, { method: 'POST', url: '/subscription', body });
}

/** True when a JSON body has the list/get error shape. */
export function isListGetError(json: unknown): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const body = json as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.message === 'string' && !('errors' in body);
}

/** True when a JSON body has the create/cancel error shape for HTTP `status`. */
export function isCreateCancelError(json: unknown, status: number): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const body = json as Record<string, unknown>;
  return (
    body.status === status &&
    typeof body.message === 'string' &&
    Array.isArray(body.errors) &&
    (body.errors as unknown[]).every(
      (e) => !!e && typeof (e as { property?: unknown }).property === 'string' && Array.isArray((e as { messages?: unknown }).messages),
    )
  );
}

/** Sends raw bytes, returns everything the server wrote before closing. */
export function raw(url: string, bytes: string, trickle?: { byte: string; everyMs: number }): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const deadline = setTimeout(() => socket.destroy(new Error('no answer in 10 s')), 10_000);
    socket.on('data', (chunk) => (received += chunk.toString()));
    // A client that never finishes its request: one more byte now and then, until the server gives up on it.
    const timer = trickle && setInterval(() => socket.writable && socket.write(trickle.byte), trickle.everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(deadline);
      resolve(received);
    });
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
    socket.write(bytes);
  });
}

export function split(response: string): { status: number; headers: string; body: string } {
  const [head, ...rest] = response.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: rest.join('\r\n\r\n') };
}
