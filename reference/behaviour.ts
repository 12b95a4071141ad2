// How the reference behaves, as a table of small strategies grouped by kind of effect. Routes call
// these and nothing else, so a fault switch (reference/faults.ts) changes behaviour by replacing or
// wrapping one strategy here: never by an `if (fault)` inside a route.
import * as crypto from 'node:crypto';
import { createHash, randomUUID } from 'node:crypto';
import { validate } from '../src/schema/registry.ts';
import { ApiError, renderError } from './errors.ts';
import type { ErrorShape, FieldError, RenderedError } from './errors.ts';
import { compareUtc } from './instants.ts';
import type { AllocationRecord, Offer, Subscription, SubscriptionRequest, SubscriptionStatus } from './data/types.ts';
import { SUBSCRIPTION_REQUEST_FIELDS } from './data/types.ts';
import type { SubscriptionStore } from './store.ts';

// ---- Operations ---------------------------------------------------------------------------------

/** Every operation of the reference and the error body shape it answers with. */
export const OPERATIONS = {
  listOffers: 'read',
  getOffer: 'read',
  listAllocations: 'read',
  getAllocation: 'read',
  listSubscriptions: 'read',
  createSubscription: 'write',
  getSubscription: 'read',
  cancelSubscription: 'write',
  health: 'read',
} as const satisfies Record<string, ErrorShape>;

export type OperationName = keyof typeof OPERATIONS;

// ---- Strategy types -----------------------------------------------------------------------------

export interface ReferenceCredentials {
  subscriptionKey: string;
  secret: string;
}

/** Header values as received (absent when the header was not sent). */
export interface PresentedCredentials {
  subscriptionKey?: string;
  secret?: string;
}

export type AuthVerdict = 'ok' | 'missing' | 'wrong';

/**
 * Who sent a request that passed the credential check: the partner whose credentials it carried (each partner its own;
 * the reference knows two), and the connection it came on (an ordinal per server instance).
 */
export interface Caller {
  partner: string;
  connection: number;
}

/** offset/limit as parsed from the query string (absent when not given). */
export interface PageQuery {
  offset?: number;
  limit?: number;
}

/** The slice of a list to return: `count` entries from `start` (`count` may be Infinity). */
export interface PageWindow {
  start: number;
  count: number;
}

export type CreateValidation = { ok: true; request: SubscriptionRequest } | { ok: false; errors: FieldError[] };

/** The health check body (NestJS-terminus-like; the contract shows only the four field names). */
export interface HealthResult {
  status: string;
  info: Record<string, { status: string }> | null;
  error: Record<string, { status: string }> | null;
  details: Record<string, { status: string }>;
}

/** What a subscription looks like when answered (a full record, or what a buggy cancel makes up). */
export type SubscriptionView = Partial<Subscription> & Pick<Subscription, 'id' | 'status'>;

/** A compiled query or path validator, as Fastify calls it. */
export interface ParameterValidator {
  (data: Record<string, unknown>): boolean;
  errors?: Array<{ message?: string; instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown> }> | null;
}

/** A route the reference serves, in Fastify's notation (`:param`). */
export interface ServedRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
}

