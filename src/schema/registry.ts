// The schema registry: validates a value against one of the contract's schemas (registered-schemas.ts) with code Ajv
// generated ahead of time (standalone.ts, `npm run schemas:compile`): a process loads no Ajv and compiles nothing to
// check an answer.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { validators as generatedValidators } from './contract-validators.generated.js';
import { listSchemaId, schemaId, type SchemaName } from './registered-schemas.ts';
import { issueLine, type SchemaIssue, toIssue } from './render-issues.ts';

export type { SchemaIssue } from './render-issues.ts';
export {
  enumFieldsOf,
  loadSchema,
  registeredIds,
  registeredSchemas,
  SCHEMA_NAMES,
  type SchemaName,
  schemaDigest,
} from './registered-schemas.ts';

export interface SchemaCheck {
  valid: boolean;
  /** Readable lines, e.g. `/status: must be one of accepted, rejected, cancelled, got "ACCEPTED"`. */
  errors: string[];
  issues: SchemaIssue[];
}

/** The generated validator of a registered schema (contract-validators.generated.js, from `npm run schemas:compile`). */
function validatorFor(id: string): ValidateFunction {
  const validator = generatedValidators[id];
  if (!validator) throw new Error(`schema registry: no schema with $id ${id} (run npm run schemas:compile after changing schemas/)`);
  return validator;
}

/**
 * Values that passed a closed (extra-properties) variant, per declared schema id. The closed variant is
 * the declared schema plus `unevaluatedProperties: false`, so such a value is valid for the declared
 * one too: the exchange checks run both on every body, and the second validation is skipped.
 */
const passedClosed = new Map<string, WeakSet<object>>();

function check(id: string, data: unknown): SchemaCheck {
  if (typeof data === 'object' && data !== null && passedClosed.get(id)?.has(data)) return { valid: true, errors: [], issues: [] };
  const validator = validatorFor(id);
  const valid = validator(data) as boolean;
  const issues = valid ? [] : (validator.errors ?? []).map(toIssue);
  return { valid, errors: issues.map(issueLine), issues };
}

function undeclared(id: string, declaredId: string, data: unknown): string[] {
  const validator = validatorFor(id);
  if (validator(data)) {
    if (typeof data === 'object' && data !== null) {
      if (!passedClosed.has(declaredId)) passedClosed.set(declaredId, new WeakSet());
      passedClosed.get(declaredId)!.add(data);
    }
    return [];
  }
  const pointers = (validator.errors ?? []).filter((e) => e.keyword === 'unevaluatedProperties').map((e) => toIssue(e).path);
  return [...new Set(pointers)];
}

/** Validates one value of the model `name`. */
export function validate(name: SchemaName, data: unknown): SchemaCheck {
  return check(schemaId('declared', name), data);
}

/** Validates an array of the model `name`; issue paths start with the item index (`/3/details/status`). */
export function validateList(name: SchemaName, data: unknown): SchemaCheck {
  return check(listSchemaId('declared', name), data);
}

/**
 * JSON pointers of properties present in `data` that the schema does not declare (at any depth
 * where the contract lists the fields). Extra properties are allowed by the schemas; this is for
 * observations and an opt-in strict mode.
 */
export function extraProperties(name: SchemaName, data: unknown): string[] {
  return undeclared(schemaId('extra-properties', name), schemaId('declared', name), data);
}

/** As `extraProperties`, for an array of the model (`/0/details/newField`). */
export function extraPropertiesInList(name: SchemaName, data: unknown): string[] {
  return undeclared(listSchemaId('extra-properties', name), listSchemaId('declared', name), data);
}
