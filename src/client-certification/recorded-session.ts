/**
 * A client session: what a partner's client sent through the proxy and what it got, one JSON line per
 * exchange after a header line. It is the input of the client certification, so it holds what the client
 * checks need (times, headers, request bodies, status, Retry-After, page sizes) and nothing secret:
 * credential header values are masked and every text is redacted before it is written.
 */
import { existsSync } from 'node:fs';
import { ConfigError } from '../config/config-error.ts';
import type { Operation } from '../client/exchange.ts';
import type { RouteSpec, TargetProfile } from '../config/target-profile.ts';
import { readJsonl } from '../run/jsonl.ts';

export const SESSION_FORMAT = 'osd-suite/client-session@1';

export interface SessionHeader {
  type: 'session';
  format: typeof SESSION_FORMAT;
  startedAt: string;
  /** The target's base URL (redacted). */
  target: string;
  bundledReference: boolean;
  /** The profile the proxy classified requests with (cancel and health routes). */
  profile: TargetProfile;
}

/** What became of a request: answered, the client went away before the answer (a timeout), or the target failed. */
export type ExchangeOutcome = 'answered' | 'client-gone' | 'upstream-error';

export interface ServiceFinding {
  clause: string;
  check: string;
  message: string;
}

export interface SessionExchange {
  type: 'exchange';
  seq: number;
  operation: Operation;
  method: string;
  /** Path and query as the client sent them (redacted). */
  path: string;
  /** Epoch ms when the request reached the proxy, and when its answer was complete (null: never). */
  arrivedAt: number;
  answeredAt: number | null;
  /** Request headers, lower-case names, credential values masked. */
  requestHeaders: Record<string, string>;
  /** The request body as sent (redacted text), or null. */
  requestBody: string | null;
  status: number | null;
  retryAfter: string | null;
  /** Items in a list answer (null for anything else). */
  responseItems: number | null;
  outcome: ExchangeOutcome;
  /** Deviations of the service seen in this answer (the suite's exchange checks), for the report. */
  serviceFindings: ServiceFinding[];
  /**
   * Present (true) when the answer was not checked: the proxy's queue to its checks was full (it fell behind the
   * traffic), so the exchange was recorded without its answer; no service findings, no item count.
   */
  unchecked?: true;
}

export interface SessionEnd {
  type: 'end';
  finishedAt: string;
  requests: number;
  /** How many exchanges were recorded unchecked (their `unchecked` is true); absent in sessions of older proxies. */
  unchecked?: number;
}

export type SessionLine = SessionHeader | SessionExchange | SessionEnd;

export interface Session {
  header: SessionHeader;
  exchanges: SessionExchange[];
  /** Null when the proxy did not stop cleanly (the exchanges recorded are all there). */
  end: SessionEnd | null;
}

export function readSession(path: string): Session {
  if (!existsSync(path))
    throw new ConfigError(
      `The session file ${path} does not exist: pass the session.jsonl the proxy wrote (its path is printed at start).`,
    );
  const lines = readJsonl<SessionLine>(path);
  const header = lines[0];
  if (header?.type !== 'session' || header.format !== SESSION_FORMAT)
    throw new ConfigError(
      `${path} is not a client session (${SESSION_FORMAT}): its first line must be the session header the proxy writes.`,
    );
  return {
    header,
    exchanges: lines.filter((l): l is SessionExchange => l.type === 'exchange').sort((a, b) => a.seq - b.seq),
    end: lines.find((l): l is SessionEnd => l.type === 'end') ?? null,
  };
}

function routePattern(route: RouteSpec): RegExp {
  const escaped = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Classifies requests as contract operations by method and path; cancel and health routes come from the profile.
 * Their patterns are compiled once, here, not per request: the proxy classifies every request it forwards.
 */
export function operationClassifier(profile: TargetProfile): (method: string, pathname: string) => Operation {
  const routes = (
    [
      [profile.health, 'health'],
      [profile.cancel, 'subscription.cancel'],
    ] as const
  ).flatMap(([route, operation]) => (route ? [{ method: route.method, pattern: routePattern(route), operation }] : []));
  return (method, pathname) => {
    const m = method.toUpperCase();
    const path = pathname.replace(/\/+$/, '') || '/';
    for (const route of routes) if (m === route.method && route.pattern.test(path)) return route.operation;
    const [, resource, id, rest] = /^\/(offer|allocation|subscription)(?:\/([^/]+))?(\/.*)?$/.exec(path) ?? [];
    if (!resource || rest) return 'other';
    if (m === 'POST' && resource === 'subscription' && !id) return 'subscription.create';
    if (m !== 'GET') return 'other';
    return `${resource}.${id ? 'get' : 'list'}` as Operation;
  };
}
