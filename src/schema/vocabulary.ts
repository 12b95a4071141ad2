// The suite's own JSON Schema vocabulary: one format (`utc-date-time`) and one keyword
// (`maxDecimalPlaces`), and what the validators generated ahead of time call at run time (src/schema/standalone.ts).
// Free of Ajv itself, so a process that validates with the generated validators never loads Ajv; the definitions an Ajv
// instance registers are in ajv-vocabulary.ts.
import type { FormatDefinition } from 'ajv/dist/types/index.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { decimalPlaces } from './decimal-places.ts';

/** Base URI of every schema `$id`; schema files `$ref` each other by file name relative to it. */
export const SCHEMA_BASE_URI = 'https://osd-suite.example/schemas/';

export const UTC_DATE_TIME_FORMAT = 'utc-date-time';
export const MAX_DECIMAL_PLACES_KEYWORD = 'maxDecimalPlaces';

/**
 * Shape the contract's timestamps must have ("ISO 8601 in UTC"): `YYYY-MM-DDTHH:MM:SS`, optional fraction of a
 * second (responses show milliseconds, the example shows none), and UTC: the designator `Z`, as the contract's example
 * writes it, or a zero offset `+00:00`, as many a library writes UTC (the same instant; recorded as an observation,
 * ZERO_OFFSET). Upper-case `T` and `Z` only; other offsets, `-00:00` (RFC 3339: offset unknown), a missing zone and a
 * space separator are refused.
 */
const UTC_DATE_TIME_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|\+00:00)$/;

/**
 * The shape as a JSON Schema `pattern` (ECMA-262), for documents read by tools that do not know `utc-date-time`: the
 * OpenAPI document writes `format: date-time` with this pattern (reference/openapi.ts).
 */
export const UTC_DATE_TIME_PATTERN = UTC_DATE_TIME_SHAPE.source;

/** A UTC timestamp written with a zero offset for `Z`. */
export const ZERO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?\+00:00$/;

// ajv-formats' RFC 3339 date-time check supplies the calendar (Feb 30, month 13, leap years) and
// clock ranges; our shape narrows it to UTC.
const rfc3339DateTime = fullFormats['date-time'] as FormatDefinition<string>;

/** True when `text` is an ISO 8601 UTC timestamp as the contract writes them. */
export function isUtcDateTime(text: string): boolean {
  return UTC_DATE_TIME_SHAPE.test(text) && (rfc3339DateTime.validate as (s: string) => boolean)(text);
}

export const utcDateTimeFormat: FormatDefinition<string> = {
  type: 'string',
  validate: isUtcDateTime,
};

/** Meta-schema of the keyword's own value: a non-negative integer limit. */
export const maxDecimalPlacesMetaSchema = { type: 'integer', minimum: 0 } as const;

/** The decimal places of a finite number, or null for NaN and ±Infinity (which fail `maxDecimalPlaces`). */
export function finiteDecimalPlaces(data: number): number | null {
  return Number.isFinite(data) ? decimalPlaces(data) : null;
}

/**
 * Where generated validators find the vocabulary's functions (src/schema/standalone.ts): the generated module imports
 * this module under this name. An Ajv compiling in memory calls the functions themselves.
 */
export const STANDALONE_RUNTIME = 'suiteRuntime';

/**
 * The vocabulary as a 2020-12 meta-schema fragment, for tools that want to check schema files
 * (the format needs no entry: `format` values are free strings).
 */
export const suiteVocabularyMetaSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: `${SCHEMA_BASE_URI}meta/suite-vocabulary`,
  title: 'Keywords the suite adds to JSON Schema 2020-12',
  properties: { [MAX_DECIMAL_PLACES_KEYWORD]: maxDecimalPlacesMetaSchema },
} as const;

/**
 * Every format a generated validator may call, by name, as an Ajv with the suite's vocabulary has them: ajv-formats'
 * full set and `utc-date-time`. The generated module reaches it as `suiteRuntime.formats`.
 */
export const formats = { ...fullFormats, [UTC_DATE_TIME_FORMAT]: utcDateTimeFormat };
