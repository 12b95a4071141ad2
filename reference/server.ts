// The reference server: a Fastify implementation of every endpoint of the contract, the default
// target of the suite. Its choices for what the contract leaves "not shown" are pinned in
// reference/profile.json and listed in reference/README.md.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { type Duplex, Readable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { projectAjv } from '../src/schema/project-ajv.ts';
import { addSuiteVocabulary } from '../src/schema/ajv-vocabulary.ts';
import { OPERATIONS } from './behaviour.ts';
import type { AuthVerdict, Behaviour, PresentedCredentials, ReferenceCredentials } from './behaviour.ts';
import type { ReferenceContext } from './context.ts';
import { SEED_ALLOCATIONS } from './data/allocations.ts';
import type { AllocationRecord } from './data/types.ts';
import { SEED_OFFERS } from './data/offers.ts';
import { ApiError, statusMessage, toApiError } from './errors.ts';
// The largest page when neither the profile nor --max-limit says: kept with the serve command's table, which needs it
// without loading the server.
import { DEFAULT_MAX_LIMIT } from './serve-options.ts';
import type { ErrorShape } from './errors.ts';
import { behaviourWith } from './faults.ts';
import { withVariations } from './variations.ts';
import { OfferCatalogue } from './offer-catalogue.ts';
import { allocationRoutes } from './routes/allocations.ts';
import { healthRoutes } from './routes/health.ts';
import { offerRoutes } from './routes/offers.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { SubscriptionStore } from './store.ts';
import { OPENAPI_PATH, openApiDocument, type RegisteredRoute } from './openapi.ts';
import type { OperationName, ParameterValidator } from './behaviour.ts';
import { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../src/contract/credentials.ts';

export type { ReferenceCredentials } from './behaviour.ts';

export { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../src/contract/credentials.ts';

const DEMO_SUBSCRIPTION_KEY = 'demo-subscription-key';
const DEMO_SECRET = 'demo-api-secret';

/** The demo credentials, unless REFERENCE_SUBSCRIPTION_KEY / REFERENCE_SECRET say otherwise. */
export const DEMO_CREDENTIALS: ReferenceCredentials = Object.freeze({
  subscriptionKey: process.env.REFERENCE_SUBSCRIPTION_KEY || DEMO_SUBSCRIPTION_KEY,
  secret: process.env.REFERENCE_SECRET || DEMO_SECRET,
});

const DEMO_SECOND_SUBSCRIPTION_KEY = 'demo-second-partner-key';
const DEMO_SECOND_SECRET = 'demo-second-partner-secret';

/**
 * A second partner's demo credentials, unless REFERENCE_SECOND_SUBSCRIPTION_KEY / REFERENCE_SECOND_SECRET say
 * otherwise: the reference serves two partners, each with its own records, so the suite can check one partner never
 * sees or cancels another's (issue 31, class 5).
 */
export const DEMO_SECOND_CREDENTIALS: ReferenceCredentials = Object.freeze({
  subscriptionKey: process.env.REFERENCE_SECOND_SUBSCRIPTION_KEY || DEMO_SECOND_SUBSCRIPTION_KEY,
  secret: process.env.REFERENCE_SECOND_SECRET || DEMO_SECOND_SECRET,
});

/** True when the credentials are the published demo values (safe to print), the first partner's or the second's. */
export function areDemoCredentials(credentials: ReferenceCredentials): boolean {
  return (
    (credentials.subscriptionKey === DEMO_SUBSCRIPTION_KEY && credentials.secret === DEMO_SECRET) ||
    (credentials.subscriptionKey === DEMO_SECOND_SUBSCRIPTION_KEY && credentials.secret === DEMO_SECOND_SECRET)
  );
}

/** The partners' names in the store: the first is the one `credentials` names, the second `secondCredentials`. */
export const PARTNERS = ['first', 'second'] as const;

/** Bodies above this size get a 413 (a create body is well under 2 KiB). */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Path parameters up to this length reach the routes (and get a 404 when unknown). */
const MAX_PARAM_LENGTH = 1024;

export interface ReferenceOptions {
  credentials?: ReferenceCredentials;
  /** The second partner's credentials (its own records); default DEMO_SECOND_CREDENTIALS. */
  secondCredentials?: ReferenceCredentials;
  /** Largest page a limit can ask for; a larger limit is capped. Default 100. */
  maxLimit?: number;
  /** Requests per second per client (fixed 1 s window); default off. */
  rateLimit?: number | false;
  /**
   * How a 429 says when to come back, over what the variations chose: `understated` says 1 second while the limit
   * counts over 20 s windows, so a refusal lasts far beyond its Retry-After. The contract shows no rate limit, so this
   * is neither a fault nor a variation: a test bed for the load rate-probe's retry-after-honoured rule (judged when an
   * operator promises Retry-After) and for clients' back-off.
   */
  retryAfter?: Behaviour['protocol']['retryAfter'];
  /** Fault switch names (reference/faults.ts); an unknown name throws. */
  faults?: string[];
  /** Legitimate-variation names (reference/variations.ts), applied before the faults; an unknown name throws. */
  variants?: string[];
  logger?: boolean;
  /** A request (headers and body) must arrive within this time, or it gets a 408; default 10 s. */
  requestTimeoutMs?: number;
}

/** The suite's version, the version of the OpenAPI document the reference serves. */
const SUITE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Long enough for any honest client on loopback or staging; short enough that a trickled body cannot hold a socket. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export interface RunningReference {
  url: string;
  credentials: ReferenceCredentials;
  secondCredentials: ReferenceCredentials;
  close(): Promise<void>;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function presentedCredentials(request: FastifyRequest): PresentedCredentials {
  return {
    subscriptionKey: headerValue(request.headers[SUBSCRIPTION_KEY_HEADER]),
    secret: headerValue(request.headers[SECRET_HEADER]),
  };
}

/** Create and cancel, recognised by URL when the router could not match it (a malformed URL). */
const WRITE_PATH = /^\/subscription(?:\/[^/?]+\/cancel)?(?:\?.*)?$/;

/** The error body shape of the operation a request reached (unknown routes: list/get). */
function errorShapeOf(request: FastifyRequest): ErrorShape {
  const operation = request.routeOptions?.config?.operation;
  if (operation !== undefined) return OPERATIONS[operation];
  return request.method === 'POST' && WRITE_PATH.test(request.url) ? 'write' : 'read';
}

/**
 * The behaviour's status for what the contract leaves open: an unknown id on a known route, and an invalid request
 * (a validation error answered 400 by the reference).
 */
function withChosenStatus(behaviour: Behaviour, request: FastifyRequest, error: ApiError): ApiError {
  const { unknownIdStatus, validationStatus } = behaviour.protocol;
  if (error.kind === 'validation' && error.statusCode === 400 && validationStatus !== 400)
    return new ApiError(validationStatus, error.kind, error.message, error.fieldErrors);
  if (error.kind !== 'not-found' || error.statusCode === unknownIdStatus || request.routeOptions?.config?.operation === undefined)
    return error;
  return new ApiError(unknownIdStatus, error.kind, error.message, error.fieldErrors);
}

function sendError(behaviour: Behaviour, request: FastifyRequest, reply: FastifyReply, error: ApiError): void {
  const problem = withChosenStatus(behaviour, request, error);
  const rendered = behaviour.errors.render(errorShapeOf(request), problem);
  const text = behaviour.wire.text;
  reply
    .code(problem.statusCode)
    .type(rendered.contentType)
    .send(text ? text(rendered.body) : rendered.body);
}

/** Retry-After in delta-seconds rewritten as the HTTP date it points at (rounded up to a whole second). */
/** The window a rate limit counts over when its Retry-After is `understated` (a fault: reference/faults.ts). */
const UNDERSTATED_WINDOW_MS = 20_000;

function retryAfterAsDate(seconds: string): string {
  return new Date(Math.ceil((Date.now() + Number(seconds) * 1000) / 1000) * 1000).toUTCString();
}

const CLIENT_ERRORS: Record<string, [status: number, detail: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/** A JSON error answer written straight to a socket Fastify never gets (unparsable request, CONNECT), then closed. */
function answerOnSocket(behaviour: Behaviour, socket: Duplex, status: number, detail: string, error?: Error): void {
  const rendered = behaviour.errors.render('read', new ApiError(status, 'validation', detail));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${statusMessage(status)}\r\nContent-Type: ${rendered.contentType}\r\n` +
        `Content-Length: ${Buffer.byteLength(rendered.body)}\r\nConnection: close\r\n\r\n${rendered.body}`,
    );
  }
  if (error) socket.destroy(error);
  else socket.end();
}

function answerClientError(behaviour: Behaviour, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is not valid HTTP'];
  answerOnSocket(behaviour, socket, status, detail, error);
}

function validatePositiveInteger(name: string, value: number | false | undefined): void {
  if (value === undefined || value === false) return;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${String(value)}`);
}

/** A body sent as a stream has no content-length: Node frames it in chunks (two here, split in the middle). */
function addChunkedBodiesHook(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const bytes = Buffer.from(payload);
    if (bytes.length === 0) return payload;
    const half = Math.floor(bytes.length / 2);
    return Readable.from([bytes.subarray(0, half), bytes.subarray(half)], { objectMode: false });
  });
}

/** A request redirected instead of answered (a fault): before the credential check, as a framework's own redirect is. */
function addRedirectHook(app: FastifyInstance, redirect: NonNullable<Behaviour['protocol']['redirect']>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const operation = (request.routeOptions.config as { operation?: OperationName } | undefined)?.operation;
    const location = operation === undefined ? null : redirect(operation, request.url);
    if (location === null) return done();
    reply.code(301).header('location', location).send();
  });
}

