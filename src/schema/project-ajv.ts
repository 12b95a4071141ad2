/**
 * Every Ajv (JSON Schema 2020-12) instance the suite and the reference use is made here. Each schema the project compiles is its own:
 * `schemas/*.json`, the registry's variants of them, the reference's route schemas. They are checked against the
 * 2020-12 meta-schema once, by the project's tests (test/schema/meta-schema.test.ts), not again in every process at
 * start-up: there Ajv would first compile the meta-schema, about 0.2 s of CPU in each Playwright runner and worker a
 * run starts (a certification starts several; the fault self-tests start hundreds). Strict mode and the suite's
 * keywords' own meta-schemas still apply when a schema is compiled.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { Options } from 'ajv/dist/2020.js';

export function projectAjv(options: Options = {}): Ajv2020 {
  return new Ajv2020({ ...options, validateSchema: false });
}
