/**
 * The one API client. Every request the suite sends to the target goes through here, because this is
 * where the rules of a careful guest on a shared staging environment live:
 * - the two credential headers and `accept: application/json` on every call (or deliberately not, for
 *   the auth checks), and credentials redacted from everything written or thrown;
 * - pacing to API_RATE;
 * - retries reads on 429/503 and transport resets, honouring Retry-After, bounded; writes only on a 429 (a create
 *   only when it carries Retry-After; see src/client/retry-policy.ts);
 * - never a blind retry of a create (the service does no duplicate detection): not after a timeout, a reset or a 5xx;
 * - every create tagged with the run tag and journalled before and after it is sent.
 */
import { EVIDENCE_TEXT_LIMIT, parseJsonBody, type Exchange, type Operation } from './exchange.ts';
import { maskCredentialHeaders, redactDeep, type Redactor } from '../config/redact.ts';
import { parseRetryAfter, retryDelay } from './retry-policy.ts';
import { httpExchange, NoAnswerError, type RawAnswer } from './http-exchange.ts';
import { idSegment, pathAsSent } from './request-path.ts';
import { createHash } from 'node:crypto';
import type { CreatedEntry, Ledger } from './ledger.ts';
import type { CredentialCase } from '../contract/request-cases.ts';
import type { Credentials } from '../config/suite-config.ts';
import { fillPath, type RouteSpec, type TargetProfile } from '../config/target-profile.ts';
import { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../contract/credentials.ts';

/** Which credentials a request carries: the configured ones, none, or a variation (null = omit header). */
export type AuthMode = 'valid' | 'none' | { subscriptionKey?: string | null; secret?: string | null };

export type Query = Record<string, string | number | undefined>;

export interface SendOptions {
  operation: Operation;
  method: string;
  path: string;
  query?: Query;
  /** JSON body (serialised by the client). */
  body?: unknown;
  /** Raw body bytes/text, sent as-is (bad-input probes). */
  rawBody?: string;
  headers?: Record<string, string>;
  auth?: AuthMode;
}

export interface ApiClientOptions<L extends Ledger = Ledger> {
  baseUrl: string;
  credentials: Credentials;
  profile: TargetProfile;
  journal: L;
  redact: Redactor;
  /** Waits until the next request may be sent (pacing); resolves at once when unpaced. Told of every 429, when it can slow down. */
  pace: (() => Promise<void>) & { rateLimited?(waitMs: number | null): void };
  /** Per-request timeout, ms (default REQUEST_LIMITS.timeoutMs). */
  timeoutMs?: number;
  /** Response-size cap, bytes (default REQUEST_LIMITS.maxResponseBytes). */
  maxResponseBytes?: number;
  /** Aborts every request in flight: the run's deadline passed, or the run was interrupted. */
  signal?: AbortSignal;
}

/** Defaults: no single request waits longer, and no answer is read past this size (memory stays bounded). */
export const REQUEST_LIMITS = { timeoutMs: 30_000, maxResponseBytes: 32 * 1024 * 1024 } as const;

/**
 * An answer the client did not hand to its caller because it retried the request instead (a 429 or 503
 * to a read, or a transport reset). The service did answer it: reports record it (rate limits, 5xx).
 */
export interface RetriedAttempt {
  operation: Operation;
  method: string;
  /** Redacted path and query. */
  path: string;
  /** The answer's status; null for a transport reset. */
  status: number | null;
  /** The answer's Retry-After header, as sent (null when absent). */
  retryAfter: string | null;
  /** Which attempt this was (1 = the first send). */
  attempt: number;
  /** How long the client waits before the next attempt. */
  waitMs: number;
  /** The transport error's first line, redacted (transport resets only). */
  error?: string;
}

/** A create the service answered with a record, as journalled: the run's earlier creates given the same id come with it. */
export interface CreatedRecord {
  exchange: Exchange;
  id: string;
  tag: string;
  /** This create as journalled (its unique key and the digest of its body). */
  entry: CreatedEntry;
  /** The run's earlier creates (any worker, any test) the service gave this same id. */
  earlierWithId: CreatedEntry[];
}

/** Raised when the target cannot be reached at all; its message is already redacted. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    /** Node's fetch refuses the URL's port outright (a configuration to change, not a target to wait for). */
    readonly badPort = false,
  ) {
    super(message);
  }
}