/** The store as the server starts: what the behaviour says the first partner already holds, or nothing. */
function subscriptionsAtStart(behaviour: Behaviour): SubscriptionStore {
  const store = new SubscriptionStore();
  const first = store.of(PARTNERS[0]);
  for (const record of behaviour.subscriptions.heldAtStart()) first.put(record);
  return store;
}

/** What the options and the behaviour (faults and variations applied) make of one server, checked. */
function referenceSettings(opts: ReferenceOptions) {
  const credentials = opts.credentials ?? DEMO_CREDENTIALS;
  const partners = [
    { partner: PARTNERS[0], credentials },
    { partner: PARTNERS[1], credentials: opts.secondCredentials ?? DEMO_SECOND_CREDENTIALS },
  ];
  const behaviour = behaviourWith(opts.faults ?? [], withVariations(opts.variants ?? []));
  const protocol = opts.retryAfter ? { ...behaviour.protocol, retryAfter: opts.retryAfter } : behaviour.protocol;
  const maxLimit = opts.maxLimit ?? protocol.maxLimit ?? DEFAULT_MAX_LIMIT;
  const rateLimitPerSecond = opts.rateLimit || protocol.rateLimit;
  validatePositiveInteger('maxLimit', maxLimit);
  validatePositiveInteger('rateLimit', rateLimitPerSecond);
  validatePositiveInteger('requestTimeoutMs', opts.requestTimeoutMs);
  const requestTimeout = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return { partners, behaviour, protocol, maxLimit, rateLimitPerSecond, requestTimeout, logger: opts.logger ?? false };
}

