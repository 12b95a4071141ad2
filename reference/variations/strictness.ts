// Variation switches, strictness (issue 48, item 2): invalid input accepted and handled exactly as the one valid
// request it evidently stands for, as lenient frameworks do by default (Jackson's scalar coercion, a query parser that
// keeps one value of a repeated parameter, a router that ignores a trailing slash). Not a deviation of the contract's
// words: each must certify PASS with its strictness findings listed (src/contract/strictness.ts), and FAIL under
// API_STRICT=1 (test/certify/certify-strictness.test.ts). One area of the table joined in reference/variations.ts.
import { enumFieldsOf } from '../../src/schema/registry.ts';
import { OPTIONAL_CREATE_BODY_FIELDS } from '../../src/contract/vocabulary.ts';
import type { ParameterValidator } from '../behaviour.ts';
import { editParametersFirst, isRecord, type Json, patch, protocol } from '../patches.ts';
import type { VariationSwitch } from './variation-switch.ts';

/** Request fields the create schema gives an enum (subscriptionType, currency, ...). */
const ENUM_FIELDS = enumFieldsOf('subscription-create-request');
const NUMBER_FIELDS = ['amountRequested', 'numExistingShares'];
const BOOLEAN_FIELDS = ['isExistingShareholder', 'isIssuerEmployee'];
/** A JSON number's spelling, as a lenient parser reads one out of a string. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** A date-time with a zone offset that is not Z (the contract's form is UTC with Z). */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?[+-]\d{2}:?\d{2}$/;

/** A create validator that first rewrites the body the lenient way `edit` says, then validates it as the reference does. */
const lenientCreate = (edit: (body: Json) => Json) =>
  patch('subscriptions', (current) => ({ validate: (body) => current.validate(isRecord(body) ? edit({ ...body }) : body) }));

/**
 * `validate` with every invalid query value dropped first; `compiled` (the route's own validator, which carries its
 * schema) says which keys are required: path parameters are, and are never dropped.
 */
function ignoringInvalidValues(validate: ParameterValidator, compiled: ParameterValidator): ParameterValidator {
  const required = new Set((compiled as { schema?: { required?: string[] } }).schema?.required ?? []);
  const strict = validate;
  const lenient: ParameterValidator = (data) => {
    for (;;) {
      if (strict(data)) {
        lenient.errors = null;
        return true;
      }
      // A repeated parameter (an array) is left to be refused: ignoring it is not what this server does.
      const invalid = (strict.errors ?? [])
        .map((e) => e.instancePath.split('/')[1])
        .filter((k) => k !== undefined && !required.has(k) && k in data && !Array.isArray(data[k]));
      if (invalid.length === 0) {
        lenient.errors = strict.errors;
        return false;
      }
      for (const key of invalid) delete data[key];
    }
  };
  return lenient;
}

/** One value of every repeated query parameter, the first or the last, as query parsers differ. */
const oneOfRepeated = (which: 'first' | 'last') =>
  editParametersFirst((data) => {
    for (const [key, value] of Object.entries(data)) if (Array.isArray(value)) data[key] = which === 'first' ? value[0] : value.at(-1);
  });

export const STRICTNESS_VARIATIONS = [
  {
    name: 'null-as-absent',
    shows: ['null-as-absent'],
    description: 'An explicit null in an optional create field is taken as the field left out (as Jackson and most binders do).',
    apply: lenientCreate((body) => {
      for (const field of OPTIONAL_CREATE_BODY_FIELDS) if (body[field] === null) delete body[field];
      return body;
    }),
  },
  {
    name: 'scalar-strings',
    shows: ['numeric-string', 'boolean-string'],
    description:
      'Numbers and booleans given as strings ("750", "true") are taken as the value they spell (Jackson coerces scalars by default).',
    apply: lenientCreate((body) => {
      for (const field of NUMBER_FIELDS) {
        const value = body[field];
        if (typeof value === 'string' && JSON_NUMBER.test(value)) body[field] = Number(value);
      }
      for (const field of BOOLEAN_FIELDS) if (body[field] === 'true' || body[field] === 'false') body[field] = body[field] === 'true';
      return body;
    }),
  },
  {
    name: 'enum-case-insensitive',
    shows: ['enum-case'],
    description: 'Enum values are matched ignoring letter case ("Retail", "gbp") and stored in the enum\'s own spelling.',
    apply: lenientCreate((body) => {
      for (const [field, values] of ENUM_FIELDS) {
        const value = body[field];
        if (typeof value !== 'string') continue;
        const match = values.find((v) => v.toLowerCase() === value.toLowerCase());
        if (match !== undefined) body[field] = match;
      }
      return body;
    }),
  },
  {
    name: 'offset-timestamps',
    shows: ['offset-timestamp'],
    description: 'A clientSubscriptionTimestamp with a zone offset (+01:00) is taken as the same instant and stored in UTC.',
    apply: lenientCreate((body) => {
      const value = body.clientSubscriptionTimestamp;
      if (typeof value === 'string' && WITH_OFFSET.test(value) && Number.isFinite(Date.parse(value)))
        body.clientSubscriptionTimestamp = new Date(value).toISOString();
      return body;
    }),
  },
  {
    name: 'repeated-parameter-first',
    shows: ['repeated-parameter'],
    description: 'A repeated query parameter (offset=0&offset=5) is answered with its first value, as many query parsers keep.',
    apply: oneOfRepeated('first'),
  },
  {
    name: 'repeated-parameter-last',
    shows: ['repeated-parameter'],
    description: 'A repeated query parameter (offset=0&offset=5) is answered with its last value, as other query parsers keep.',
    apply: oneOfRepeated('last'),
  },
  {
    name: 'invalid-query-ignored',
    shows: ['invalid-query-ignored'],
    description: 'A query parameter with an invalid value (offset=abc, limit=-1, modifiedAfter=yesterday) is ignored, not refused.',
    apply: patch('parameters', (current) => ({ validator: (strict) => ignoringInvalidValues(current.validator(strict), strict) })),
  },
  {
    name: 'trailing-slash',
    shows: ['trailing-slash'],
    description: 'Every route is answered with a trailing slash too (GET /offer/ as GET /offer), as routers with that option do.',
    apply: protocol({ trailingSlash: true }),
  },
] as const satisfies readonly VariationSwitch[];
