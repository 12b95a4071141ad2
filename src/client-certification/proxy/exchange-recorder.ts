/**
 * What the proxy does with an exchange once it is over, off the forwarding path (it runs in the recorder's worker
 * thread, ./recorder-worker.ts): runs the suite's exchange checks on the answer, and appends the exchange to the
 * session file with the others recorded in the same event-loop turn (a batch of the queue: one write for them all,
 * not one per exchange), so a killed proxy loses at most the batch it was gathering. Credential values are masked in headers and redacted from
 * every text before anything is written; they are held in memory only.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { runExchangeChecks } from '../../checks/exchange-checks.ts';
import { parseJsonBody, type Exchange } from '../../client/exchange.ts';
import { maskCredentialHeaders, REDACTED, redactDeep, redactJsonLines } from '../../config/redact.ts';
import type { TargetProfile } from '../../config/target-profile.ts';
import { openJsonlAppender } from '../../run/jsonl.ts';
import { operationClassifier, type ServiceFinding, type SessionExchange, type SessionHeader } from '../recorded-session.ts';
import { headerValue } from './http-relay.ts';
import {
  ANSWERS_REMEMBERED,
  type CredentialRedaction,
  credentialRedaction,
  type HandedExchange,
  remember,
  SECRET_HEADERS,
} from './handover.ts';

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
/**
 * Exchanges are appended to the session file together, at the end of the event-loop turn that recorded them (one
 * write per batch of the queue, which gathers up to 100 ms of them, not one per exchange): a second timer here woke
 * the worker once more per batch for nothing. A stopped proxy loses nothing.
 */
const SESSION_FLUSH_MS = 0;

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

type RequestPart = Pick<SessionExchange, 'seq' | 'operation' | 'method' | 'path' | 'requestHeaders' | 'requestBody'>;
interface AnswerCheck {
  findings: ServiceFinding[];
  items: number | null;
}

/** The suite's exchange checks on one answer. */
function checkAnswer(
  profile: TargetProfile,
  request: RequestPart,
  status: number,
  headerPairs: string[],
  raw: Buffer,
  durationMs: number,
): AnswerCheck {
  const headers = headerRecord(headerPairs, HOP_BY_HOP);
  let text = '';
  try {
    text = decoded(raw, headerValue(headerPairs, 'content-encoding')).toString('utf8');
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
  return {
    findings: failures.map((f) => ({ clause: f.clause, check: f.check, message: f.message })),
    items: isJson && Array.isArray(body) ? body.length : null,
  };
}

export interface ExchangeRecorderOptions {
  sessionPath: string;
  header: SessionHeader;
  profile: TargetProfile;
  /** Called with each exchange as it is recorded, redacted (the console's lines, a test's eyes). */
  onRecorded?: (exchange: SessionExchange) => void;
}

export interface ExchangeRecorder {
  credentials: CredentialRedaction;
  /** Checks an exchange's answer and appends the exchange to the session. */
  record(ex: HandedExchange): void;
  /** Appends the end line (`requests` begun, `unchecked` of them recorded without their answers checked) and closes the file. */
  end(requests: number, unchecked: number): void;
}

/** Opens the session file (its header line first) and returns what records each exchange into it. */
export function openExchangeRecorder(options: ExchangeRecorderOptions): ExchangeRecorder {
  const credentials = credentialRedaction();
  const operationOf = operationClassifier(options.profile);
  /** Check results by answer key, kept in step with the forwarding side's memory of the answers' bytes. */
  const results = new Map<string, AnswerCheck>();
  /** Operations by method and path: a client asks for a few paths over and over. */
  const operations = new Map<string, SessionExchange['operation']>();
  const operationAt = (method: string, path: string) => {
    const key = `${method} ${path}`;
    let operation = operations.get(key);
    if (operation === undefined) {
      operation = operationOf(method, new URL(path, 'http://proxy').pathname);
      if (operations.size >= ANSWERS_REMEMBERED) operations.delete(operations.keys().next().value!);
      operations.set(key, operation);
    }
    return operation;
  };
  const session = openJsonlAppender(options.sessionPath, {
    // By their strings: a credential, whatever it holds, cannot break a line of the session (issue 29, item 6).
    finish: (text) => redactJsonLines(text, credentials.redact),
    flushAfterMs: SESSION_FLUSH_MS,
  });
  session.append(options.header);

  // A client sends the same headers on request after request: their masked record is made once for a run of them.
  let lastHeaders: { pairs: string[]; masked: Record<string, string> } = { pairs: [], masked: {} };
  const maskedRequestHeaders = (pairs: string[]): Record<string, string> => {
    const last = lastHeaders.pairs;
    if (pairs.length !== last.length || pairs.some((value, i) => value !== last[i]))
      lastHeaders = { pairs, masked: maskedHeaders(headerRecord(pairs)) };
    return lastHeaders.masked;
  };

  return {
    credentials,
    record(ex) {
      credentials.learn(ex.requestHeaders);
      const request: RequestPart = {
        seq: ex.seq,
        operation: operationAt(ex.method, ex.path),
        method: ex.method,
        path: ex.path,
        requestHeaders: maskedRequestHeaders(ex.requestHeaders),
        requestBody: ex.requestBody.length ? ex.requestBody.toString('utf8') : null,
      };
      let checked: AnswerCheck | null = null;
      const { answer } = ex;
      if (answer.kind === 'check' && ex.status !== null && ex.answeredAt !== null) {
        checked = checkAnswer(options.profile, request, ex.status, answer.headers, answer.body, ex.answeredAt - ex.arrivedAt);
        remember(results, answer.key, checked);
      } else if (answer.kind === 'same') {
        checked = results.get(answer.key) ?? null;
        if (!checked) throw new Error(`the recorder has no result for ${answer.key}: its memory is out of step with the forwarding side's`);
      }
      const exchange: SessionExchange = {
        type: 'exchange',
        ...request,
        arrivedAt: ex.arrivedAt,
        answeredAt: ex.answeredAt,
        // A request the target failed is recorded with no status, whatever part of an answer came before.
        status: ex.outcome === 'upstream-error' ? null : ex.status,
        retryAfter: ex.outcome === 'upstream-error' ? null : ex.retryAfter,
        outcome: ex.outcome,
        responseItems: checked?.items ?? null,
        serviceFindings: checked?.findings ?? [],
        ...(answer.kind === 'unchecked' ? { unchecked: true as const } : {}),
      };
      const line = JSON.stringify(exchange);
      session.appendSerialized(line);
      if (options.onRecorded) {
        // Its credential headers are masked already, so there is seldom anything left to redact: then the exchange
        // itself is handed on, not a parsed copy of its line.
        const redacted = credentials.redact(line);
        options.onRecorded(redacted === line ? exchange : redactDeep(exchange, credentials.redact));
      }
    },
    end(requests, unchecked) {
      session.append({ type: 'end', finishedAt: new Date().toISOString(), requests, unchecked });
      session.close();
    },
  };
}
