import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { digestSchemaFiles } from '../../src/schema/digest.ts';
import { extraProperties, extraPropertiesInList, loadSchema, schemaDigest, validate, validateList } from '../../src/schema/registry.ts';
import type { SchemaName } from '../../src/schema/registry.ts';
import * as samples from './cases/samples.ts';

const SCHEMA_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));
const REGISTRY_URL = pathToFileURL(fileURLToPath(new URL('../../src/schema/registry.ts', import.meta.url))).href;

const FULL_SAMPLES: Record<SchemaName, unknown> = {
  offer: samples.offer.full,
  'offer-detail': samples.offerDetail.full,
  'offer-text': samples.offerText.full,
  'offer-pricing-and-order-limits': samples.offerPricing.full,
  'offer-dates': samples.offerDates.full,
  'offer-issuer': samples.offerIssuer.full,
  'allocation-record': samples.allocationRecord.full,
  subscription: samples.subscription.full,
  'subscription-create-request': samples.subscriptionCreateRequest.full,
  'health-check-result': samples.healthCheckResult.full,
  'error-body': samples.errorBody.full,
  'validation-error-body': samples.validationErrorBody.full,
};
const NAMES = Object.keys(FULL_SAMPLES) as SchemaName[];

test.describe('error rendering', () => {
  test('wrong type names the expected type and the received value', () => {
    const check = validate('offer', { ...samples.offer.full, pricingAndOrderLimits: { ...samples.offerPricing.full, offerPrice: '10.5' } });
    expect(check.errors).toEqual(['/pricingAndOrderLimits/offerPrice: must be number, got "10.5"']);
    expect(check.issues).toEqual([{ path: '/pricingAndOrderLimits/offerPrice', keyword: 'type', message: 'must be number, got "10.5"' }]);
  });

  test('closed enum lists the allowed values', () => {
    expect(validate('subscription', { ...samples.subscription.minimal, status: 'ACCEPTED' }).errors).toEqual([
      '/status: must be one of accepted, rejected, cancelled, got "ACCEPTED"',
    ]);
  });

  test('missing properties are reported at their own pointer, also nested', () => {
    const { id: _id, ...withoutId } = samples.subscription.minimal;
    expect(validate('subscription', withoutId).errors).toEqual(['/id: is required']);
    const { status: _status, ...detailWithoutStatus } = samples.offerDetail.full;
    expect(validate('offer', { ...samples.offer.full, details: detailWithoutStatus }).errors).toEqual(['/details/status: is required']);
  });

  test('union types, nulls, containers, root and list items render readably', () => {
    expect(validate('offer-pricing-and-order-limits', { ...samples.offerPricing.full, discount: 'none' }).errors).toEqual([
      '/discount: must be number or null, got "none"',
    ]);
    expect(validate('offer-issuer', { ...samples.offerIssuer.full, fttRequired: null }).errors).toEqual([
      '/fttRequired: must be boolean, got null',
    ]);
    expect(validate('error-body', { ...samples.errorBody.full, message: ['a', 'b'] }).errors).toEqual([
      '/message: must be string, got an array of 2 items',
    ]);
    expect(validate('health-check-result', { ...samples.healthCheckResult.full, details: null }).errors).toEqual([
      '/details: must be object, got null',
    ]);
    expect(validate('error-body', 'Bad Request').errors).toEqual(['(root): must be object, got "Bad Request"']);
    expect(validateList('error-body', [samples.errorBody.full, {}]).errors).toEqual(['/1/error: is required', '/1/message: is required']);
  });

  test('timestamps, decimals and both-or-neither have their own wording', () => {
    expect(validate('offer-dates', { ...samples.offerDates.full, lastModifiedOn: '2024-01-15T09:00:00+01:00' }).errors).toEqual([
      '/lastModifiedOn: must be a UTC date-time YYYY-MM-DDTHH:MM:SS[.fraction]Z, got "2024-01-15T09:00:00+01:00"',
    ]);
    expect(validate('subscription', { ...samples.subscription.minimal, amountRequested: 1e-7 }).errors).toEqual([
      '/amountRequested: must have at most 6 decimal places (has 7), got 1e-7',
    ]);
    const { subscriptionCategory: _c, ...typeOnly } = samples.subscriptionCreateRequest.full;
    expect(validate('subscription-create-request', typeOnly).errors).toEqual([
      '/subscriptionCategory: is required when subscriptionType is present',
    ]);
  });

  test('long received values are truncated', () => {
    const long = 'X'.repeat(500);
    const [line] = validate('offer-detail', { ...samples.offerDetail.full, countryCode: long }).errors;
    expect(line).toBe(`/countryCode: must match pattern ^[A-Za-z]{2}$, got "${'X'.repeat(39)}…" (500 chars)`);
  });

  test('pointer tokens are escaped (RFC 6901)', () => {
    const check = validateList('error-body', [{ error: 'e', message: 'm', validationErrors: [1] }]);
    expect(check.issues.map((i) => i.path)).toEqual(['/0/validationErrors/0']);
    expect(extraProperties('error-body', { ...samples.errorBody.full, 'a/b~c': 1 })).toEqual(['/a~1b~0c']);
  });

  test('every invalid value is reported, not only the first (allErrors)', () => {
    const check = validate('subscription', { ...samples.subscription.minimal, currency: 'gbp', status: 'done', offerId: 1 });
    expect(check.issues.map((i) => `${i.path} ${i.keyword}`).sort()).toEqual(['/currency enum', '/offerId type', '/status enum']);
  });
});

