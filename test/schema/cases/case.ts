// Shape of a schema test case, in the style of JSON-Schema-Test-Suite, plus the builders that turn
// one rule into its family of cases (missing fields, wrong types, closed enums, timestamps, decimals).
import type { SchemaName } from '../../../src/schema/registry.ts';

/** Where and why an invalid case must fail: an issue with this JSON pointer and keyword. */
export interface FailureReason {
  path: string;
  keyword: string;
}

interface CaseBase {
  description: string;
  schema: SchemaName;
  /** 'list' validates `data` as an array of the model (validateList); default 'one'. */
  as?: 'one' | 'list';
  data: unknown;
}
export interface ValidCase extends CaseBase {
  valid: true;
}
export interface InvalidCase extends CaseBase {
  valid: false;
  /** Every issue must be at `reason.path`, and one of them must have `reason.keyword`. */
  reason: FailureReason;
}
export type SchemaCase = ValidCase | InvalidCase;

// ---- JSON pointer edits on copies ---------------------------------------------------------------

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(root: unknown, pointer: string): { parent: Record<string, unknown>; key: string } {
  const path = tokens(pointer);
  const key = path.pop();
  if (key === undefined) throw new Error('cannot edit the root');
  let node = root as Record<string, unknown>;
  for (const token of path) node = node[token] as Record<string, unknown>;
  if (node === null || typeof node !== 'object') throw new Error(`no container at ${pointer}`);
  return { parent: node, key };
}

/** Deep copy of a JSON value that shares no node (structuredClone would keep shared references). */
function copyJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** Copy of `base` with the value at `pointer` set (or added). */
export function withValue(base: unknown, pointer: string, value: unknown): unknown {
  const copy = copyJson(base);
  const { parent, key } = parentOf(copy, pointer);
  parent[key] = value;
  return copy;
}

/** Copy of `base` without the property at `pointer`. */
export function without(base: unknown, pointer: string): unknown {
  const copy = copyJson(base);
  const { parent, key } = parentOf(copy, pointer);
  if (!(key in parent)) throw new Error(`nothing to remove at ${pointer}`);
  delete parent[key];
  return copy;
}

// ---- families of cases ----------------------------------------------------------------------------

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** One invalid case per required field, each missing from an otherwise valid value. */
export function missingRequired(schema: SchemaName, base: unknown, pointers: readonly string[]): SchemaCase[] {
  return pointers.map((path) => ({
    description: `missing required ${path}`,
    schema,
    data: without(base, path),
    valid: false,
    reason: { path, keyword: 'required' },
  }));
}

/** Invalid cases replacing one value each: `[pointer, value, keyword]` (keyword defaults to 'type'). */
export function invalidValues(
  schema: SchemaName,
  base: unknown,
  rows: ReadonlyArray<readonly [pointer: string, value: unknown, keyword?: string]>,
): SchemaCase[] {
  return rows.map(([path, value, keyword = 'type']) => ({
    description: `${path} = ${Array.isArray(value) ? `[${value.map(shown).join(', ')}]` : value !== null && typeof value === 'object' ? JSON.stringify(value) : shown(value)} fails ${keyword}`,
    schema,
    data: withValue(base, path, value),
    valid: false,
    reason: { path, keyword },
  }));
}

/** Valid cases replacing one value each, e.g. values beyond those seen, nullable fields as null. */
export function acceptedValues(
  schema: SchemaName,
  base: unknown,
  rows: ReadonlyArray<readonly [pointer: string, value: unknown, why: string]>,
): SchemaCase[] {
  return rows.map(([path, value, why]) => ({
    description: `${path} = ${value !== null && typeof value === 'object' ? JSON.stringify(value) : shown(value)} accepted (${why})`,
    schema,
    data: withValue(base, path, value),
    valid: true,
  }));
}

/** A different letter case of an enum value: `retail` -> `Retail`, `GBP` -> `gbp`. */
export function caseChanged(value: string): string {
  return value === value.toUpperCase() ? value.toLowerCase() : value[0].toUpperCase() + value.slice(1);
}

/** A closed enum: every listed value accepted; an outside value and a case change rejected. */
export function closedEnum(schema: SchemaName, base: unknown, path: string, values: readonly string[], outside: string): SchemaCase[] {
  return [
    ...values.map(
      (value): SchemaCase => ({
        description: `${path} = ${JSON.stringify(value)} accepted (listed enum value)`,
        schema,
        data: withValue(base, path, value),
        valid: true,
      }),
    ),
    ...invalidValues(schema, base, [
      [path, outside, 'enum'],
      [path, caseChanged(values[0]), 'enum'],
    ]),
  ];
}

