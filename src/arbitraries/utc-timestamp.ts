import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

export interface UtcTimestampConstraints {
  /** Earliest instant (included). Default 2000-01-01T00:00:00.000Z. */
  min?: Date;
  /** Latest instant (included). Default 2099-12-31T23:59:59.999Z. */
  max?: Date;
}

import { DEFAULT_TIMESTAMP_MAX, DEFAULT_TIMESTAMP_MIN, withoutMilliseconds } from '../contract/timestamps.ts';

export { DEFAULT_TIMESTAMP_MAX, DEFAULT_TIMESTAMP_MIN, withoutMilliseconds } from '../contract/timestamps.ts';

/**
 * ISO 8601 UTC timestamps as the contract writes them (Conventions: "in the form
 * YYYY-MM-DDTHH:MM:SSZ (responses show milliseconds too)"): both forms, with and without
 * milliseconds, always with the `Z` designator. Years stay four-digit (the window must lie within
 * 0000..9999).
 */
export function utcTimestamp(constraints: UtcTimestampConstraints = {}): Arbitrary<string> {
  const min = constraints.min ?? DEFAULT_TIMESTAMP_MIN;
  const max = constraints.max ?? DEFAULT_TIMESTAMP_MAX;
  if (min.getUTCFullYear() < 0 || max.getUTCFullYear() > 9999 || min > max) {
    throw new RangeError(`utcTimestamp: window ${min.toISOString()}..${max.toISOString()} is not within years 0000..9999`);
  }
  return fc.tuple(fc.date({ min, max, noInvalidDate: true }), fc.boolean()).map(([date, withMillis]) => {
    const iso = date.toISOString();
    // Dropping the milliseconds moves the instant back; keep them if that would leave the window.
    return withMillis || date.getUTCMilliseconds() > date.getTime() - min.getTime() ? iso : withoutMilliseconds(iso);
  });
}
