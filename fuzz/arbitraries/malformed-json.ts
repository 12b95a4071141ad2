import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { validCreateBody } from '../../src/arbitraries/index.ts';
import type { OpenOffer } from '../../src/arbitraries/index.ts';
import { anyCodePoint } from './any-code-point.ts';

/** A request body that is not a JSON document, or is sent under another content type. */
export interface MalformedBody {
  text: string;
  /** Sent as the content-type header (default application/json). */
  contentType?: string;
  description: string;
}

const FIXED: readonly MalformedBody[] = [
  { text: '', description: 'an empty body' },
  { text: '{', description: 'an unclosed object' },
  { text: '{"offerId":}', description: 'a member without a value' },
  { text: "{'offerId':'x'}", description: 'single quotes' },
  { text: '{"a":1,}', description: 'a trailing comma' },
  { text: 'NaN', description: 'NaN' },
  { text: 'undefined', description: 'undefined' },
  { text: '{"amountRequested":1e99999}', description: 'a number beyond any double' },
  { text: '{"amountRequested":-0}', description: 'minus zero' },
  { text: '{"offerId":"\\ud800"}', description: 'an escaped lone surrogate' },
  { text: '\u0000', description: 'a NUL byte' },
  { text: '['.repeat(5000), description: '5000 unclosed arrays' },
  { text: `${'['.repeat(2000)}${']'.repeat(2000)}`, description: 'arrays nested 2000 deep' },
  { text: `{"a":${'{"a":'.repeat(1000)}1${'}'.repeat(1001)}`, description: 'objects nested 1000 deep' },
  { text: '{"offerId":"a","offerId":"b"}', description: 'a duplicated member' },
  { text: 'offerId=x&amountRequested=1', contentType: 'application/x-www-form-urlencoded', description: 'a form body' },
  { text: '{}', contentType: 'text/plain', description: 'JSON sent as text/plain' },
  { text: '{}', contentType: 'application/json; charset=utf-16', description: 'a charset the body is not in' },
];

/**
 * Bodies that are not JSON: fixed malformations (unclosed, trailing commas, deep nesting, duplicate
 * members, other content types), a valid body cut short at any point, and random bytes. None can be a
 * valid create, so none may create a record; a 5xx is never right.
 */
export function malformedBody(offers: readonly OpenOffer[]): Arbitrary<MalformedBody> {
  const truncated = fc.tuple(validCreateBody(offers), fc.nat()).map(([body, n]): MalformedBody => {
    const text = JSON.stringify(body);
    const cut = n % text.length; // strictly shorter: never the whole document
    return { text: text.slice(0, cut), description: `a valid body cut after ${cut} of ${text.length} characters` };
  });
  const garbage = fc
    .string({ unit: anyCodePoint(), minLength: 1, maxLength: 200 })
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    })
    .map((text): MalformedBody => ({ text, description: 'random characters' }));
  return fc.oneof(fc.constantFrom(...FIXED), truncated, garbage);
}
