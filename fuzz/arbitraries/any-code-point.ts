import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

/** The surrogate code points, U+D800 to U+DFFF: half of a pair, never a character on their own. */
const FIRST_SURROGATE = 0xd800;
const SURROGATE_COUNT = 0xe000 - 0xd800;

/**
 * One Unicode scalar value (any code point but a surrogate), as a string of one code point: the unit of
 * `fc.string({ unit: anyCodePoint() })`. It draws exactly what fast-check's built-in `unit: 'binary'` draws, index for
 * index (U+0000 to U+D7FF, then U+E000 to U+10FFFF), so seeds and paths replay the same, but without the table of
 * 1.1 million code points fast-check builds for that unit's unmapper: about 1.4 s of CPU at the start of every process
 * that builds such a string, each fuzz worker included.
 */
export function anyCodePoint(): Arbitrary<string> {
  return fc.nat(0x10ffff - SURROGATE_COUNT).map(
    (index) => String.fromCodePoint(index < FIRST_SURROGATE ? index : index + SURROGATE_COUNT),
    (value) => {
      // The unmapper fast-check asks when it meets a value it did not draw (its dangerous strings, a replay).
      if (typeof value !== 'string') throw new Error('not a string');
      const codePoint = value.codePointAt(0);
      if (codePoint === undefined || String.fromCodePoint(codePoint) !== value) throw new Error('not one code point');
      if (codePoint >= FIRST_SURROGATE && codePoint < FIRST_SURROGATE + SURROGATE_COUNT) throw new Error('a surrogate');
      return codePoint < FIRST_SURROGATE ? codePoint : codePoint - SURROGATE_COUNT;
    },
  );
}