export interface Behaviour {
  /** What goes out on the wire for successful responses. */
  wire: {
    offer(offer: Offer): unknown;
    allocation(record: AllocationRecord): unknown;
    subscription(record: SubscriptionView): unknown;
    health(result: HealthResult): unknown;
    contentType: string;
    /** A last edit of every JSON body as text (number spelling); absent = sent as serialized. */
    text?: (json: string) => string;
  };
  /** The HTTP-level choices the contract leaves "not shown" (reference/variations.ts changes them). */
  protocol: {
    createStatus: number;
    missingCredentialsStatus: number;
    wrongCredentialsStatus: number;
    /** Status of an unknown id on a known route (subscription, offer, allocation). */
    unknownIdStatus: number;
    /** Status of a request the service finds invalid (a body, a query, a path parameter): the contract's 400, or another 4xx. */
    validationStatus: number;
    cancelRoute: ServedRoute;
    /**
     * A successful cancel's answer (not shown): the cancelled record (200), 204 No Content with no body, 202 Accepted
     * with none, or 200 with a JSON message that is not the record.
     */
    cancelAnswer: 'record' | 'no-content' | 'accepted' | 'message';
    healthRoute: ServedRoute;
    /** Largest page; undefined = the server option (default 100). */
    maxLimit?: number;
    /** Requests per second per client; undefined = the server option (default off). */
    rateLimit?: number;
    /**
     * How a 429 says when to come back: delay-seconds, an HTTP date, not at all (no Retry-After header), or
     * `understated` (only as a server option: reference/server.ts): 1 second, while the limit counts over 20 s windows.
     */
    retryAfter: 'seconds' | 'http-date' | 'none' | 'understated';
    /** Added to every answer. */
    latencyMs: number;
    /** gzip a body when the request accepts it. */
    gzip: boolean;
    /** Close the connection after every answer (`connection: close`), as some gateways and servers do. */
    closeConnections?: boolean;
    /** Answer every route with a trailing slash too, as the route itself (a router's option); absent: a 404. */
    trailingSlash?: boolean;
    /** Send every body chunked (`transfer-encoding: chunked`, no content-length), as a streaming server does. */
    chunkedBodies?: boolean;
    /**
     * The Location a request of this operation is redirected to (301) instead of being answered, before its credentials
     * are checked, as a framework's canonical-URL redirect is; null: answered. Absent (correct): nothing is redirected.
     */
    redirect?: (operation: OperationName, url: string) => string | null;
  };
  allocations: {
    /**
     * The allocation records granted at `now` (epoch ms), for a server started at `startedAt` with `seed`: the same
     * array while nothing changed. Correct: the seed, always; an issuer granting allocations while a partner reads
     * them adds to them as time passes.
     */
    granted(seed: readonly AllocationRecord[], startedAt: number, now: number): readonly AllocationRecord[];
    /** Answer for a known offer without allocations yet: throws a 404 (or returns a record to send). */
    ofOpenOffer(offer: Offer): AllocationRecord;
  };
  /** Error bodies. */
  errors: {
    render(shape: ErrorShape, error: ApiError): RenderedError;
  };
  /** Credentials. */
  auth: {
    verify(presented: PresentedCredentials, expected: ReferenceCredentials): AuthVerdict;
    isPublic(operation: OperationName | undefined): boolean;
  };
  /** offset/limit pagination of every list (offers, allocations, allocation items, subscriptions). */
  paging: {
    /** May throw an ApiError. */
    window(query: PageQuery, total: number, maxLimit: number): PageWindow;
  };
  /** Query strings and path parameters. */
  parameters: {
    /**
     * The validator of one route's query string or path parameters, from the strict one its schema compiles to (a
     * validator returns false and sets `errors` on a refusal). Correct: the strict one.
     */
    validator(strict: ParameterValidator): ParameterValidator;
  };
  offers: {
    /**
     * The positions of the offers GET /offer lists, of `count` in catalogue order: those `kept` by modifiedAfter, then
     * the page `window` cuts from them (window takes the number of entries it pages over).
     */
    select(count: number, kept: (position: number) => boolean, window: (total: number) => PageWindow): number[];
    /**
     * The offers published at `now` (epoch ms), for a server started at `startedAt` with `seed`: the same array while
     * nothing changed (the catalogue renders again only when it gets another one). Correct: the seed, always (the
     * bundled catalogue never changes); a live service's offers are edited and new ones published as time passes.
     */
    published(seed: readonly Offer[], startedAt: number, now: number): readonly Offer[];
    modifiedOnOrAfter(lastModifiedOn: string, instant: string): boolean;
    /** Answer for an unknown offer id: throws a 404 (or, when buggy, returns a body to send). */
    missing(offerId: string): unknown;
  };
  subscriptions: {
    validate(body: unknown): CreateValidation;
    resolveOffer(offers: ReadonlyMap<string, Offer>, offerId: string): Offer | undefined;
    applyDefaults(request: SubscriptionRequest): SubscriptionRequest;
    /** The records a partner reads, lists, creates and cancels: its own (the contract issues credentials per partner). */
    recordsOf(store: SubscriptionStore, partner: string): SubscriptionStore;
    /** The id of a new record ("generated by the service, unique"). */
    newId(store: SubscriptionStore, request: SubscriptionRequest, caller: Caller): string;
    outcome(request: SubscriptionRequest, offer: Offer): SubscriptionStatus;
    /** Stores a new record; returns the record to answer with (a promise where storing takes time, as a database write does). */
    insert(store: SubscriptionStore, record: Subscription): Subscription | Promise<Subscription>;
    /** GET /subscription: the partner's records (`store` is its view), those of one offer when `offerId` is given. */
    forOffer(store: SubscriptionStore, offerId: string | undefined): readonly Subscription[];
    /** The record GET /subscription/{id} answers with (undefined: unknown id). */
    lookup(store: SubscriptionStore, id: string): Subscription | undefined;
    /** Cancels; throws 404 (unknown) or 409 (not cancellable). Returns the record to answer with. */
    cancel(store: SubscriptionStore, id: string): SubscriptionView;
    /**
     * The records the first partner already holds when the server starts, oldest first (what earlier runs left on a
     * shared staging). Correct: none, a fresh store.
     */
    heldAtStart(): readonly Subscription[];
  };
}

