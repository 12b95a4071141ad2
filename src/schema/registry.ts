// The schema registry: one Ajv (JSON Schema 2020-12) instance holding every schema of `schemas/`,
// each compiled once, on first use. Also derives, from the same files, a variant that reports
// properties the contract does not declare (observations / strict mode).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { AnySchemaObject, ValidateFunction } from 'ajv/dist/2020.js';
import { digestSchemaFiles } from './digest.ts';
import { projectAjv } from './project-ajv.ts';
import { issueLine, toIssue } from './render-issues.ts';
import type { SchemaIssue } from './render-issues.ts';
import { SCHEMA_BASE_URI, addSuiteVocabulary } from './vocabulary.ts';

export type { SchemaIssue } from './render-issues.ts';

export type SchemaName =
  | 'offer'
  | 'offer-detail'
  | 'offer-text'
  | 'offer-pricing-and-order-limits'
  | 'offer-dates'
  | 'offer-issuer'
  | 'allocation-record'
  | 'subscription'
  | 'subscription-create-request'
  | 'health-check-result'
  | 'error-body'
  | 'validation-error-body';

export interface SchemaCheck {
  valid: boolean;
  /** Readable lines, e.g. `/status: must be one of accepted, rejected, cancelled, got "ACCEPTED"`. */
  errors: string[];
  issues: SchemaIssue[];
}

export const SCHEMA_NAMES: readonly SchemaName[] = [
  'offer',
  'offer-detail',
  'offer-text',
  'offer-pricing-and-order-limits',
  'offer-dates',
  'offer-issuer',
  'allocation-record',
  'subscription',
  'subscription-create-request',
  'health-check-result',
  'error-body',
  'validation-error-body',
];

const SCHEMA_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));
const SCHEMA_FILE_SUFFIX = '.schema.json';

const fileOf = (name: SchemaName): string => `${name}${SCHEMA_FILE_SUFFIX}`;

/** Variants registered under their own `$id` folder; relative `$ref`s between files stay inside it. */
type Variant = 'declared' | 'extra-properties';
const VARIANT_BASE: Record<Variant, string> = {
  declared: SCHEMA_BASE_URI,
  'extra-properties': `${SCHEMA_BASE_URI}extra-properties/`,
};

const rawSchemas = new Map<SchemaName, AnySchemaObject>(
  SCHEMA_NAMES.map((name) => [name, JSON.parse(readFileSync(`${SCHEMA_DIR}${fileOf(name)}`, 'utf8')) as AnySchemaObject]),
);

// Keywords whose value is a subschema, a map of subschemas, or a list of subschemas (2020-12).
const SUBSCHEMA_KEYWORDS = [
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;
const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;
const SUBSCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/**
 * Copy of a schema where every object schema that declares `properties` also says
 * `unevaluatedProperties: false`, so Ajv names each property the contract does not declare.
 * Objects whose contents the contract does not show (no `properties`) stay open.
 */
function closeDeclaredObjects(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const copy: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    if (keyword in copy) copy[keyword] = closeDeclaredObjects(copy[keyword]);
  }
  for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
    const map = copy[keyword];
    if (map && typeof map === 'object') {
      copy[keyword] = Object.fromEntries(Object.entries(map).map(([key, sub]) => [key, closeDeclaredObjects(sub)]));
    }
  }
  for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
    const list = copy[keyword];
    if (Array.isArray(list)) copy[keyword] = list.map(closeDeclaredObjects);
  }
  if ('properties' in copy && !('unevaluatedProperties' in copy)) copy.unevaluatedProperties = false;
  return copy;
}

function schemaId(variant: Variant, name: SchemaName): string {
  return `${VARIANT_BASE[variant]}${fileOf(name)}`;
}

function listSchemaId(variant: Variant, name: SchemaName): string {
  return `${VARIANT_BASE[variant]}list/${fileOf(name)}`;
}

/** Every schema the registry holds: each file of `schemas/`, its closed variant, and a list of each (the meta-schema test reads them). */
export function registeredSchemas(): AnySchemaObject[] {
  return SCHEMA_NAMES.flatMap((name) => {
    const raw = rawSchemas.get(name)!;
    const lists = (Object.keys(VARIANT_BASE) as Variant[]).map((variant) => ({
      $id: listSchemaId(variant, name),
      type: 'array',
      items: { $ref: schemaId(variant, name) },
    }));
    return [raw, { ...(closeDeclaredObjects(raw) as AnySchemaObject), $id: schemaId('extra-properties', name) }, ...lists];
  });
}

function createAjv(): Ajv2020 {
  const ajv = addSuiteVocabulary(projectAjv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true }));
  for (const schema of registeredSchemas()) ajv.addSchema(schema);
  return ajv;
}

const ajv = createAjv();
const compiled = new Map<string, ValidateFunction>();

/** Compiles a registered schema on first use and keeps it; never compiles per call. */
function validatorFor(id: string): ValidateFunction {
  let validator = compiled.get(id);
  if (!validator) {
    validator = ajv.getSchema(id);
    if (!validator) throw new Error(`schema registry: no schema with $id ${id}`);
    compiled.set(id, validator);
  }
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

/**
 * Compiles every validator now (each model, its list, and their extra-property variants), for a benchmark that
 * measures the checks without their compile cost. A suite run does not call it: a worker compiles each validator on
 * first use, so a worker that runs three tests (a fault self-test run, a worker restarted after a failure) compiles
 * only what they use.
 */
export function compileAll(): void {
  for (const name of SCHEMA_NAMES) {
    for (const variant of Object.keys(VARIANT_BASE) as Variant[]) {
      validatorFor(schemaId(variant, name));
      validatorFor(listSchemaId(variant, name));
    }
  }
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

let digest: string | undefined;

/**
 * sha256 hex over the contract's schema files (one per model of the contract, sorted by name); stable
 * across runs. The suite's own schemas (target profile, certification report) are not part of it: the
 * digest fingerprints what the contract's shapes were checked against.
 */
export function schemaDigest(): string {
  digest ??= digestSchemaFiles(
    SCHEMA_NAMES.map((name) => fileOf(name))
      .sort()
      .map((file) => ({ name: file, text: readFileSync(`${SCHEMA_DIR}${file}`, 'utf8') })),
  );
  return digest;
}

/** The schema file's JSON as written (a copy: changing it does not affect the registry). */
export function loadSchema(name: SchemaName): object {
  const raw = rawSchemas.get(name);
  if (!raw) throw new Error(`schema registry: unknown schema name ${String(name)}`);
  return structuredClone(raw);
}

/** The top-level properties of a schema that carry an `enum`, with their values, in schema order. */
export function enumFieldsOf(name: SchemaName): Array<[field: string, values: readonly string[]]> {
  const { properties = {} } = loadSchema(name) as { properties?: Record<string, { enum?: string[] }> };
  return Object.entries(properties).flatMap(([field, schema]) =>
    schema.enum ? [[field, schema.enum] as [string, readonly string[]]] : [],
  );
}
