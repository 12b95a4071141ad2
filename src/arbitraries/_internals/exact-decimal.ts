// Exact decimal arithmetic on the SHORTEST round-trip text of a double (what `String(n)` prints and
// what a JSON encoder sends). Amounts are built as integer units at a decimal scale, so their
// decimal places are known by construction instead of being hoped for from float arithmetic.

/** `units × 10^-scale`, normalised: `scale >= 0`, no trailing zero digit when `scale > 0`. */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

/**
 * Largest unit count whose text has at most 15 significant digits: any decimal with at most 15
 * significant digits parses to a double whose shortest text is that same decimal (DBL_DIG = 15).
 */
export const MAX_EXACT_UNITS = 10n ** 15n - 1n;

const pow10 = (k: number): bigint => 10n ** BigInt(k);

/** Drops trailing zero digits of the fraction: `150 × 10^-2` -> `15 × 10^-1`. */
export function normalise(units: bigint, scale: number): ExactDecimal {
  let u = units;
  let s = scale;
  while (s > 0 && u % 10n === 0n) {
    u /= 10n;
    s -= 1;
  }
  if (s < 0) return { units: u * pow10(-s), scale: 0 };
  return { units: u, scale: s };
}

/** The exact decimal value of `n`'s shortest round-trip text (`1e-7`, `1e+21` included). */
export function exactDecimalOf(n: number): ExactDecimal {
  if (!Number.isFinite(n)) throw new RangeError(`exactDecimalOf: ${String(n)} is not a JSON number`);
  const text = String(n);
  const negative = text.startsWith('-');
  const [mantissa, exponentText] = (negative ? text.slice(1) : text).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const digits = BigInt(whole + fraction);
  return normalise(negative ? -digits : digits, fraction.length - exponent);
}

/** Decimal places of an exact decimal (its normalised scale). */
export const placesOf = (d: ExactDecimal): number => d.scale;

/** `d × 10^k` rounded to an integer (`ceil` or `floor`), exactly. */
export function unitsAt(d: ExactDecimal, k: number, rounding: 'ceil' | 'floor'): bigint {
  if (k >= d.scale) return d.units * pow10(k - d.scale);
  const divisor = pow10(d.scale - k);
  const quotient = d.units / divisor; // truncates towards zero
  const exact = quotient * divisor === d.units;
  if (exact) return quotient;
  if (rounding === 'floor') return d.units < 0n ? quotient - 1n : quotient;
  return d.units < 0n ? quotient : quotient + 1n;
}

/** Plain decimal text of `units × 10^-k` (no exponent, no trailing zeros). */
export function decimalText(units: bigint, k: number): string {
  const { units: u, scale } = normalise(units, k);
  const negative = u < 0n;
  const digits = (negative ? -u : u).toString().padStart(scale + 1, '0');
  const whole = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? '' : `.${digits.slice(-scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** `a - b` as a sign: negative, zero or positive. */
export function compareDecimals(a: ExactDecimal, b: ExactDecimal): number {
  const k = Math.max(a.scale, b.scale);
  const diff = unitsAt(a, k, 'floor') - unitsAt(b, k, 'floor');
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

export function addDecimals(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const k = Math.max(a.scale, b.scale);
  return normalise(unitsAt(a, k, 'floor') + unitsAt(b, k, 'floor'), k);
}

export const negateDecimal = (d: ExactDecimal): ExactDecimal => ({ units: -d.units, scale: d.scale });

export const sameDecimal = (a: ExactDecimal, b: ExactDecimal): boolean => a.units === b.units && a.scale === b.scale;

/**
 * The double for `units × 10^-k`, or `undefined` when no double prints as exactly that decimal
 * (too many significant digits). The check is what makes "decimal places by construction" safe.
 */
export function exactNumber(units: bigint, k: number): number | undefined {
  const value = Number(decimalText(units, k));
  return sameDecimal(exactDecimalOf(value), normalise(units, k)) ? value : undefined;
}
