// Turns Ajv errors into short readable issues: `/status: must be one of accepted, rejected,
// cancelled, got "ACCEPTED"`. One renderer per keyword; received values are shortened.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { MAX_DECIMAL_PLACES_KEYWORD, UTC_DATE_TIME_FORMAT } from './vocabulary.ts';

export interface SchemaIssue {
  /** JSON pointer of the offending value ('' for the root); for a missing property, where it belongs. */
  path: string;
  keyword: string;
  message: string;
}

const MAX_SHOWN_STRING = 40;

/** JSON pointer token escaping (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function childPath(parent: string, property: unknown): string {
  return `${parent}/${escapePointerToken(String(property))}`;
}

/** Short description of a received value: strings quoted and truncated, containers summarised. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') {
    const shown = value.length > MAX_SHOWN_STRING ? `${value.slice(0, MAX_SHOWN_STRING - 1)}…` : value;
    const quoted = JSON.stringify(shown);
    return value.length > MAX_SHOWN_STRING ? `${quoted} (${value.length} chars)` : quoted;
  }
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}

type Renderer = (error: ErrorObject) => { path: string; message: string };

const got = (error: ErrorObject): string => `got ${showValue(error.data)}`;

function describeFormat(format: string): string {
  return format === UTC_DATE_TIME_FORMAT ? 'must be a UTC date-time YYYY-MM-DDTHH:MM:SS[.fraction]Z' : `must match format "${format}"`;
}

/** One rendering rule per Ajv keyword; anything else falls back to Ajv's own message. */
const RENDERERS: Record<string, Renderer> = {
  required: (e) => ({ path: childPath(e.instancePath, e.params.missingProperty), message: 'is required' }),
  dependentRequired: (e) => ({
    path: childPath(e.instancePath, e.params.missingProperty),
    message: `is required when ${String(e.params.property)} is present`,
  }),
  type: (e) => ({
    path: e.instancePath,
    message: `must be ${String(e.params.type).split(',').join(' or ')}, ${got(e)}`,
  }),
  enum: (e) => ({
    path: e.instancePath,
    message: `must be one of ${(e.params.allowedValues as unknown[]).map(String).join(', ')}, ${got(e)}`,
  }),
  format: (e) => ({ path: e.instancePath, message: `${describeFormat(String(e.params.format))}, ${got(e)}` }),
  pattern: (e) => ({ path: e.instancePath, message: `must match pattern ${String(e.params.pattern)}, ${got(e)}` }),
  [MAX_DECIMAL_PLACES_KEYWORD]: (e) => ({ path: e.instancePath, message: `${e.message ?? 'has too many decimal places'}, ${got(e)}` }),
  unevaluatedProperties: (e) => ({
    path: childPath(e.instancePath, e.params.unevaluatedProperty),
    message: 'is not declared by the schema',
  }),
};

const fallback: Renderer = (e) => ({ path: e.instancePath, message: `${e.message ?? `fails ${e.keyword}`}, ${got(e)}` });

/** Requires errors produced with Ajv's `verbose: true` (so `data` holds the received value). */
export function toIssue(error: ErrorObject): SchemaIssue {
  const { path, message } = (RENDERERS[error.keyword] ?? fallback)(error);
  return { path, keyword: error.keyword, message };
}

export function issueLine(issue: SchemaIssue): string {
  return `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`;
}