/** `L`: the ledger the run hands the client (the run's journal), kept with its own type for those who read it back. */
export class ApiClient<L extends Ledger = Ledger> {
  private seq = 0;
  private readonly listeners = new Set<(exchange: Exchange) => void>();
  private readonly retryListeners = new Set<(attempt: RetriedAttempt) => void>();
  private readonly createdListeners = new Set<(created: CreatedRecord) => void>();

  constructor(private readonly opts: ApiClientOptions<L>) {}

  /** The response-size cap of this client, bytes: an answer larger than this is cut off and says so (bodyError). */
  get maxResponseBytes(): number {
    return this.opts.maxResponseBytes ?? REQUEST_LIMITS.maxResponseBytes;
  }

  /** Hear every exchange (request log, a test's checks). Returns the function that stops listening. */
  listen(listener: (exchange: Exchange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hear every answer that was retried instead of returned (request log, rate-limit observations). */
  onRetry(listener: (attempt: RetriedAttempt) => void): () => void {
    this.retryListeners.add(listener);
    return () => this.retryListeners.delete(listener);
  }

  /** Hear every create answered with a record, once it is journalled (the run-wide id check). */
  onCreated(listener: (created: CreatedRecord) => void): () => void {
    this.createdListeners.add(listener);
    return () => this.createdListeners.delete(listener);
  }

  get profile(): TargetProfile {
    return this.opts.profile;
  }

  get journal(): L {
    return this.opts.journal;
  }

  // --- The contract's operations --------------------------------------------------------------

  listOffers(query?: Query, auth?: AuthMode) {
    return this.send({ operation: 'offer.list', method: 'GET', path: '/offer', query, auth });
  }
  async getOffer(offerId: string, auth?: AuthMode) {
    return this.send({ operation: 'offer.get', method: 'GET', path: `/offer/${idSegment(offerId, 'offerId')}`, auth });
  }
  listAllocations(query?: Query, auth?: AuthMode) {
    return this.send({ operation: 'allocation.list', method: 'GET', path: '/allocation', query, auth });
  }
  async getAllocation(offerId: string, query?: Query, auth?: AuthMode) {
    return this.send({ operation: 'allocation.get', method: 'GET', path: `/allocation/${idSegment(offerId, 'offerId')}`, query, auth });
  }
  listSubscriptions(query?: Query, auth?: AuthMode) {
    return this.send({ operation: 'subscription.list', method: 'GET', path: '/subscription', query, auth });
  }
  async getSubscription(id: string, auth?: AuthMode) {
    return this.send({ operation: 'subscription.get', method: 'GET', path: `/subscription/${idSegment(id, 'subscriptionId')}`, auth });
  }

  /**
   * Create a subscription. A JSON-object body without clientSubscriptionReference gets the run tag;
   * either way the reference sent is journalled before the call and the outcome after it.
   * Re-sent only after a 429 with Retry-After (src/client/retry-policy.ts). Returns the exchange and the tag used.
   */
  async createSubscription(body: unknown, opts: { auth?: AuthMode; rawBody?: string; headers?: Record<string, string> } = {}) {
    const tag = this.journal.nextTag();
    let sent = body;
    if (isPlainObject(body) && body.clientSubscriptionReference === undefined) sent = { ...body, clientSubscriptionReference: tag };
    const journalTag = isPlainObject(sent) && typeof sent.clientSubscriptionReference === 'string' ? sent.clientSubscriptionReference : tag;
    this.journal.record({ event: 'create-sent', tag: journalTag });
    let exchange: Exchange;
    try {
      exchange = await this.send({
        operation: 'subscription.create',
        method: 'POST',
        path: '/subscription',
        body: opts.rawBody === undefined ? sent : undefined,
        rawBody: opts.rawBody,
        auth: opts.auth,
        headers: opts.headers,
      });
    } catch (error) {
      this.journal.record({ event: 'create-unknown', tag: journalTag, reason: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const record = exchange.body;
    if (exchange.status < 300 && isPlainObject(record) && typeof record.id === 'string') {
      const entry: CreatedEntry = {
        tag: journalTag,
        id: record.id,
        status: String(record.status),
        create: tag, // unique to this create, whatever reference the body carried
        body: createHash('sha256')
          .update(opts.rawBody ?? JSON.stringify(sent) ?? '')
          .digest('hex')
          .slice(0, 32),
        ...(isPlainObject(sent) && opts.rawBody === undefined ? { echoed: echoedFields(sent, record) } : {}),
      };
      const earlierWithId = this.journal.recordCreated(entry);
      for (const listener of this.createdListeners) listener({ exchange, id: record.id, tag: journalTag, entry, earlierWithId });
    } else if (exchange.status >= 400 && exchange.status < 500) {
      // Only a 4xx is a clear refusal: a 5xx (e.g. a gateway timeout) may come after the service saved the order.
      this.journal.record({ event: 'create-refused', tag: journalTag, httpStatus: exchange.status });
    } else {
      this.journal.record({ event: 'create-unknown', tag: journalTag, reason: `status ${exchange.status} without a record id` });
    }
    return { exchange, sent, tag: journalTag };
  }

  /** Cancel through the profile's route. Throws when the profile does not know the route. Re-sent only after a 429 (src/client/retry-policy.ts). */
  async cancelSubscription(id: string, auth?: AuthMode): Promise<Exchange> {
    const route = this.requireRoute('cancel');
    idSegment(id, 'subscriptionId'); // an id that names no record is not sent (request-path.ts)
    const exchange = await this.send({
      operation: 'subscription.cancel',
      method: route.method,
      path: fillPath(route, { subscriptionId: id }),
      auth,
    });
    if (exchange.status < 300) this.journal.record({ event: 'cancelled', id, httpStatus: exchange.status });
    else this.journal.record({ event: 'cancel-failed', id, httpStatus: exchange.status, reason: `status ${exchange.status}` });
    return exchange;
  }

  /** Health check through the profile's route, without credentials unless asked. */
  health(auth: AuthMode = 'none') {
    const route = this.requireRoute('health');
    return this.send({ operation: 'health', method: route.method, path: route.path, auth });
  }

  requireRoute(which: 'cancel' | 'health'): RouteSpec {
    const route = this.opts.profile[which];
    if (!route)
      throw new Error(
        `The ${which} route is not shown in the contract and the target profile does not name it (set "${which}" in API_PROFILE).`,
      );
    return route;
  }

  // --- Transport --------------------------------------------------------------------------------

  /** Send one request (retrying reads as the policy allows) and return the exchange. */
  async send(o: SendOptions): Promise<Exchange> {
    const headers = this.headersFor(o);
    const written = o.path + queryString(o.query);
    // What the target receives, as every report shows it; a path URL parsing would rewrite is not sent (request-path.ts).
    const path = pathAsSent(this.opts.baseUrl, written);
    const url = this.opts.baseUrl + written;
    // Bytes as given: a malformed or empty raw body must reach the target as it is.
    const payload = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    const data = payload === undefined ? undefined : Buffer.from(payload, 'utf8');
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      await this.opts.pace();
      let answer: RawAnswer;
      try {
        answer = await httpExchange(url, {
          method: o.method,
          headers,
          body: data,
          timeoutMs: this.opts.timeoutMs ?? REQUEST_LIMITS.timeoutMs,
          maxBytes: this.maxResponseBytes,
          signal: this.opts.signal,
        });
      } catch (error) {
        if (!(error instanceof NoAnswerError)) throw error;
        const first = this.opts.redact(error.message);
        const delay = this.opts.signal?.aborted ? null : retryDelay({ method: o.method, attempt, error });
        if (delay !== null) {
          this.retried({
            operation: o.operation,
            method: o.method,
            path,
            status: null,
            retryAfter: null,
            attempt,
            waitMs: delay,
            error: first,
          });
          await sleep(delay);
          continue;
        }
        throw new TransportError(this.opts.redact(`${o.method} ${path} failed: ${first}`), error.badPort);
      }
      const responseHeaders = answer.headers;
      if (answer.status === 429) this.opts.pace.rateLimited?.(parseRetryAfter(responseHeaders['retry-after']));
      const delay = answer.bodyError
        ? null
        : retryDelay({
            method: o.method,
            attempt,
            status: answer.status,
            retryAfter: responseHeaders['retry-after'],
            cancel: o.operation === 'subscription.cancel',
          });
      if (delay !== null) {
        this.retried({
          operation: o.operation,
          method: o.method,
          path,
          status: answer.status,
          retryAfter: responseHeaders['retry-after'] ?? null,
          attempt,
          waitMs: delay,
        });
        await sleep(delay);
        continue;
      }
      const text = answer.body.toString('utf8');
      // An answer cut short is not parsed: a prefix of a list may well be valid JSON of another shape.
      const { body, isJson } = answer.bodyError ? { body: undefined, isJson: false } : parseJsonBody(text);
      // A target that echoes a credential: everything checks and reports see is redacted before any cut.
      const redactedText = this.opts.redact(text);
      const exchange: Exchange = {
        seq: ++this.seq,
        operation: o.operation,
        method: o.method,
        path: this.opts.redact(path),
        requestHeaders: maskCredentialHeaders(headers),
        credentials: credentialCaseOf(o.auth ?? 'valid'),
        requestBody: o.rawBody ?? o.body,
        status: answer.status,
        responseHeaders: redactDeep(responseHeaders, this.opts.redact),
        body: redactedText === text ? body : redactDeep(body, this.opts.redact),
        text: redactedText.length > EVIDENCE_TEXT_LIMIT ? ownCopy(redactedText.slice(0, EVIDENCE_TEXT_LIMIT)) : redactedText,
        isJson,
        ...(answer.bodyError ? { bodyError: this.opts.redact(answer.bodyError) } : {}),
        durationMs: Math.round(performance.now() - started),
        attempts: attempt,
      };
      for (const listener of this.listeners) listener(exchange);
      return exchange;
    }
  }

  private retried(attempt: RetriedAttempt): void {
    const event: RetriedAttempt = { ...attempt, path: this.opts.redact(attempt.path) };
    for (const listener of this.retryListeners) listener(event);
  }

  private headersFor(o: SendOptions): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (o.body !== undefined || o.rawBody !== undefined) headers['content-type'] = 'application/json';
    const auth = o.auth ?? 'valid';
    if (auth !== 'none') {
      const { subscriptionKey, secret } = this.opts.credentials;
      const key = auth === 'valid' ? subscriptionKey : auth.subscriptionKey === undefined ? subscriptionKey : auth.subscriptionKey;
      const sec = auth === 'valid' ? secret : auth.secret === undefined ? secret : auth.secret;
      if (key !== null) headers[SUBSCRIPTION_KEY_HEADER] = key;
      if (sec !== null) headers[SECRET_HEADER] = sec;
    }
    return { ...headers, ...o.headers };
  }
}

/** Which credential case a request was sent with (the masked headers no longer tell a wrong value from the right one). */
export function credentialCaseOf(auth: AuthMode): CredentialCase {
  if (auth === 'valid' || auth === 'none') return auth;
  if (auth.subscriptionKey === null) return 'no-key';
  if (auth.secret === null) return 'no-secret';
  if (auth.subscriptionKey !== undefined) return 'wrong-key';
  return auth.secret !== undefined ? 'wrong-secret' : 'valid';
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A string of its own: V8 makes a slice of a long string a view that keeps the whole of it alive, so the evidence text
 * of a 3.5 MB list (its first 2,000 characters) would hold the 3.5 MB for as long as the exchange is kept.
 */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** The request fields a created record carried back, with the record's values (src/client/ledger.ts, `echoed`). */
function echoedFields(sent: Record<string, unknown>, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(sent).flatMap((field) => (field in record ? [[field, record[field]]] : [])));
}
