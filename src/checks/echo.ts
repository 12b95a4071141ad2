/**
 * SUB-CREATE-ECHO: every field of the request comes back in the created record with the value sent.
 * "The same value" is read as the contract allows, not as the bytes the suite wrote:
 * - numbers by value (JSON `1.10` and `1.1` are one number; a rounded or truncated amount is not);
 * - timestamps (`utc-date-time` fields of the request schema) by instant: the contract's own example
 *   writes `2026-01-01T10:00:00Z`, responses show milliseconds, so both spellings of one instant are
 *   echoes. A target that answers without a fraction of a second keeps time to the second (its
 *   precision is not shown), so the sent instant is compared at that precision;
 * - everything else exactly.
 * A field the response schema makes optional (the contract's "In response: optional": investorReference,
 * membershipCode, clientSubscriptionReference...) may be left out of the record: a service may keep an investor's
 * identifiers without sending them back. Left out, it is observed, not failed; sent back, it must be the value sent.
 */
import { isDeepStrictEqual } from 'node:util';
import { loadSchema } from '../schema/registry.ts';
import { UTC_DATE_TIME_FORMAT } from '../schema/vocabulary.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Verdict } from './test-verdict.ts';

const TIMESTAMP_FIELDS: ReadonlySet<string> = new Set(
  Object.entries((loadSchema('subscription-create-request') as { properties: Record<string, { format?: string }> }).properties)
    .filter(([, schema]) => schema.format === UTC_DATE_TIME_FORMAT)
    .map(([field]) => field),
);

const RESPONSE_SCHEMA = loadSchema('subscription') as { properties: Record<string, unknown>; required: string[] };
/** Fields of the created record the contract makes optional in a response. */
export const OPTIONAL_IN_RESPONSE: ReadonlySet<string> = new Set(
  Object.keys(RESPONSE_SCHEMA.properties).filter((field) => !RESPONSE_SCHEMA.required.includes(field)),
);

const HAS_FRACTION = /\.\d+(?:Z|\+00:00)$/;

function sameInstant(sent: string, got: string): boolean {
  const [a, b] = [Date.parse(sent), Date.parse(got)];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return a === b || (!HAS_FRACTION.test(got) && Math.floor(a / 1000) * 1000 === b);
}

/** Whether `got` echoes `sent` for the request field `field`. */
export function echoes(field: string, sent: unknown, got: unknown): boolean {
  if (TIMESTAMP_FIELDS.has(field) && typeof sent === 'string' && typeof got === 'string') return sent === got || sameInstant(sent, got);
  return isDeepStrictEqual(sent, got);
}

/** Request fields the record leaves out that a response may leave out (optional in a response). */
export function fieldsWithheld(sent: Record<string, unknown>, record: Record<string, unknown>): string[] {
  return Object.keys(sent).filter((field) => !(field in record) && OPTIONAL_IN_RESPONSE.has(field));
}

/** The request fields the record does not echo: sent back with another value, or left out where a response needs them. */
export function fieldsNotEchoed(sent: Record<string, unknown>, record: Record<string, unknown>): string[] {
  const withheld = new Set(fieldsWithheld(sent, record));
  return Object.keys(sent).filter((field) => !withheld.has(field) && !echoes(field, sent[field], record[field]));
}

/** Records SUB-CREATE-ECHO for one create that returned `record` (nothing to check without one). */
export function checkEchoOfRecord(
  verdict: Verdict,
  sent: Record<string, unknown>,
  ex: Exchange,
  record: Record<string, unknown> | null,
): void {
  if (!record) return;
  for (const field of fieldsWithheld(sent, record))
    verdict.observe({
      clause: 'SUB-CREATE-ECHO',
      key: `withheld.${field}`,
      message: `the created record leaves out ${field} (sent; optional in a response)`,
      value: field,
    });
  const differ = fieldsNotEchoed(sent, record);
  verdict.check('SUB-CREATE-ECHO', differ.length === 0, `the created record differs from the request in ${differ.join(', ')}`, {
    expected: Object.fromEntries(differ.map((f) => [f, sent[f]])),
    received: Object.fromEntries(differ.map((f) => [f, record[f]])),
    exchange: ex,
  });
}