test.describe('extraProperties', () => {
  test('the full sample of every model has no undeclared property (schemas declare every listed field)', () => {
    for (const name of NAMES) {
      expect(extraProperties(name, FULL_SAMPLES[name]), name).toEqual([]);
    }
  });

  test('names undeclared properties at any declared depth, and they stay valid', () => {
    const data = {
      ...samples.offer.full,
      rating: 'A',
      details: {
        ...samples.offerDetail.full,
        offeringDocuments: [samples.offerDetail.full.offeringDocuments[0], { title: 't', documentUrl: 'https://e.x/d', size: 3 }],
      },
      issuer: { ...samples.offerIssuer.full, lei: 'x' },
    };
    expect(validate('offer', data).valid).toBe(true);
    expect(extraProperties('offer', data).sort()).toEqual(['/details/offeringDocuments/1/size', '/issuer/lei', '/rating']);
  });

  test('contents the contract does not show (allocation items, health details, error items) are not reported', () => {
    expect(extraProperties('allocation-record', samples.allocationRecord.full)).toEqual([]);
    expect(extraProperties('health-check-result', { ...samples.healthCheckResult.full, details: { db: { up: true } } })).toEqual([]);
    expect(extraProperties('validation-error-body', samples.validationErrorBody.full)).toEqual([]);
    expect(extraProperties('offer-detail', { ...samples.offerDetail.full, estTargetRaise: { amount: 1 } })).toEqual([]);
  });

  test('response-only fields in a create request are extra', () => {
    const data = { ...samples.subscriptionCreateRequest.minimal, id: 'sub-1', status: 'accepted' };
    expect(extraProperties('subscription-create-request', data).sort()).toEqual(['/id', '/status']);
  });

  test('still reports extras when the value is also invalid, and nothing for non-objects', () => {
    expect(extraProperties('subscription', { ...samples.subscription.minimal, status: 'x', note: 1 })).toEqual(['/note']);
    expect(extraProperties('subscription', 'text')).toEqual([]);
    expect(extraProperties('subscription', null)).toEqual([]);
  });

  test('extraPropertiesInList prefixes the item index', () => {
    const list = [samples.subscription.minimal, { ...samples.subscription.full, note: 1 }, { ...samples.subscription.minimal, tag: 'x' }];
    expect(extraPropertiesInList('subscription', list)).toEqual(['/1/note', '/2/tag']);
    expect(extraPropertiesInList('subscription', [])).toEqual([]);
    expect(extraPropertiesInList('subscription', { not: 'a list' })).toEqual([]);
  });
});

test.describe('schema files', () => {
  test('one file per model, each with its own absolute $id and the 2020-12 dialect', () => {
    for (const name of NAMES) {
      const raw = JSON.parse(readFileSync(`${SCHEMA_DIR}${name}.schema.json`, 'utf8')) as Record<string, unknown>;
      expect(raw.$id).toBe(`https://osd-suite.example/schemas/${name}.schema.json`);
      expect(raw.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(loadSchema(name)).toEqual(raw);
    }
  });

  test('loadSchema returns a copy: changing it does not change validation', () => {
    const copy = loadSchema('subscription') as { required: string[] };
    copy.required.push('neverPresent');
    expect(validate('subscription', samples.subscription.minimal).valid).toBe(true);
    expect((loadSchema('subscription') as { required: string[] }).required).not.toContain('neverPresent');
  });

  test('offer $refs its five parts', () => {
    const offer = loadSchema('offer') as { properties: Record<string, { $ref?: string }> };
    const refs = Object.values(offer.properties)
      .flatMap((p) => (p.$ref ? [p.$ref] : []))
      .sort();
    expect(refs).toEqual([
      'offer-dates.schema.json',
      'offer-detail.schema.json',
      'offer-issuer.schema.json',
      'offer-pricing-and-order-limits.schema.json',
      'offer-text.schema.json',
    ]);
  });

  test('subscriptionType is deprecated in the create request only', () => {
    const request = loadSchema('subscription-create-request') as { properties: Record<string, { deprecated?: boolean }> };
    const response = loadSchema('subscription') as { properties: Record<string, { deprecated?: boolean }> };
    expect(request.properties.subscriptionType.deprecated).toBe(true);
    expect(response.properties.subscriptionType.deprecated).toBeUndefined();
  });
});

test.describe('schemaDigest', () => {
  test("is the sha256 of the contract schema files (not the suite's own), identical on every call", () => {
    const files = NAMES.map((n) => `${n}.schema.json`)
      .sort()
      .map((name) => ({ name, text: readFileSync(`${SCHEMA_DIR}${name}`, 'utf8') }));
    expect(readdirSync(SCHEMA_DIR)).toContain('target-profile.schema.json');
    expect(schemaDigest()).toMatch(/^[0-9a-f]{64}$/);
    expect(schemaDigest()).toBe(digestSchemaFiles(files));
    expect(schemaDigest()).toBe(schemaDigest());
  });

  test('is the same in a fresh process', () => {
    const script = `import { schemaDigest } from ${JSON.stringify(REGISTRY_URL)}; process.stdout.write(schemaDigest());`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8' });
    expect(output).toBe(schemaDigest());
  });
});