type ReferenceSettings = ReturnType<typeof referenceSettings>;
type Protocol = ReferenceSettings['protocol'];

/** The Fastify instance with the server's limits, and a JSON answer even to what never reaches a route. */
function fastifyServer({ behaviour, requestTimeout, logger }: ReferenceSettings): FastifyInstance {
  return Fastify({
    logger,
    // Without a logger the per-request log lines go nowhere: not building them saves every request that work.
    logController: new LogController({ disableRequestLogging: !logger }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Node answers a request still arriving after this with ERR_HTTP_REQUEST_TIMEOUT (408 below).
    requestTimeout,
    // Node 20 takes the timeout only when the server is constructed (Fastify sets it later, too late), and checks
    // it only as often as connectionsCheckingInterval (30 s by default).
    http: { requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout) },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: behaviour.protocol.trailingSlash === true },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Malformed URLs and over-long parameters never reach a route: answer them with the list/get body.
    frameworkErrors: (error, request, reply) => sendError(behaviour, request, reply, toApiError(error)),
    // Requests Node cannot even parse (bad request line, oversized headers, timeouts): still JSON.
    clientErrorHandler: (error, socket) => answerClientError(behaviour, error as NodeJS.ErrnoException, socket),
  });
}

/** How bodies are read, validated and written, and how every error is answered (the behaviour's error bodies). */
function setBodiesAndErrors(app: FastifyInstance, behaviour: Behaviour): void {
  // Serialize with JSON.stringify: a response schema must never drop or coerce what is sent.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Query strings and path parameters: our own Ajv (no type coercion, so '' is not 0); create
  // bodies: the behaviour's validator, which uses the project's schema registry.
  const parameterAjv = addSuiteVocabulary(projectAjv({ allErrors: true, verbose: true, coerceTypes: false, strict: true }));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'body') {
      return (data: unknown) => {
        const result = behaviour.subscriptions.validate(data);
        return result.ok
          ? { value: result.request }
          : { error: new ApiError(400, 'validation', 'The request body is invalid', result.errors) };
      };
    }
    return behaviour.parameters.validator(parameterAjv.compile(schema) as ParameterValidator);
  });

  // Only JSON bodies: text/plain gets a 415 like every other media type.
  app.removeContentTypeParser(['text/plain']);

  app.setErrorHandler((error, request, reply) => {
    const problem = toApiError(error);
    if (problem.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    sendError(behaviour, request, reply, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    sendError(behaviour, request, reply, new ApiError(404, 'not-found', `No route ${request.method} ${path}`));
  });
}

/** The rate limit: a 429 past so many requests per second, with the behaviour's error body. */
async function registerRateLimit(app: FastifyInstance, protocol: Protocol, rateLimitPerSecond: number): Promise<void> {
  // `understated` (a fault): the same rate, counted over long windows, so a refusal lasts far beyond its Retry-After.
  const windowMs = protocol.retryAfter === 'understated' ? UNDERSTATED_WINDOW_MS : 1000;
  await app.register(rateLimit, {
    max: (rateLimitPerSecond * windowMs) / 1000,
    timeWindow: windowMs,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        context.statusCode,
        'rate-limit',
        `Rate limit of ${rateLimitPerSecond} requests per second exceeded; retry in ${context.after}`,
      ),
  });
}