// ---- The correct behaviour -----------------------------------------------------------------------

// Credentials are compared by a SHA-256 digest of both values together: equal lengths whatever was presented, so
// nothing leaks by length, and a timing difference in the comparison would tell about a digest, never about a value.
// One digest per request, as hex text: Node makes a string of a digest several times faster than a Buffer (Node's
// one-shot hash where there is one, 20.12 and later), and every credentialed request is checked.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** The text a key and a secret are digested as; the key's length first, so no other pair of values makes the same text. */
function credentialsText(subscriptionKey: string, secret: string): string {
  return `${subscriptionKey.length}:${subscriptionKey}${secret}`;
}

/** The digest of a credentials text. */
function credentialsDigest(text: string): string {
  return oneShotHash ? oneShotHash('sha256', text, 'hex') : createHash('sha256').update(text, 'utf8').digest('hex');
}

// The expected credentials' digest, made once per credentials object (a server has one per partner).
const expectedDigests = new WeakMap<ReferenceCredentials, string>();

function expectedDigest(expected: ReferenceCredentials): string {
  let known = expectedDigests.get(expected);
  if (known === undefined) {
    known = credentialsDigest(credentialsText(expected.subscriptionKey, expected.secret));
    expectedDigests.set(expected, known);
  }
  return known;
}

// The text each expected credentials object was last matched by, held in a set. A partner's client presents the same
// pair on every request, and a set lookup answers it for a fraction of a digest. A lookup hashes the presented text and
// compares characters only with an entry whose hash is the same, which a guess cannot aim at without knowing the
// expected values; so its time says nothing about how much of a guess is right. Anything not found is digested and
// compared as before, and only a text that matched is ever kept.
const matchedTexts = new WeakMap<ReferenceCredentials, Set<string>>();

