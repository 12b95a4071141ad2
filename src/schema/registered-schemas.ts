// The schemas the suite validates with: every file of `schemas/` (JSON Schema 2020-12) and, derived from the same
// files, a closed variant that reports properties the contract does not declare (observations / strict mode), each
// also as a list. The validators are generated from these (standalone.ts); registry.ts runs them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnySchemaObject } from 'ajv/dist/2020.js';
import { digestSchemaFiles } from './digest.ts';
import { SCHEMA_BASE_URI } from './vocabulary.ts';

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
export type Variant = 'declared' | 'extra-properties';
export const VARIANT_BASE: Record<Variant, string> = {
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

export function schemaId(variant: Variant, name: SchemaName): string {
  return `${VARIANT_BASE[variant]}${fileOf(name)}`;
}

export function listSchemaId(variant: Variant, name: SchemaName): string {
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

/** Every registered schema's $id, in the order the generated module lists them. */
export function registeredIds(): string[] {
  return registeredSchemas().map((schema) => schema.$id as string);
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
