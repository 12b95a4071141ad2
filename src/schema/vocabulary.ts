// The suite's own JSON Schema vocabulary: one format (`utc-date-time`) and one keyword
// (`maxDecimalPlaces`). Kept apart from the registry so any other Ajv instance (reference server,
// generated validators) registers exactly the same definitions.
import type AjvCore from 'ajv/dist/core.js';
import type { FormatDefinition, FuncKeywordDefinition, SchemaValidateFunction } from 'ajv/dist/types/index.js';
import addFormats from 'ajv-formats';
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
const rfc3339DateTime = addFormats.get('date-time', 'full') as FormatDefinition<string>;

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

const validateMaxDecimalPlaces: SchemaValidateFunction = (limit: number, data: number): boolean => {
  if (!Number.isFinite(data)) {
    validateMaxDecimalPlaces.errors = [{ keyword: MAX_DECIMAL_PLACES_KEYWORD, message: 'must be a finite JSON number', params: { limit } }];
    return false;
  }
  const places = decimalPlaces(data);
  if (places <= limit) return true;
  validateMaxDecimalPlaces.errors = [
    {
      keyword: MAX_DECIMAL_PLACES_KEYWORD,
      message: `must have at most ${limit} decimal places (has ${places})`,
      params: { limit, decimalPlaces: places },
    },
  ];
  return false;
};

/**
 * `maxDecimalPlaces: N` on a number: its shortest round-trip decimal form (see `decimalPlaces`) has
 * at most N digits after the point. Ignores non-numbers, like every JSON Schema assertion.
 */
export const maxDecimalPlacesKeyword: FuncKeywordDefinition = {
  keyword: MAX_DECIMAL_PLACES_KEYWORD,
  type: 'number',
  schemaType: 'number',
  metaSchema: maxDecimalPlacesMetaSchema,
  errors: true,
  validate: validateMaxDecimalPlaces,
};

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

/** Registers the standard formats, `utc-date-time` and `maxDecimalPlaces` on an Ajv instance. */
export function addSuiteVocabulary<A extends AjvCore>(ajv: A): A {
  addFormats(ajv);
  ajv.addFormat(UTC_DATE_TIME_FORMAT, utcDateTimeFormat);
  ajv.addKeyword(maxDecimalPlacesKeyword);
  return ajv;
}