/** Retry-After as the behaviour writes it (none, understated, an HTTP date), and gzip for a client that accepts it. */
function addRetryAfterAndGzipHook(app: FastifyInstance, protocol: Protocol): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (protocol.retryAfter === 'none') reply.removeHeader('retry-after');
    if (protocol.retryAfter === 'understated' && reply.getHeader('retry-after') !== undefined) reply.header('retry-after', '1');
    const retryAfter = reply.getHeader('retry-after');
    if (protocol.retryAfter === 'http-date' && retryAfter !== undefined && /^\d+$/.test(String(retryAfter))) {
      reply.header('retry-after', retryAfterAsDate(String(retryAfter)));
    }
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    if (!protocol.gzip || body === undefined || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
    reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
    return gzipSync(body);
  });
}

/** What the protocol chose for the wire, in this order: latency, the rate limit, Retry-After and gzip, closed
 * connections, chunked bodies, redirects. */
async function addProtocolHooks(app: FastifyInstance, { protocol, rateLimitPerSecond }: ReferenceSettings): Promise<void> {
  if (protocol.latencyMs > 0) app.addHook('onRequest', async () => void (await sleep(protocol.latencyMs)));

  if (rateLimitPerSecond) await registerRateLimit(app, protocol, rateLimitPerSecond);

  if (protocol.retryAfter !== 'seconds' || protocol.gzip) addRetryAfterAndGzipHook(app, protocol);

  if (protocol.closeConnections)
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('connection', 'close');
      return payload;
    });

  if (protocol.chunkedBodies) addChunkedBodiesHook(app);

  if (protocol.redirect) addRedirectHook(app, protocol.redirect);
}

/**
 * Credentials on every route but the public ones (health, the OpenAPI document), before the body is even read; the
 * partner whose credentials match is the caller, with the connection the request came on. Which routes are public
 * is decided once, as each route is added: the check is a hook of the routes that need it (the first of their own
 * hooks, so it runs before the rate limit's, as it did as a server-wide hook), and a server-wide hook checks only the
 * requests no route matched.
 */
function addCredentialCheck(app: FastifyInstance, { behaviour, protocol, partners }: ReferenceSettings): void {
  app.decorateRequest('caller', null);
  const connections = new WeakMap<object, number>();
  let nextConnection = 1;
  const connectionOf = (request: FastifyRequest) => {
    const socket = request.raw.socket;
    let connection = connections.get(socket);
    if (connection === undefined) {
      connection = nextConnection++;
      connections.set(socket, connection);
    }
    return connection;
  };
  const issued = partners.map((p) => p.credentials);
  const checkCredentials = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const presented = presentedCredentials(request);
    // The partners in turn, the first whose credentials match is the caller; none: the first partner's verdict.
    let firstVerdict: AuthVerdict | undefined;
    for (const { partner, credentials: expected } of partners) {
      const verdict = behaviour.auth.verify(presented, expected, issued);
      if (verdict === 'ok') {
        request.caller = { partner, connection: connectionOf(request) };
        return done();
      }
      firstVerdict ??= verdict;
    }
    const detail =
      firstVerdict === 'missing'
        ? `Both credential headers ${SUBSCRIPTION_KEY_HEADER} and ${SECRET_HEADER} are required`
        : 'The credentials are not valid';
    const status = firstVerdict === 'missing' ? protocol.missingCredentialsStatus : protocol.wrongCredentialsStatus;
    done(new ApiError(status, 'auth', detail, [{ property: 'headers', messages: [detail] }]));
  };
  // The OpenAPI document is public: partners' tools fetch it before they have credentials set up.
  const isPublicRoute = (url: string, operation: OperationName | undefined) => url === OPENAPI_PATH || behaviour.auth.isPublic(operation);
  app.addHook('onRoute', (route) => {
    if (isPublicRoute(route.url, (route.config as { operation?: OperationName } | undefined)?.operation)) return;
    route.onRequest = [checkCredentials, ...[route.onRequest ?? []].flat()];
  });
  if (!behaviour.auth.isPublic(undefined))
    app.addHook('onRequest', (request, reply, done) => (request.is404 ? checkCredentials(request, reply, done) : done()));
}

