// The validators generated ahead of time (src/schema/standalone.ts): the checked-in files are what the schemas generate
// now, and they judge every schema case as an Ajv compiling the same schemas in memory does, error for error.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import { listSchemaId, schemaId, registeredIds } from '../../src/schema/registered-schemas.ts';
import { validators } from '../../src/schema/contract-validators.generated.js';
import { validateTargetProfile } from '../../src/schema/profile-validator.generated.js';
import {
  validateCertificationReport,
  validateClientCertificationReport,
  validateHistory,
  validateLoadReport,
  validateStoppedCertification,
} from '../../src/schema/report-validators.generated.js';
import { projectAjv } from '../../src/schema/project-ajv.ts';
import {
  CONTRACT_VALIDATORS_FILE,
  contractAjv,
  contractValidatorsSource,
  PROFILE_VALIDATOR_FILE,
  profileValidatorSource,
  REPORT_SCHEMAS,
  REPORT_VALIDATORS_FILE,
  reportAjv,
  reportSchemaId,
  reportValidatorsSource,
} from '../../src/schema/standalone.ts';
import type { SchemaCase } from './cases/case.ts';
import { casesBySchema } from './cases/index.ts';

test('the checked-in validators are what the schemas generate now (else: npm run schemas:compile)', () => {
  expect(
    readFileSync(CONTRACT_VALIDATORS_FILE, 'utf8'),
    'src/schema/contract-validators.generated.js is stale: run npm run schemas:compile',
  ).toBe(contractValidatorsSource());
  expect(
    readFileSync(PROFILE_VALIDATOR_FILE, 'utf8'),
    'src/schema/profile-validator.generated.js is stale: run npm run schemas:compile',
  ).toBe(profileValidatorSource());
  expect(
    readFileSync(REPORT_VALIDATORS_FILE, 'utf8'),
    'src/schema/report-validators.generated.js is stale: run npm run schemas:compile',
  ).toBe(reportValidatorsSource());
});

test('one generated validator per registered schema, and no other', () => {
  expect(Object.keys(validators).sort()).toEqual(registeredIds().sort());
});

const inMemory = contractAjv();
/** Errors as compared: everything Ajv reports (verbose: the value met and the schema that refused it included). */
const errorsOf = (validate: { errors?: unknown }) => JSON.parse(JSON.stringify(validate.errors ?? null));

for (const [schema, cases] of Object.entries(casesBySchema) as Array<[string, SchemaCase[]]>) {
  test(`${schema}: every case judged as Ajv in memory judges it, error for error`, () => {
    for (const c of cases) {
      for (const variant of ['declared', 'extra-properties'] as const) {
        const id = c.as === 'list' ? listSchemaId(variant, c.schema) : schemaId(variant, c.schema);
        const generated = validators[id];
        const compiled = inMemory.getSchema(id)!;
        const label = `${c.description} (${variant})`;
        // Node's assert in the loop over every case: each expect() records a step with its stack, some 0.3 ms a call.
        assert.equal(generated(c.data), compiled(c.data), label);
        assert.deepEqual(errorsOf(generated), errorsOf(compiled), label);
      }
    }
  });
}

test('the target profile validator refuses and accepts as Ajv in memory does', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/target-profile.schema.json', import.meta.url), 'utf8'));
  const compiled = projectAjv({ allErrors: true }).compile(schema);
  const profiles: unknown[] = [
    { name: 'ok', cancel: null, health: null, status: {}, maxLimit: null },
    { name: 'bad method', cancel: { method: 'FETCH', path: '/subscription/{id}' }, health: null, status: {}, maxLimit: null },
    { name: 'extra', cancel: null, health: null, status: {}, maxLimit: null, surprise: true },
    { name: 12 },
    null,
  ];
  for (const profile of profiles) {
    expect(validateTargetProfile(profile), JSON.stringify(profile)).toBe(compiled(profile));
    expect(errorsOf(validateTargetProfile), JSON.stringify(profile)).toEqual(errorsOf(compiled));
  }
});

test('the report validators refuse and accept as Ajv in memory does, error for error', () => {
  const inMemoryReports = reportAjv();
  // Documents of other shapes: a load baseline as shipped, and the same with a field missing, of another type, or one
  // too many. Valid reports are judged by the generated validators wherever the tests write one (certify, history, load).
  const baseline = JSON.parse(readFileSync(new URL('../../load/baselines/pagination.json', import.meta.url), 'utf8'));
  const { verdict: _left, ...withoutVerdict } = baseline;
  const shapes: unknown[] = [null, {}, [], 'text', { format: 'osd-suite/certification@1', verdict: 'maybe' }, baseline];
  shapes.push(withoutVerdict, { ...baseline, run: 'no object' }, { ...baseline, surprise: true });
  const generatedByName = {
    validateCertificationReport,
    validateClientCertificationReport,
    validateStoppedCertification,
    validateHistory,
    validateLoadReport,
  };
  for (const [name, file] of Object.entries(REPORT_SCHEMAS)) {
    const generated = generatedByName[name as keyof typeof REPORT_SCHEMAS];
    const compiled = inMemoryReports.getSchema(reportSchemaId(file))!;
    for (const data of shapes) {
      const label = `${name}: ${JSON.stringify(data)?.slice(0, 80)}`;
      assert.equal(generated(data), compiled(data), label);
      assert.deepEqual(errorsOf(generated), errorsOf(compiled), label);
    }
  }
});
