/**
 * The recording proxy a partner puts between their own client and the API. It forwards every request
 * and answer unchanged (credentials included: they are passed through, held in memory only to redact
 * them, never written), runs the suite's exchange checks on every answer (after the answer has gone to the
 * client), and appends each exchange to the session file in the event-loop turn it completes in (one write
 * per turn, not per exchange), so a killed proxy loses at most the exchanges of its last turn.
 *
 * Built on node:http: a proxy that must see whole bodies, time each exchange and keep bytes unchanged
 * needs no more, and the maintained general proxies (http-proxy is unmaintained since 2020) would only
 * add a layer between us and the sockets.
 */
import {
  createServer,
  request as httpRequest,
  Agent as HttpAgent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { runExchangeChecks } from '../checks/exchange-checks.ts';
import { parseJsonBody, type Exchange } from '../client/exchange.ts';
import { CREDENTIAL_HEADERS, makeRedactor, maskCredentialHeaders, REDACTED, type Redactor } from '../client/redact.ts';
import type { TargetProfile } from '../profile/target-profile.ts';
import { openJsonlAppender } from '../run/jsonl.ts';
import {
  operationClassifier,
  SESSION_FORMAT,
  type ServiceFinding,
  type SessionExchange,
  type SessionHeader,
} from '../client-certification/session.ts';

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

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
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

const EMPTY = Buffer.alloc(0);

/** Streams `from` into `to` as it comes, with backpressure, handing each chunk to `keep` first (the copy for the checks). */
function relay(from: Readable, to: Writable, keep: (chunk: Buffer) => void): void {
  from.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (!to.write(chunk)) {
      from.pause();
      to.once('drain', () => from.resume());
    }
  });
}

/** The credential values seen so far, and a redactor for them: rebuilt only when a new value appears. */
function credentialRedaction(): { learn(headers: IncomingHttpHeaders): void; redact: Redactor } {
  const seen = new Set<string>();
  let current: Redactor = (t) => t;
  return {
    learn(headers) {
      const before = seen.size;
      for (const name of SECRET_HEADERS) {
        const value = headers[name];
        for (const v of Array.isArray(value) ? value : [value]) if (v) seen.add(v);
      }
      if (seen.size !== before) current = makeRedactor([...seen]);
    },
    redact: (text) => current(text),
  };
}