/** Timestamps the contract's format admits (UTC, `Z`, optional fraction, real dates). */
export const GOOD_TIMESTAMPS = [
  '2024-01-15T09:30:00Z',
  '2024-01-15T09:30:00.123Z',
  '2024-01-15T09:30:00.5Z',
  '2024-01-15T09:30:00.123456Z',
  '2024-02-29T23:59:59Z',
  '2024-01-15T09:30:00+00:00', // UTC with a zero offset, as many a library writes it (observed, not failed)
  '2024-01-15T09:30:00.123456+00:00',
] as const;

/** Timestamps that are not ISO 8601 UTC as the contract writes them. */
export const BAD_TIMESTAMPS = [
  '2024-01-15T09:30:00+01:00',
  '2024-01-15T09:30:00-00:00', // RFC 3339: the offset to UTC is unknown
  '2024-01-15T09:30:00',
  '2024-02-30T09:30:00Z',
  '2023-02-29T09:30:00Z',
  '2024-13-01T09:30:00Z',
  '2024-01-15T24:00:00Z',
  '2024-01-15T09:60:00Z',
  '2024-01-15T09:30:00z',
  '2024-01-15t09:30:00Z',
  '2024-01-15 09:30:00Z',
  '2024-01-15',
  '2024-01-15T09:30:00.Z',
  '2024-1-5T9:30:00Z',
  '',
] as const;

/** A timestamp field: every good form accepted, every bad form rejected by the format. */
export function utcTimestamp(schema: SchemaName, base: unknown, path: string): SchemaCase[] {
  return [
    ...GOOD_TIMESTAMPS.map(
      (value): SchemaCase => ({
        description: `${path} = ${JSON.stringify(value)} accepted (UTC timestamp)`,
        schema,
        data: withValue(base, path, value),
        valid: true,
      }),
    ),
    ...invalidValues(
      schema,
      base,
      BAD_TIMESTAMPS.map((value) => [path, value, 'format'] as const),
    ),
    ...invalidValues(schema, base, [[path, 1705311000000, 'type']]),
  ];
}

/** `amountRequested`-style numbers: at most 6 decimal places of the shortest decimal form. */
export function sixDecimalPlaces(schema: SchemaName, base: unknown, path: string): SchemaCase[] {
  const accepted: ReadonlyArray<readonly [number, string]> = [
    [100, 'integer'],
    [0.000001, '6 places'],
    [0.000003, '6 places, not a float multiple of 0.000001'],
    [123.456789, '6 places'],
    [1.1, '1 place, not a float multiple of 0.000001'],
    [1e21, 'exponent notation, no fraction'],
    [0, 'zero: the contract states no minimum (observation item)'],
    [-5.25, 'negative: the contract states no minimum (observation item)'],
  ];
  const rejected: ReadonlyArray<readonly [number, string]> = [
    [0.1234567, '7 places'],
    [1e-7, '1e-7 is 7 places'],
    [1.0000001, '7 places'],
    [0.1 + 0.2, '0.1+0.2 is 0.30000000000000004, 17 places'],
    [5e-324, '324 places'],
  ];
  return [
    ...accepted.map(
      ([value, why]): SchemaCase => ({
        description: `${path} = ${String(value)} accepted (${why})`,
        schema,
        data: withValue(base, path, value),
        valid: true,
      }),
    ),
    ...rejected.map(
      ([value, why]): SchemaCase => ({
        description: `${path} = ${String(value)} rejected (${why})`,
        schema,
        data: withValue(base, path, value),
        valid: false,
        reason: { path, keyword: 'maxDecimalPlaces' },
      }),
    ),
    ...invalidValues(schema, base, [
      [path, '100.5', 'type'],
      [path, null, 'type'],
    ]),
  ];
}

/** Unknown extra properties are allowed (they are observations, not failures). */
export function extraPropertyAccepted(schema: SchemaName, base: unknown, path: string): SchemaCase {
  return {
    description: `extra property ${path} accepted`,
    schema,
    data: withValue(base, path, 'not in the contract'),
    valid: true,
  };
}

/** The minimal and the full valid sample of a model. */
export function validSamples(schema: SchemaName, samples: { minimal: unknown; full: unknown }): SchemaCase[] {
  return [
    { description: 'minimal valid sample (required fields only)', schema, data: samples.minimal, valid: true },
    { description: 'full valid sample (every listed field)', schema, data: samples.full, valid: true },
  ];
}

/** A JSON value that is not an object at all. */
export function notAnObject(schema: SchemaName): SchemaCase[] {
  return invalidValuesAtRoot(schema, [[], 'text', null]);
}

function invalidValuesAtRoot(schema: SchemaName, values: readonly unknown[]): SchemaCase[] {
  return values.map((value) => ({
    description: `root = ${JSON.stringify(value)} fails type`,
    schema,
    data: value,
    valid: false,
    reason: { path: '', keyword: 'type' },
  }));
}
