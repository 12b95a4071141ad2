/**
 * The recording proxy a partner puts between their own client and the API. It relays each client connection
 * to the target (./http-relay.ts): answers go back as the very bytes the target sent, requests go on as the
 * client sent them (credentials included: they are passed through, held in memory only to redact them, never
 * written). After an exchange is over it runs the suite's exchange checks on the answer and appends the
 * exchange to the session file, with the others completed within SESSION_FLUSH_MS (one write for them all, not
 * one per exchange), so a killed proxy loses at most that last stretch.
 */
import { createHash } from 'node:crypto';
import { type AddressInfo, connect as connectTcp, createServer, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { runExchangeChecks } from '../../checks/exchange-checks.ts';
import { parseJsonBody, type Exchange } from '../../client/exchange.ts';
import {
  CREDENTIAL_HEADERS,
  makeRedactor,
  maskCredentialHeaders,
  REDACTED,
  redactDeep,
  redactJsonLines,
  type Redactor,
} from '../../config/redact.ts';
import type { TargetProfile } from '../../config/target-profile.ts';
import { openJsonlAppender } from '../../run/jsonl.ts';
import { operationClassifier, SESSION_FORMAT, type ServiceFinding, type SessionExchange, type SessionHeader } from '../recorded-session.ts';
import { headerValue, type RelayedConnection, type RelayedExchange, relayConnection } from './http-relay.ts';

/** Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Other headers that carry secrets of some kind: masked in the session like the contract's credentials. */
const SECRET_HEADERS = new Set([...CREDENTIAL_HEADERS, 'authorization', 'cookie', 'set-cookie']);
/** Request bodies are recorded up to this size (a create body is under 2 KiB); answers are checked up to the second. */
const RECORDED_BODY_BYTES = 64 * 1024;
const CHECKED_ANSWER_BYTES = 16 * 1024 * 1024;
/** An answer the target has not finished in this time is cut, and recorded as an upstream error. */
const UPSTREAM_TIMEOUT_MS = 60_000;
/** Checked answers remembered (one per request line) so that a page read again is not checked again. */
const ANSWERS_REMEMBERED = 256;
/**
 * Exchanges are appended to the session file together, at most this long after the first of them completed (one
 * write for all, not one per exchange): a killed proxy loses at most this stretch. A stopped one loses nothing.
 */
const SESSION_FLUSH_MS = 100;
/** Answers up to this size are remembered as their bytes (compared with memcmp); larger ones as a SHA-1 digest. */
const ANSWER_BYTES_REMEMBERED = 256 * 1024;

export interface ProxyOptions {
  /** The target's base URL (its path is the base path every request is sent under). */
  target: string;
  port?: number;
  sessionPath: string;
  profile: TargetProfile;
  bundledReference: boolean;
  /** Called with each exchange as it is recorded (progress lines). */
  onExchange?: (exchange: SessionExchange) => void;
}

export interface RunningProxy {
  url: string;
  /** Exchanges recorded so far. */
  readonly count: number;
  /** Stops accepting requests, waits for those in flight, closes the session file. */
  close(): Promise<void>;
}

/** Header name/value pairs as a record: lower-case names, repeated headers joined with ", ", but those in `left`. */
function headerRecord(pairs: readonly string[], left?: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i].toLowerCase();
    if (left?.has(name)) continue;
    out[name] = name in out ? `${out[name]}, ${pairs[i + 1]}` : pairs[i + 1];
  }
  return out;
}