/** What the routes read and write: the behaviour, the offers, the allocations as granted now, the subscriptions. */
function referenceContext({ behaviour, maxLimit }: ReferenceSettings): ReferenceContext {
  // The allocation records as granted now (behaviour.allocations.granted), indexed again only when they change.
  const startedAt = Date.now();
  let granted: { records: readonly AllocationRecord[]; byOffer: ReadonlyMap<string, AllocationRecord> } | null = null;
  const allocationsNow = () => {
    const records = behaviour.allocations.granted(SEED_ALLOCATIONS, startedAt, Date.now());
    if (granted?.records !== records) granted = { records, byOffer: new Map(records.map((record) => [record.offerId, record])) };
    return granted;
  };
  return {
    behaviour,
    maxLimit,
    offers: new OfferCatalogue(SEED_OFFERS, behaviour),
    get allocations() {
      return allocationsNow().records;
    },
    get allocationsByOffer() {
      return allocationsNow().byOffer;
    },
    store: subscriptionsAtStart(behaviour),
  };
}

/** The contract's routes (a plugin per area: reference/routes/), and the OpenAPI document built from them as registered. */
async function registerRoutes(app: FastifyInstance, settings: ReferenceSettings): Promise<void> {
  const { behaviour, protocol, maxLimit, rateLimitPerSecond } = settings;
  const ctx = referenceContext(settings);
  // Every contract route as registered (method, path, declared schemas): the OpenAPI document is built from these.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const operation = (route.config as { operation?: OperationName } | undefined)?.operation;
    for (const method of [route.method].flat()) {
      if (operation && method !== 'HEAD')
        routes.push({ method, url: route.url, operation, schema: route.schema as RegisteredRoute['schema'] });
    }
  });
  await app.register(offerRoutes, { ctx });
  await app.register(allocationRoutes, { ctx });
  await app.register(subscriptionRoutes, { ctx });
  await app.register(healthRoutes, { ctx });
  let openApi: string | undefined;
  app.get(OPENAPI_PATH, (_request, reply) => {
    openApi ??= JSON.stringify(
      openApiDocument(
        routes,
        { protocol, maxLimit, rateLimit: rateLimitPerSecond || null, version: SUITE_VERSION },
        behaviour.auth.isPublic,
      ),
      null,
      2,
    );
    reply.header('content-type', 'application/json; charset=utf-8').send(openApi);
  });
}

/** Builds the server (not listening): for `inject` in tests, or `startReferenceServer`. */
export async function buildReferenceServer(opts: ReferenceOptions = {}): Promise<FastifyInstance> {
  const settings = referenceSettings(opts);
  const app = fastifyServer(settings);
  setBodiesAndErrors(app, settings.behaviour);
  await addProtocolHooks(app, settings);
  addCredentialCheck(app, settings);
  await registerRoutes(app, settings);
  await app.ready();
  // No route takes CONNECT (this is not a proxy): say so instead of dropping the connection unanswered.
  app.server.on('connect', (_request, socket: Duplex) => answerOnSocket(settings.behaviour, socket, 405, 'CONNECT is not supported'));
  return app;
}

/** Builds and listens (port 0 = a free port; host 127.0.0.1). */
export async function startReferenceServer(opts: ReferenceOptions & { port?: number; host?: string } = {}): Promise<RunningReference> {
  const { port = 0, host = '127.0.0.1', ...options } = opts;
  const app = await buildReferenceServer(options);
  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    credentials: options.credentials ?? DEMO_CREDENTIALS,
    secondCredentials: options.secondCredentials ?? DEMO_SECOND_CREDENTIALS,
    close: () => app.close(),
  };
}
