import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { anyCodePoint } from './any-code-point.ts';

/** Strings people paste, and strings that break code: quotes, markup, paths, NUL, BOM, right-to-left, astral. */
const TROUBLEMAKERS = [
  '',
  ' ',
  '\u0000',
  '\n\r\t',
  "'; DROP TABLE subscriptions; --",
  '" OR "1"="1',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%2F%25',
  '\uFEFFreference',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text on purpose
  '{{7*7}}${7*7}',
  'null',
  'undefined',
] as const;

/**
 * Text of any length and content, for fields the contract types as a plain string with no limit:
 * short text in every Unicode plane (any code point but a lone surrogate), long text up to `maxLength`
 * characters (drawn across the whole range, so a length limit a target keeps to itself shows), and
 * known troublemakers. Long text shrinks towards the shortest that still fails.
 */
export function oddString(o: { maxLength?: number } = {}): Arbitrary<string> {
  const maxLength = o.maxLength ?? 1000;
  return fc.oneof(
    fc.constantFrom(...TROUBLEMAKERS),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: anyCodePoint(), maxLength: 40 }),
    { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength, size: 'max' }), weight: 3 },
  );
}

/** Text a URL path segment can carry (percent-encoding needs well-formed UTF-16: no lone surrogates). */
export function isEncodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