/** Whether two digests are equal, looking at every character whatever the first difference. */
function sameDigest(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function verifyCredentials(presented: PresentedCredentials, expected: ReferenceCredentials): AuthVerdict {
  if (presented.subscriptionKey === undefined || presented.secret === undefined) return 'missing';
  const text = credentialsText(presented.subscriptionKey, presented.secret);
  if (matchedTexts.get(expected)?.has(text)) return 'ok';
  if (!sameDigest(credentialsDigest(text), expectedDigest(expected))) return 'wrong';
  matchedTexts.set(expected, new Set([text]));
  return 'ok';
}

/** JSON pointer of a schema issue -> the request property it names (top-level fields only). */
function propertyOf(path: string): string {
  const first = path.split('/')[1];
  return first === undefined || first === '' ? 'body' : first.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Validates a create body with the project's schema registry; keeps only the contract's fields. */
export function validateCreateBody(body: unknown): CreateValidation {
  const check = validate('subscription-create-request', body);
  if (!check.valid) {
    const byProperty = new Map<string, string[]>();
    for (const issue of check.issues) {
      const property = propertyOf(issue.path);
      byProperty.set(property, [...(byProperty.get(property) ?? []), issue.message]);
    }
    return { ok: false, errors: [...byProperty].map(([property, messages]) => ({ property, messages })) };
  }
  const source = body as Record<string, unknown>;
  const request: Record<string, unknown> = {};
  for (const field of SUBSCRIPTION_REQUEST_FIELDS) {
    if (Object.hasOwn(source, field)) request[field] = source[field];
  }
  return { ok: true, request: request as unknown as SubscriptionRequest };
}

export const DEFAULT_SUBSCRIPTION_TYPE = 'discretionary_qualified';
export const DEFAULT_SUBSCRIPTION_CATEGORY = 'professional';

function applyDefaults(request: SubscriptionRequest): SubscriptionRequest {
  if (request.subscriptionType !== undefined || request.subscriptionCategory !== undefined) return request;
  return { ...request, subscriptionType: DEFAULT_SUBSCRIPTION_TYPE, subscriptionCategory: DEFAULT_SUBSCRIPTION_CATEGORY };
}

function outcome(request: SubscriptionRequest, offer: Offer): SubscriptionStatus {
  const { hardMinLimit, hardMaxLimit } = offer.pricingAndOrderLimits;
  if (offer.details.status !== 'open_for_subscription') return 'rejected';
  if (request.amountRequested < hardMinLimit || request.amountRequested > hardMaxLimit) return 'rejected';
  return 'accepted';
}

function pageWindow(query: PageQuery, _total: number, maxLimit: number): PageWindow {
  const start = query.offset ?? 0;
  const count = query.limit === undefined ? Infinity : Math.min(query.limit, maxLimit);
  return { start, count };
}

export function unknownSubscription(id: string): ApiError {
  return new ApiError(404, 'not-found', `No subscription with id ${JSON.stringify(id)}`, [
    { property: 'subscriptionId', messages: ['no subscription with this id'] },
  ]);
}

function cancel(store: SubscriptionStore, id: string): SubscriptionView {
  const record = store.get(id);
  if (!record) throw unknownSubscription(id);
  if (record.status !== 'accepted') {
    const why = `a subscription in status ${record.status} cannot be cancelled; only accepted subscriptions can`;
    throw new ApiError(409, 'conflict', why, [{ property: 'status', messages: [why] }]);
  }
  const cancelled: Subscription = { ...record, status: 'cancelled' };
  store.put(cancelled);
  return cancelled;
}

export function correctBehaviour(): Behaviour {
  return {
    wire: {
      offer: (offer) => offer,
      allocation: (record) => record,
      subscription: (record) => record,
      health: (result) => result,
      contentType: 'application/json; charset=utf-8',
    },
    protocol: {
      createStatus: 201,
      missingCredentialsStatus: 401,
      wrongCredentialsStatus: 401,
      unknownIdStatus: 404,
      validationStatus: 400,
      cancelRoute: { method: 'POST', path: '/subscription/:subscriptionId/cancel' },
      cancelAnswer: 'record',
      healthRoute: { method: 'GET', path: '/health' },
      retryAfter: 'seconds',
      latencyMs: 0,
      gzip: false,
    },
    allocations: {
      granted: (seed) => seed,
      ofOpenOffer: (offer) => {
        throw new ApiError(404, 'not-found', `Offer ${JSON.stringify(offer.id)} has no allocations yet (it is still open)`);
      },
    },
    errors: { render: renderError },
    auth: {
      verify: verifyCredentials,
      isPublic: (operation) => operation === 'health',
    },
    paging: { window: pageWindow },
    parameters: { validator: (strict) => strict },
    offers: {
      select: (count, kept, window) => {
        const positions = Array.from({ length: count }, (_, i) => i).filter(kept);
        const { start, count: most } = window(positions.length);
        return positions.slice(start, most === Infinity ? undefined : start + most);
      },
      published: (seed) => seed,
      modifiedOnOrAfter: (lastModifiedOn, instant) => compareUtc(lastModifiedOn, instant) >= 0,
      missing: (offerId) => {
        throw new ApiError(404, 'not-found', `No offer with id ${JSON.stringify(offerId)}`);
      },
    },
    subscriptions: {
      validate: validateCreateBody,
      resolveOffer: (offers, offerId) => offers.get(offerId),
      applyDefaults,
      recordsOf: (store, partner) => store.of(partner),
      newId: () => randomUUID(),
      outcome,
      insert: (store, record) => {
        store.put(record);
        return record;
      },
      forOffer: (store, offerId) => (offerId === undefined ? store.all() : store.ofOffer(offerId)),
      lookup: (store, id) => store.get(id),
      cancel,
      heldAtStart: () => [],
    },
  };
}
