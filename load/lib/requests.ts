/**
 * Every request the four scenarios send, built in one place: its URL, body and k6 Params. The flows' one way to call
 * (runtime.ts) hands what `buildRequest` returns to the engine through the port (k6-port.ts, or the Node driver), so
 * what the Params say holds for every request, and a Node test (test/load/requests.test.ts) checks it. Pure module.
 *
 * No request follows a redirect (`redirects: 0`): k6 follows up to 10 by default and sends the credential
 * headers on to whatever host a Location names. A 3xx is a failed request, named with its Location's origin
 * (redirectRefusal), never followed.
 */
import type { LoadConfig } from './config.ts';
import { ENDPOINT, type ScenarioName, TAG } from './names.ts';
import type { PageRequest } from './pages.ts';
import { type SubscribableOffer, buildSubscriptionBody, cancelPath } from './subscription-body.ts';
import { type Query, joinUrl, withQuery } from './url.ts';
import { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../../src/contract/credentials.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallSpec {
  method: Method;
  path: string;
  query?: Query;
  /** Endpoint name for the `name` tag, e.g. "GET /offer/{offerId}". */
  name: string;
  tags?: Record<string, string>;
  body?: unknown;
  /** Read and parse the body (responseType text); otherwise k6 discards it. */
  readBody: boolean;
  /**
   * Statuses that are expected answers to this request beside 2xx and 429 (not counted in http_req_failed): a 404
   * to a read of a record just created, from a replica that shows it a moment later (API_READ_SETTLE).
   */
  alsoExpected?: number[];
}

/** Redirects a request may follow: none (k6 Params.redirects, and options.maxRedirects for anything else). */
export const REDIRECTS_FOLLOWED = 0;

/** The k6 Params of a request, but responseCallback, which only k6 can make (k6-port.ts adds it). */
export interface RequestParams {
  headers: Record<string, string>;
  tags: Record<string, string>;
  timeout: number;
  responseType: 'text' | 'none';
  redirects: number;
}

export interface BuiltRequest {
  method: Method;
  url: string;
  body: string | null;
  params: RequestParams;
}

/** Headers of every API request. The credential values go nowhere else. */
export function apiHeaders(config: LoadConfig, withJsonBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [SUBSCRIPTION_KEY_HEADER]: config.credentials.subscriptionKey,
    [SECRET_HEADER]: config.credentials.secret,
  };
  if (withJsonBody) headers['content-type'] = 'application/json';
  return headers;
}

export function buildRequest(config: LoadConfig, spec: CallSpec): BuiltRequest {
  const hasBody = spec.body !== undefined;
  return {
    method: spec.method,
    url: joinUrl(config.target.baseUrl, withQuery(spec.path, spec.query)),
    body: hasBody ? JSON.stringify(spec.body) : null,
    params: {
      headers: apiHeaders(config, hasBody),
      tags: { ...(spec.tags ?? {}), [TAG.name]: spec.name },
      timeout: config.common.requestTimeoutMs,
      responseType: spec.readBody ? 'text' : 'none',
      redirects: REDIRECTS_FOLLOWED,
    },
  };
}

/** 4xx answers but 429 (which runtime.ts handles as rate limiting): a create's refusal, judged by the scenario. */
const REFUSALS = Array.from({ length: 100 }, (_, i) => 400 + i).filter((s) => s !== 429);

/**
 * The requests of the scenarios, one builder each. The scripts send nothing else (test/load/requests.test.ts
 * reads them to hold it), so a rule for every request is a rule here.
 */