function maskedHeaders(headers: Record<string, string>): Record<string, string> {
  const masked = maskCredentialHeaders(headers);
  // An empty credential header stays visible as empty: the client certification must tell it from a present one.
  for (const name of Object.keys(masked)) if (SECRET_HEADERS.has(name)) masked[name] = headers[name].trim() ? REDACTED : headers[name];
  return masked;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** The credential values seen so far, and a redactor for them: rebuilt only when a new value appears. */
function credentialRedaction(): { learn(headers: readonly string[]): void; redact: Redactor } {
  const seen = new Set<string>();
  let current: Redactor = (t) => t;
  return {
    learn(headers) {
      const before = seen.size;
      for (let i = 0; i < headers.length; i += 2)
        if (headers[i + 1] && SECRET_HEADERS.has(headers[i].toLowerCase())) seen.add(headers[i + 1]);
      if (seen.size !== before) current = makeRedactor([...seen]);
    },
    redact: (text) => current(text),
  };
}

type RequestPart = Pick<SessionExchange, 'seq' | 'operation' | 'method' | 'path' | 'requestHeaders' | 'requestBody'>;
interface AnswerCheck {
  findings: ServiceFinding[];
  items: number | null;
}

/** What identifies an answer's bytes: the bytes themselves when small (a compare is cheaper than a hash), else their digest. */
function answerIdentity(raw: Buffer): Buffer {
  return raw.length <= ANSWER_BYTES_REMEMBERED ? raw : createHash('sha1').update(raw).digest();
}

/**
 * The suite's exchange checks on one answer. A client re-reading the same page gets the same bytes: an answer
 * identical to the last one checked for the same request line is not parsed and checked again.
 */
function answerChecker(
  profile: TargetProfile,
): (request: RequestPart, status: number, headerPairs: string[], raw: Buffer, durationMs: number) => AnswerCheck {
  const seen = new Map<string, { identity: Buffer; result: AnswerCheck }>();
  return (request, status, headerPairs, raw, durationMs) => {
    // The checks read of an answer's headers its content type (and its encoding, to read the body): the rest
    // of them tell nothing the checks use, so an answer with the same body and these two is the same answer.
    const encoding = headerValue(headerPairs, 'content-encoding');
    const key = `${request.method} ${request.path} ${status} ${headerValue(headerPairs, 'content-type') ?? ''} ${encoding ?? ''}`;
    const identity = answerIdentity(raw);
    const known = seen.get(key);
    if (known?.identity.equals(identity)) return known.result;
    const headers = headerRecord(headerPairs, HOP_BY_HOP);
    let text = '';
    try {
      text = decoded(raw, encoding).toString('utf8');
    } catch {
      text = ''; // an answer that does not decode as its content-encoding says: checked as a non-JSON body
    }
    const { body, isJson } = parseJsonBody(text);
    const requestJson = parseJsonBody(request.requestBody ?? '');
    const ex: Exchange = {
      ...request,
      requestBody: requestJson.isJson ? requestJson.body : (request.requestBody ?? undefined),
      status,
      responseHeaders: headers,
      body,
      text: text.slice(0, 2_000),
      isJson,
      durationMs,
      attempts: 1,
    };
    const failures = runExchangeChecks(ex, { profile, strict: false }).failures;
    const result = {
      findings: failures.map((f) => ({ clause: f.clause, check: f.check, message: f.message })),
      items: isJson && Array.isArray(body) ? body.length : null,
    };
    seen.delete(key); // re-inserted last: the oldest request line is the one forgotten
    if (seen.size >= ANSWERS_REMEMBERED) seen.delete(seen.keys().next().value!);
    seen.set(key, { identity, result });
    return result;
  };
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = new URL(options.target);
  const basePath = target.pathname.replace(/\/+$/, '');
  const secure = target.protocol === 'https:';
  const targetPort = Number(target.port || (secure ? 443 : 80));
  const connect = (): Socket =>
    secure
      ? connectTls({ host: target.hostname, port: targetPort, servername: isIP(target.hostname) ? undefined : target.hostname })
      : connectTcp({ host: target.hostname, port: targetPort });
  const credentials = credentialRedaction();
  const checkAnswer = answerChecker(options.profile);
  const operationOf = operationClassifier(options.profile);
  const session = openJsonlAppender(options.sessionPath, {
    // By their strings: a credential, whatever it holds, cannot break a line of the session (issue 29, item 6).
    finish: (text) => redactJsonLines(text, credentials.redact),
    flushAfterMs: SESSION_FLUSH_MS,
  });
  const header: SessionHeader = {
    type: 'session',
    format: SESSION_FORMAT,
    startedAt: new Date().toISOString(),
    target: `${target.origin}${basePath}`,
    bundledReference: options.bundledReference,
    profile: options.profile,
  };
  session.append(header);
  let seq = 0;
  let inFlight = 0;
  let stopping = false;
  let drained: (() => void) | null = null;
  const connections = new Set<RelayedConnection>();

  // A client sends the same headers on request after request: their masked record is made once for a run of them.
  let lastHeaders: { pairs: string[]; masked: Record<string, string> } = { pairs: [], masked: {} };
  const maskedRequestHeaders = (pairs: string[]): Record<string, string> => {
    const last = lastHeaders.pairs;
    if (pairs.length !== last.length || pairs.some((value, i) => value !== last[i]))
      lastHeaders = { pairs, masked: maskedHeaders(headerRecord(pairs)) };
    return lastHeaders.masked;
  };

  /** Turns a relayed exchange into its session line (the answer checked), and appends it. */
  function record(ex: RelayedExchange): void {
    const request: RequestPart = {
      seq: ex.seq,
      operation: operationOf(ex.method, new URL(ex.path, 'http://proxy').pathname),
      method: ex.method,
      path: ex.path,
      requestHeaders: maskedRequestHeaders(ex.requestHeaders),
      requestBody: ex.requestBody.length ? ex.requestBody.toString('utf8') : null,
    };
    // An answer to HEAD has no body by definition, and the contract has no HEAD operation: it is relayed and recorded,
    // not checked as if its body were missing.
    const checked =
      ex.status !== null && ex.answeredAt !== null && ex.responseBody && ex.method !== 'HEAD'
        ? checkAnswer(request, ex.status, ex.responseHeaders, ex.responseBody, ex.answeredAt - ex.arrivedAt)
        : null;
    const exchange: SessionExchange = {
      type: 'exchange',
      ...request,
      arrivedAt: ex.arrivedAt,
      answeredAt: ex.answeredAt,
      // A request the target failed is recorded with no status, whatever part of an answer came before.
      status: ex.outcome === 'upstream-error' ? null : ex.status,
      retryAfter: ex.outcome === 'upstream-error' ? null : (headerValue(ex.responseHeaders, 'retry-after') ?? null),
      outcome: ex.outcome,
      responseItems: checked?.items ?? null,
      serviceFindings: checked?.findings ?? [],
    };
    const line = JSON.stringify(exchange);
    session.appendSerialized(line);
    if (options.onExchange) {
      // Its credential headers are masked already, so there is seldom anything left to redact: then the exchange
      // itself is handed on, not a parsed copy of its line.
      const redacted = credentials.redact(line);
      options.onExchange(redacted === line ? exchange : redactDeep(exchange, credentials.redact));
    }
    if (--inFlight === 0) drained?.();
  }

  const server = createServer((client) => {
    const connection = relayConnection(client, {
      connect,
      targetHost: target.host,
      basePath,
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
      keptRequestBytes: RECORDED_BODY_BYTES,
      keptAnswerBytes: CHECKED_ANSWER_BYTES,
      onRequestHead(headers) {
        credentials.learn(headers);
        inFlight++;
        return ++seq;
      },
      redact: (text) => credentials.redact(text),
      onExchange: record,
    });
    connections.add(connection);
    client.once('close', () => connections.delete(connection));
    if (stopping) connection.finish();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;

  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return seq;
    },
    close() {
      closing ??= (async () => {
        stopping = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Each connection takes no new request, and ends once what it has in flight is answered and recorded.
        for (const connection of connections) connection.finish();
        if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
        for (const connection of connections) connection.destroy();
        await closed;
        session.append({ type: 'end', finishedAt: new Date().toISOString(), requests: seq });
        session.close();
      })();
      return closing;
    },
  };
}
