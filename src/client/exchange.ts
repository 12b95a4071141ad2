/**
 * An exchange is one request and its response as the suite saw it: what checks run on, what evidence
 * shows, what the request log records. It is built redacted: credential header values never enter it.
 * Treat it as read-only: the exchange checks may read it after the test has (see Verdict), so a test
 * that sorts or edits a body must copy it first.
 */

import type { ContractOperation } from '../contract/operations.ts';
import type { CredentialCase } from '../contract/request-cases.ts';

/**
 * The contract's operations (src/contract/operations.ts), each deciding the schema of its success body and the shape
 * of its errors; 'other' is a request outside them (probes, unknown routes).
 */
export type Operation = ContractOperation | 'other';

/** Errors section: list/get operations use one body, create/cancel another. */
export type ErrorShape = 'list-get' | 'create-cancel' | 'none';

export function errorShapeOf(operation: Operation): ErrorShape {
  if (operation === 'subscription.create' || operation === 'subscription.cancel') return 'create-cancel';
  if (operation === 'health') return 'none';
  return 'list-get';
}

export interface Exchange {
  seq: number;
  operation: Operation;
  method: string;
  /** Path and query relative to the base URL, e.g. /offer?offset=0&limit=10 */
  path: string;
  /** Request headers as sent, credential values masked. */
  requestHeaders: Record<string, string>;
  /** The credential case the request was sent with (absent: built outside the client, as valid). */
  credentials?: CredentialCase;
  requestBody?: unknown;
  status: number;
  responseHeaders: Record<string, string>;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  /** Raw text, truncated for evidence. */
  text: string;
  /** True when the response body parsed as JSON. */
  isJson: boolean;
  /** Set when the answer's body could not be read whole (corrupt encoding, short of content-length, over the size cap). */
  bodyError?: string;
  durationMs: number;
  /** How many times the request was sent (retries of reads included). */
  attempts: number;
}

export const EVIDENCE_TEXT_LIMIT = 2_000;

/** A response body as the checks see it: parsed JSON, or `isJson: false` when it is empty or not JSON. */
export function parseJsonBody(text: string): { body: unknown; isJson: boolean } {
  if (!text.length) return { body: undefined, isJson: false };
  try {
    return { body: JSON.parse(text), isJson: true };
  } catch {
    return { body: undefined, isJson: false };
  }
}

/** A short excerpt of an exchange for reports: method, path, status, bodies cut short. */
export function exchangeExcerpt(ex: Exchange): Record<string, unknown> {
  const cut = (v: unknown) => {
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return s === undefined ? undefined : s.length > 600 ? `${s.slice(0, 600)}… (${s.length} chars)` : s;
  };
  return {
    request: `${ex.method} ${ex.path}`,
    requestBody: cut(ex.requestBody),
    status: ex.status,
    contentType: ex.responseHeaders['content-type'],
    responseBody: cut(ex.isJson ? ex.body : ex.text),
  };
}

/**
 * A redirect as reports name it (issue 29, item 4): where it pointed (the origin of its Location, never its path or
 * query) and that the suite did not go there, so the credentials were not sent on. Null for any other status.
 */
export function redirectNote(status: number, headers: Record<string, string>): string | null {
  if (status < 300 || status >= 400) return null;
  const location = headers.location;
  if (location === undefined || location.trim() === '') return `redirect without a Location, not followed`;
  let where: string;
  try {
    const url = new URL(location);
    where = url.origin === 'null' ? `a ${url.protocol} URL` : url.origin;
  } catch {
    where = 'a path of the same origin';
  }
  return `redirect to ${where} not followed (credentials withheld)`;
}

/** An answer's status as messages give it: a redirect says where to, and that it was not followed. */
export function statusText(ex: Pick<Exchange, 'status' | 'responseHeaders'>): string {
  const redirect = redirectNote(ex.status, ex.responseHeaders);
  return redirect ? `${ex.status}: ${redirect}` : String(ex.status);
}
