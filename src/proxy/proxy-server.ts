/**
 * The recording proxy a partner puts between their own client and the API. It forwards every request
 * and answer unchanged (credentials included: they are passed through, held in memory only to redact
 * them, never written), runs the suite's exchange checks on every answer, and appends each exchange to
 * the session file as soon as it is complete, so a killed proxy loses nothing it saw.
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
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { runExchangeChecks } from '../checks/exchange-checks.ts';
import { parseJsonBody, type Exchange } from '../client/exchange.ts';
import { CREDENTIAL_HEADERS, makeRedactor, maskCredentialHeaders, REDACTED, type Redactor } from '../client/redact.ts';
import type { TargetProfile } from '../profile/target-profile.ts';
import { openJsonlAppender } from '../run/jsonl.ts';
import {
  operationOf,
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
/** Checked answers remembered (by digest) so that a page read again is not checked again. */
const ANSWERS_REMEMBERED = 256;

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
interface AnswerCheck {
  findings: ServiceFinding[];
  items: number | null;
}

/**
 * The suite's exchange checks on one answer. A client re-reading the same page gets the same bytes: an answer
 * identical to one already checked for the same request line (digest of its bytes) is not parsed and checked again.
 */
function answerChecker(
  profile: TargetProfile,
): (request: RequestPart, status: number, headers: Record<string, string>, raw: Buffer, durationMs: number) => AnswerCheck {
  const seen = new Map<string, AnswerCheck>();
  return (request, status, headers, raw, durationMs) => {
    const key = `${request.method} ${request.path} ${status} ${headers['content-type'] ?? ''} ${headers['content-encoding'] ?? ''} ${createHash('sha1').update(raw).digest('base64')}`;
    const known = seen.get(key);
    if (known) return known;
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
    if (seen.size >= ANSWERS_REMEMBERED) seen.delete(seen.keys().next().value!);
    seen.set(key, result);
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
  const session = openJsonlAppender(options.sessionPath, (line) => credentials.redact(line));
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

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, seqNo: number, arrivedAt: number): void {
    credentials.learn(req.headers);
    const path = req.url ?? '/';
    const requestHeaders = flatHeaders(req.headers);
    const operation = operationOf(req.method ?? 'GET', new URL(path, 'http://proxy').pathname, options.profile);
    const base: Omit<SessionExchange, 'answeredAt' | 'status' | 'retryAfter' | 'responseItems' | 'outcome' | 'serviceFindings'> = {
      type: 'exchange',
      seq: seqNo,
      operation,
      method: req.method ?? 'GET',
      path,
      arrivedAt,
      requestHeaders: maskedHeaders(requestHeaders),
      requestBody: body.length ? body.subarray(0, RECORDED_BODY_BYTES).toString('utf8') : null,
    };
    // A client that closes its connection before its answer is complete gave up waiting (a timeout).
    let clientGone = false;
    const gone = () => {
      clientGone = true;
    };
    req.socket.once('end', gone).once('close', gone);
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    const forwarded: Record<string, string> = {};
    for (const [name, value] of Object.entries(requestHeaders)) if (!HOP_BY_HOP.has(name) && name !== 'host') forwarded[name] = value;
    forwarded['content-length'] = String(body.length);
    if (!body.length && !req.headers['content-length']) delete forwarded['content-length'];

    const upstream = send({
      host: target.hostname,
      port: target.port || (secure ? 443 : 80),
      method: req.method,
      path: `${basePath}${path}`,
      headers: forwarded,
      agent,
      timeout: UPSTREAM_TIMEOUT_MS,
    });
    const done = (exchange: SessionExchange) => {
      req.socket.off('end', gone).off('close', gone);
      record(exchange);
      if (--inFlight === 0) drained?.();
    };
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
      } else res.destroy();
      done({
        ...base,
        answeredAt: null,
        status: null,
        retryAfter: null,
        responseItems: null,
        outcome: 'upstream-error',
        serviceFindings: [],
      });
    });
    upstream.on('response', (answer) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      res.writeHead(
        answer.statusCode ?? 502,
        answer.statusMessage,
        Object.fromEntries(Object.entries(answer.headers).filter(([n, v]) => !HOP_BY_HOP.has(n) && v !== undefined)) as IncomingHttpHeaders,
      );
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        if (size <= CHECKED_ANSWER_BYTES) chunks.push(chunk);
        size += chunk.length;
        res.write(chunk);
      });
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        res.end();
        const answeredAt = Date.now();
        const status = answer.statusCode ?? 0;
        const checked =
          size <= CHECKED_ANSWER_BYTES
            ? checkAnswer(base, status, headers, Buffer.concat(chunks), answeredAt - arrivedAt)
            : { findings: [], items: null };
        done({
          ...base,
          answeredAt,
          status,
          retryAfter: headers['retry-after'] ?? null,
          responseItems: checked.items,
          outcome: clientGone ? 'client-gone' : 'answered',
          serviceFindings: checked.findings,
        });
      });
    });
    upstream.end(body);
  }

  const server = createServer((req, res) => {
    // Numbered and timed as the request arrives (its headers), not when its body is complete.
    const seqNo = ++seq;
    const arrivedAt = Date.now();
    inFlight++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks), seqNo, arrivedAt));
    req.on('error', () => {
      if (--inFlight === 0) drained?.();
    });
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
