/**
 * What the forwarding thread (./proxy-server.ts, ./recording-queue.ts) and the recorder's worker thread
 * (./recorder-worker.ts, ./exchange-recorder.ts) share: the shape of an exchange handed over, the memory of answers
 * both keep in step, and the credential values both learn. Nothing here loads the checks.
 */
import { CREDENTIAL_HEADERS, makeRedactor, type Redactor } from '../../config/redact.ts';
import type { RelayedExchange } from './http-relay.ts';

/** Headers that carry secrets of some kind: masked in the session like the contract's credentials, redacted everywhere. */
export const SECRET_HEADERS = new Set<string>([...CREDENTIAL_HEADERS, 'authorization', 'cookie', 'set-cookie']);

/**
 * What becomes of an exchange's answer, as the forwarding side decided: checked (its bytes and headers handed over,
 * the result remembered under `key`), the same bytes as the last answer checked under `key` (its result reused: a
 * client re-reading a page gets the same bytes), nothing to check (no complete answer, or an answer to HEAD), or
 * unchecked (the queue to the checks was full: recorded, counted, never dropped).
 */
export type HandedAnswer =
  | { kind: 'check'; key: string; headers: string[]; body: Buffer }
  | { kind: 'same'; key: string }
  | { kind: 'none' }
  | { kind: 'unchecked' };

/**
 * One exchange as the forwarding side hands it over (credentials included: memory only): the relayed exchange, its
 * answer's headers and body replaced by what the recorder needs of them.
 */
export type HandedExchange = Omit<RelayedExchange, 'responseHeaders' | 'responseBody'> & {
  retryAfter: string | null;
  answer: HandedAnswer;
};

/** Answers whose check results are remembered, one per key (request line, status, content type and encoding). */
export const ANSWERS_REMEMBERED = 256;

/** The answer headers the recorder reads (the checks' key, Retry-After), found in one pass over the pairs. */
export interface AnswerHeaders {
  contentType: string;
  contentEncoding: string;
  retryAfter: string | null;
}

export function answerHeaders(pairs: readonly string[]): AnswerHeaders {
  const found: AnswerHeaders = { contentType: '', contentEncoding: '', retryAfter: null };
  let seen = 0; // bits: content-type, content-encoding, retry-after (the first of each counts)
  for (let i = 0; i < pairs.length && seen !== 7; i += 2) {
    const name = pairs[i];
    if (name.length !== 12 && name.length !== 16 && name.length !== 11) continue;
    const lower = name.toLowerCase();
    if (lower === 'content-type' && !(seen & 1)) {
      found.contentType = pairs[i + 1];
      seen |= 1;
    } else if (lower === 'content-encoding' && !(seen & 2)) {
      found.contentEncoding = pairs[i + 1];
      seen |= 2;
    } else if (lower === 'retry-after' && !(seen & 4)) {
      found.retryAfter = pairs[i + 1];
      seen |= 4;
    }
  }
  return found;
}

/**
 * What identifies an answer for its checks: the checks read of an answer's headers its content type (and its
 * encoding, to read the body); the rest tell nothing they use. The same key and the same body bytes: the same result.
 */
export function answerKey(method: string, path: string, status: number, headers: AnswerHeaders): string {
  return `${method} ${path} ${status} ${headers.contentType} ${headers.contentEncoding}`;
}

/** Remembers `value` under `key` as the newest entry, forgetting the oldest past ANSWERS_REMEMBERED (both threads alike). */
export function remember<T>(memory: Map<string, T>, key: string, value: T): void {
  memory.delete(key); // re-inserted last: the oldest key is the one forgotten
  if (memory.size >= ANSWERS_REMEMBERED) memory.delete(memory.keys().next().value!);
  memory.set(key, value);
}

export interface CredentialRedaction {
  /** Learns the secret header values of a request; returns those not seen before (null: none). */
  learn(headers: readonly string[]): string[] | null;
  /** Learns values already picked out (by the forwarding side's `learn`). */
  add(values: readonly string[]): void;
  redact: Redactor;
}

/** The credential values seen so far, and a redactor for them: rebuilt only when a new value appears. */
export function credentialRedaction(): CredentialRedaction {
  const seen = new Set<string>();
  let current: Redactor = (t) => t;
  const add = (values: readonly string[]) => {
    const before = seen.size;
    for (const value of values) seen.add(value);
    if (seen.size !== before) current = makeRedactor([...seen]);
  };
  return {
    learn(headers) {
      let fresh: string[] | null = null;
      for (let i = 0; i < headers.length; i += 2) {
        const value = headers[i + 1];
        if (value && !seen.has(value) && SECRET_HEADERS.has(headers[i].toLowerCase())) {
          fresh ??= [];
          fresh.push(value);
        }
      }
      if (fresh) add(fresh);
      return fresh;
    },
    add,
    redact: (text) => current(text),
  };
}
