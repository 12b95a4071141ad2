// Valid bodies built from the reference's seed data, fabricated exchanges around them, and a helper to
// make one deviation at a JSON pointer. Each sample is a fresh, unfrozen copy.
import { parseJsonBody, type Exchange, type Operation } from '../../src/client/exchange.ts';
import { SEED_ALLOCATIONS } from '../../reference/data/allocations.ts';
import { SEED_OFFERS } from '../../reference/data/offers.ts';

type Json = Record<string, unknown>;

const copy = <T>(v: T): T => structuredClone(v) as T;

/** An open, fixed-price offer without an early close: triggers no observation but its status. */
export function offer(): Json {
  const o = SEED_OFFERS.find(
    (x) =>
      x.details.status === 'open_for_subscription' &&
      x.pricingAndOrderLimits.priceType === 'fixed' &&
      x.dates.offerEarlyClose === undefined,
  );
  if (!o) throw new Error('seed data has no plain open offer');
  return copy(o) as unknown as Json;
}

export function offers(n = 3): Json[] {
  return SEED_OFFERS.slice(0, n).map((o) => copy(o) as unknown as Json);
}

export function allocation(): Json {
  const a = SEED_ALLOCATIONS.find((r) => r.allocations.length > 0);
  if (!a) throw new Error('seed data has no allocation record with items');
  return copy(a) as unknown as Json;
}

export function allocations(): Json[] {
  return SEED_ALLOCATIONS.map((a) => copy(a) as unknown as Json);
}

/** A subscription as the service would return it for the sample offer. */
export function subscription(): Json {
  const o = offer() as { id: string; pricingAndOrderLimits: { hardMinLimit: number; currency: string } };
  return {
    id: 'sub-0001',
    offerId: o.id,
    amountRequested: o.pricingAndOrderLimits.hardMinLimit,
    subscriptionType: 'xo_qualified',
    subscriptionCategory: 'retail',
    clientSubscriptionTimestamp: '2024-05-01T10:00:00.000Z',
    clientSubscriptionReference: 'osd-suite.unit.1-1',
    currency: o.pricingAndOrderLimits.currency,
    accountType: 'general_investment',
    status: 'accepted',
  };
}

export function health(): Json {
  return { status: 'ok', info: { database: { status: 'up' } }, error: null, details: { database: { status: 'up' } } };
}

export const listGetError = (message = 'Not Found'): Json => ({ error: message, message });
export const createCancelError = (status: number, message = 'Bad Request'): Json => ({
  status,
  errors: [{ field: 'amountRequested', message: 'too many decimals' }],
  message,
});

/**
 * A copy of `value` with one change per pointer: a value is set (creating nothing), undefined deletes.
 * `/0/dates/lastModifiedOn` addresses inside arrays too.
 */
export function patched<T>(value: T, changes: Record<string, unknown>): T {
  const out = copy(value);
  for (const [pointer, v] of Object.entries(changes)) {
    const parts = pointer.split('/').slice(1);
    const last = parts.pop()!;
    let cur: unknown = out;
    for (const p of parts) cur = (cur as Record<string, unknown>)[p];
    if (cur === null || typeof cur !== 'object') throw new Error(`patched: ${pointer} does not exist`);
    if (v === undefined) delete (cur as Record<string, unknown>)[last];
    else (cur as Record<string, unknown>)[last] = v;
  }
  return out;
}

const REQUEST: Record<Operation, { method: string; path: string }> = {
  'offer.list': { method: 'GET', path: '/offer' },
  'offer.get': { method: 'GET', path: '/offer/o1' },
  'allocation.list': { method: 'GET', path: '/allocation' },
  'allocation.get': { method: 'GET', path: '/allocation/o1' },
  'subscription.list': { method: 'GET', path: '/subscription' },
  'subscription.get': { method: 'GET', path: '/subscription/s1' },
  'subscription.create': { method: 'POST', path: '/subscription' },
  'subscription.cancel': { method: 'POST', path: '/subscription/s1/cancel' },
  health: { method: 'GET', path: '/health' },
  other: { method: 'GET', path: '/elsewhere' },
};

export interface ExchangeSpec {
  operation: Operation;
  /** The request's path, when not the operation's usual one. */
  path?: string;
  status: number;
  /** A JSON body (serialised for `text`). */
  body?: unknown;
  /** A raw body instead (parsed if it is JSON). */
  text?: string;
  /** Response content type; null sends none. Default application/json; charset=utf-8. */
  contentType?: string | null;
  headers?: Record<string, string>;
  /** The body could not be read whole (the client then parses nothing). */
  bodyError?: string;
}

/** An exchange as the client would build it from this response. */
export function exchange(spec: ExchangeSpec): Exchange {
  const text = spec.text ?? (spec.body === undefined ? '' : JSON.stringify(spec.body));
  const { body, isJson } = spec.bodyError ? { body: undefined, isJson: false } : parseJsonBody(text);
  const contentType = spec.contentType === undefined ? 'application/json; charset=utf-8' : spec.contentType;
  return {
    seq: 1,
    operation: spec.operation,
    ...REQUEST[spec.operation],
    ...(spec.path === undefined ? {} : { path: spec.path }),
    requestHeaders: { accept: 'application/json' },
    status: spec.status,
    responseHeaders: { ...(contentType === null ? {} : { 'content-type': contentType }), ...spec.headers },
    body,
    text,
    isJson,
    ...(spec.bodyError ? { bodyError: spec.bodyError } : {}),
    durationMs: 1,
    attempts: 1,
  };
}