export const REQUEST = {
  /** pagination setup: the allocation records, to pick offers whose allocations are walked. */
  setupAllocations: (): CallSpec => ({ method: 'GET', path: '/allocation', name: `setup ${ENDPOINT.allocations}`, readBody: true }),
  /** pagination: one page of a walk. */
  page: (req: PageRequest): CallSpec => ({
    method: 'GET',
    path: req.path,
    query: req.query,
    name: req.name,
    tags: { [TAG.pageSize]: String(req.pageSize) },
    readBody: true,
  }),
  /** pagination: the whole list, read once when a page repeats an id. */
  walkCheck: (req: PageRequest): CallSpec => ({ method: 'GET', path: req.path, name: `walk check ${req.name}`, readBody: true }),
  /** polling and subscriptions setup: every offer. */
  setupOffers: (): CallSpec => ({ method: 'GET', path: '/offer', name: `setup ${ENDPOINT.offers}`, readBody: true }),
  /** polling: the offers modified on or after an instant. */
  poll: (instant: string): CallSpec => ({
    method: 'GET',
    path: '/offer',
    query: { modifiedAfter: instant },
    name: ENDPOINT.offersModifiedAfter,
    readBody: true,
  }),
  /** rate-probe: the cheap read of each step, and of the recovery check. */
  probe: (name: string, tags: Record<string, string>): CallSpec => ({
    method: 'GET',
    path: '/offer',
    query: { offset: 0, limit: 1 },
    name,
    tags,
    readBody: true,
  }),
  /** subscriptions setup: one create per currency, to learn which the target takes. */
  currencyProbe: (offer: SubscribableOffer, runId: string, nowMs: number): CallSpec => ({
    method: 'POST',
    path: '/subscription',
    name: `setup ${ENDPOINT.createSubscription}`,
    body: buildSubscriptionBody(offer, runId, `currency-${offer.currency}`, nowMs),
    readBody: false,
  }),
  /** subscriptions: the create of a flow. A refusal is judged by the scenario, not a failed request by itself. */
  create: (offer: SubscribableOffer, runId: string, seq: number, nowMs: number): CallSpec => ({
    method: 'POST',
    path: '/subscription',
    name: ENDPOINT.createSubscription,
    body: buildSubscriptionBody(offer, runId, seq, nowMs),
    readBody: true,
    alsoExpected: REFUSALS,
  }),
  /** subscriptions: an offer read again after a create on it was refused (has it closed?). */
  readOffer: (offerId: string): CallSpec => ({
    method: 'GET',
    path: `/offer/${encodeURIComponent(offerId)}`,
    name: ENDPOINT.offer,
    readBody: true,
  }),
  /** subscriptions: the read after create; within API_READ_SETTLE a 404 is a replica not showing it yet. */
  readSubscription: (id: string, readSettleMs: number): CallSpec => ({
    method: 'GET',
    path: `/subscription/${encodeURIComponent(id)}`,
    name: ENDPOINT.subscription,
    readBody: true,
    alsoExpected: readSettleMs > 0 ? [404] : [],
  }),
  /** subscriptions and its teardown: the cancel route of the profile. */
  cancel: (route: { method: string; path: string }, id: string, name: string): CallSpec => ({
    method: route.method as Method,
    path: cancelPath(route.path, id),
    name,
    readBody: false,
  }),
  /** subscriptions teardown: every subscription, to find this run's records left open. */
  teardownSubscriptions: (): CallSpec => ({
    method: 'GET',
    path: '/subscription',
    name: `teardown ${ENDPOINT.subscriptions}`,
    readBody: true,
  }),
} as const;

export type RequestId = keyof typeof REQUEST;

/** Which requests each scenario sends (its script uses these builders and no others: the test reads the scripts). */
export const REQUESTS_BY_SCENARIO: Readonly<Record<ScenarioName, readonly RequestId[]>> = {
  pagination: ['setupAllocations', 'page', 'walkCheck'],
  polling: ['setupOffers', 'poll'],
  'rate-probe': ['probe'],
  subscriptions: ['setupOffers', 'currencyProbe', 'create', 'readOffer', 'readSubscription', 'cancel', 'teardownSubscriptions'],
};

/** Statuses every request takes as answers (not failed requests): 2xx, and 429 (counted in rate_limited). A 3xx is not. */
export const EXPECTED_STATUSES = { min: 200, max: 299, also: [429] } as const;

/** What a redirect answer pointed at, reduced to its origin (no path, query or userinfo: they may carry tokens). */
export interface RedirectRefusal {
  endpoint: string;
  status: number;
  /** scheme://host[:port] of the Location, the request's own origin for a relative one, or "(no Location)". */
  origin: string;
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^/?#]*)/i;

export function originOf(url: string): string | null {
  const m = ABSOLUTE.exec(url.trim());
  return m ? `${m[1].toLowerCase()}://${m[2].toLowerCase()}` : null;
}

/** The origin a Location header names, read against the request's URL (a relative Location stays on its origin). */
export function locationOrigin(location: string | null, requestUrl: string): string {
  if (location === null || location.trim() === '') return '(no Location)';
  const text = location.trim();
  if (text.indexOf('//') === 0) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(requestUrl)?.[1] ?? 'http';
    return originOf(`${scheme}:${text}`) ?? '(unreadable Location)';
  }
  return originOf(text) ?? originOf(requestUrl) ?? '(unreadable Location)';
}

/** A 3xx answer, refused; null for any other status. */
export function redirectRefusal(endpoint: string, status: number, location: string | null, requestUrl: string): RedirectRefusal | null {
  if (status < 300 || status > 399) return null;
  return { endpoint, status, origin: locationOrigin(location, requestUrl) };
}

/**
 * A refused redirect travels to the summary as a failed k6 check of this name (a check's name may be made at run
 * time; a metric's tags only reach the summary when a threshold named them beforehand).
 */
export const REDIRECT_CHECK_PREFIX = 'redirect refused (not followed): ';

export function redirectCheckName(r: RedirectRefusal): string {
  return `${REDIRECT_CHECK_PREFIX}${r.endpoint} answered ${r.status} to ${r.origin}`;
}

export function parseRedirectCheck(name: string): RedirectRefusal | null {
  if (name.indexOf(REDIRECT_CHECK_PREFIX) !== 0) return null;
  const m = /^(.*) answered (\d{3}) to (.*)$/.exec(name.slice(REDIRECT_CHECK_PREFIX.length));
  return m ? { endpoint: m[1], status: Number(m[2]), origin: m[3] } : null;
}
