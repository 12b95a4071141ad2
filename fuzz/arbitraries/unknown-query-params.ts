import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

/** The query parameters the contract lists on some list operation. */
const LISTED = new Set(['offset', 'limit', 'modifiedAfter', 'offerId']);

/** Names a query parser may trip on: array and object syntaxes, case variants of listed names, prototype names. */
const TRICKY_NAMES = [
  'offset[]',
  'limit[0]',
  'offset[a]',
  'Offset',
  'LIMIT',
  'modifiedafter',
  '__proto__',
  'constructor',
  '',
  'a.b',
  '%',
] as const;

/**
 * One to four query parameters the operation does not list, with any text as value. The contract
 * does not say whether they are refused or ignored; a 5xx is never right.
 */
export function unknownQueryParams(): Arbitrary<Record<string, string>> {
  const name = fc.oneof(fc.constantFrom(...TRICKY_NAMES), fc.string({ minLength: 1, maxLength: 16 })).filter((n) => !LISTED.has(n));
  const value = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('-1', '1e309', '999999999999999999999', '', 'true'));
  return fc.uniqueArray(fc.tuple(name, value), { minLength: 1, maxLength: 4, selector: ([n]) => n }).map((pairs) => {
    const query: Record<string, string> = {};
    for (const [n, v] of pairs) Object.defineProperty(query, n, { value: v, enumerable: true, writable: true, configurable: true });
    return query;
  });
}
