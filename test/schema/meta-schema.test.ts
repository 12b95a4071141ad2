// The project's schemas are valid JSON Schema 2020-12. Its Ajv instances skip that check at start-up
// (src/schema/project-ajv.ts: it costs each process a compile of the meta-schema), so it is made here, once,
// on every schema they compile: the files of schemas/, the registry's variants of them, the reference's route schemas.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { expect, test } from '@playwright/test';
import { ROUTE_SCHEMAS } from '../../reference/route-schemas.ts';
import { registeredSchemas } from '../../src/schema/registry.ts';

const SCHEMA_DIR = join(import.meta.dirname, '../../schemas');
/** The meta-schema check projectAjv leaves out. */
const metaCheck = new Ajv2020({ allErrors: true });

/** Where `schema` breaks the 2020-12 meta-schema, one line per error (none when it is valid). */
function metaSchemaErrors(schema: object): string[] {
  if (metaCheck.validateSchema(schema)) return [];
  return (metaCheck.errors ?? []).map((e) => `${e.instancePath || '(root)'}: ${e.message}`);
}

test('the check has teeth: a schema with a misspelt type or a negative length is refused', () => {
  expect(metaSchemaErrors({ type: 'strnig' })).not.toEqual([]);
  expect(metaSchemaErrors({ type: 'object', properties: { a: { type: 'string', minLength: -1 } } })).not.toEqual([]);
  expect(metaSchemaErrors({ type: 'string', minLength: 1 })).toEqual([]);
});

test('every file of schemas/ is a valid 2020-12 schema', () => {
  const files = readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.schema.json'));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) expect(metaSchemaErrors(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'))), file).toEqual([]);
});

test("every schema of the registry (the contract's models, their closed variants, lists of each) is valid", () => {
  const schemas = registeredSchemas();
  expect(schemas.length).toBeGreaterThan(30);
  for (const schema of schemas) expect(metaSchemaErrors(schema), String(schema.$id)).toEqual([]);
});

test('every schema a reference route declares (params, query, body, responses) is valid', () => {
  let checked = 0;
  for (const [route, parts] of Object.entries(ROUTE_SCHEMAS)) {
    for (const [part, schema] of Object.entries(parts as Record<string, object>)) {
      const schemas = part === 'response' ? Object.entries(schema) : [['', schema] as const];
      for (const [status, one] of schemas) {
        expect(metaSchemaErrors(one as object), `${route} ${part} ${status}`).toEqual([]);
        checked++;
      }
    }
  }
  expect(checked).toBeGreaterThan(40);
});