type RequestPart = Pick<SessionExchange, 'seq' | 'operation' | 'method' | 'path' | 'requestHeaders' | 'requestBody'>;
/** A complete answer, as the checks take it. */
interface AnswerCheckInput {
  status: number;
  headers: Record<string, string>;
  raw: Buffer;
}
/** Records an exchange once: with what became of it, and the complete answer to check (none: nothing to check). */
type Done = (answer: Pick<SessionExchange, 'answeredAt' | 'status' | 'retryAfter' | 'outcome'>, check?: AnswerCheckInput) => void;
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
): (request: RequestPart, status: number, headers: Record<string, string>, raw: Buffer, durationMs: number) => AnswerCheck {
  const seen = new Map<string, { identity: Buffer; result: AnswerCheck }>();
  return (request, status, headers, raw, durationMs) => {
    const key = `${request.method} ${request.path} ${status} ${headers['content-type'] ?? ''} ${headers['content-encoding'] ?? ''}`;
    const identity = answerIdentity(raw);
    const known = seen.get(key);
    if (known?.identity.equals(identity)) return known.result;
    let text = '';
    try {
      text = decoded(raw, headers['content-encoding']).toString('utf8');
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
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const credentials = credentialRedaction();
  const checkAnswer = answerChecker(options.profile);
  const operationOf = operationClassifier(options.profile);
  const session = openJsonlAppender(options.sessionPath, { finish: (text) => credentials.redact(text), coalesce: true });
  const startedAt = new Date();
  const header: SessionHeader = {
    type: 'session',
    format: SESSION_FORMAT,
    startedAt: startedAt.toISOString(),
    target: `${target.origin}${basePath}`,
    bundledReference: options.bundledReference,
    profile: options.profile,
  };
  session.append(header);
  let seq = 0;
  let inFlight = 0;
  let drained: (() => void) | null = null;

  function record(exchange: SessionExchange): void {
    session.append(exchange);
    options.onExchange?.(JSON.parse(credentials.redact(JSON.stringify(exchange))) as SessionExchange);
  }

  /**
   * Forwards one request (at once when it has no body; a body is read whole first, so that a target refusing it
   * early, a 413 say, is still heard: a body streamed into a connection the target has closed loses its answer),
   * streams the answer back, and records the exchange once the answer is complete. Nothing of the checking or
   * recording runs before the answer has gone to the client.
   */
  function handle(req: IncomingMessage, res: ServerResponse): void {
    // Numbered and timed as the request arrives (its headers), not when its body is complete.
    const seqNo = ++seq;
    const arrivedAt = Date.now();
    inFlight++;
    credentials.learn(req.headers);
    const path = req.url ?? '/';
    const requestHeaders = flatHeaders(req.headers);
    // A client that closes its connection before its answer is complete gave up waiting (a timeout).
    let clientGone = false;
    const gone = () => {
      clientGone = true;
    };
    req.socket.once('end', gone).once('close', gone);
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    let body = EMPTY;

    let recorded = false;
    const done: Done = (answer, check) => {
      if (recorded) return;
      recorded = true;
      req.socket.off('end', gone).off('close', gone);
      const request: RequestPart = {
        seq: seqNo,
        operation: operationOf(req.method ?? 'GET', new URL(path, 'http://proxy').pathname),
        method: req.method ?? 'GET',
        path,
        requestHeaders: maskedHeaders(requestHeaders),
        requestBody: body.length ? body.subarray(0, RECORDED_BODY_BYTES).toString('utf8') : null,
      };
      const checked = check
        ? checkAnswer(request, check.status, check.headers, check.raw, (answer.answeredAt ?? arrivedAt) - arrivedAt)
        : null;
      record({
        type: 'exchange',
        ...request,
        arrivedAt,
        ...answer,
        responseItems: checked?.items ?? null,
        serviceFindings: checked?.findings ?? [],
      });
      if (--inFlight === 0) drained?.();
    };

    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!hasBody) {
      req.resume(); // nothing to read; lets the request end
      forward(req, res, requestHeaders, EMPTY, done, () => clientGone);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      body = Buffer.concat(chunks);
      forward(req, res, requestHeaders, body, done, () => clientGone);
    });
    req.on('error', () => {
      // Gone halfway through its body: nothing reached the target.
      body = Buffer.concat(chunks);
      clientGone = true;
      done({ answeredAt: null, status: null, retryAfter: null, outcome: 'client-gone' });
    });
  }

  /** Sends the request on to the target and its answer back to the client, then calls `done` with what happened. */
  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    requestHeaders: Record<string, string>,
    body: Buffer,
    done: Done,
    clientGone: () => boolean,
  ): void {
    const forwarded: Record<string, string> = {};
    for (const name of Object.keys(requestHeaders)) if (!HOP_BY_HOP.has(name) && name !== 'host') forwarded[name] = requestHeaders[name];
    if (body.length) forwarded['content-length'] = String(body.length); // a chunked body is sent on whole
    const upstream = send({
      host: target.hostname,
      port: target.port || (secure ? 443 : 80),
      method: req.method,
      path: `${basePath}${req.url ?? '/'}`,
      headers: forwarded,
      agent,
      timeout: UPSTREAM_TIMEOUT_MS,
    });
    upstream.on('timeout', () => upstream.destroy(new Error(`no answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`)));
    upstream.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: 'Bad Gateway',
            message: `osd-suite proxy: the target did not answer (${credentials.redact(error.message)})`,
          }),
        );
      } else if (!res.writableFinished) res.destroy(); // cut short: the client must not take a part for the whole
      done({ answeredAt: null, status: null, retryAfter: null, outcome: clientGone() ? 'client-gone' : 'upstream-error' });
    });
    upstream.on('response', (answer) => {
      // Passed on as the target spelled them (raw name/value pairs: names' case, repeated headers), but hop-by-hop ones.
      const passedOn: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        if (!HOP_BY_HOP.has(answer.rawHeaders[i].toLowerCase())) passedOn.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, passedOn);
      const chunks: Buffer[] = [];
      let size = 0;
      relay(answer, res, (chunk) => {
        if (size <= CHECKED_ANSWER_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        res.end();
        const answeredAt = Date.now();
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        const status = answer.statusCode ?? 0;
        done(
          { answeredAt, status, retryAfter: headers['retry-after'] ?? null, outcome: clientGone() ? 'client-gone' : 'answered' },
          size <= CHECKED_ANSWER_BYTES ? { status, headers, raw: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) } : undefined,
        );
      });
    });
    upstream.end(body);
  }

  const server = createServer(handle);
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
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
        server.closeAllConnections();
        await closed;
        agent.destroy();
        session.append({ type: 'end', finishedAt: new Date().toISOString(), requests: seq });
        session.close();
      })();
      return closing;
    },
  };
}
