import { expect, test } from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020.js';
import { BAD_TIMESTAMPS, GOOD_TIMESTAMPS } from './cases/case.ts';
import { addSuiteVocabulary } from '../../src/schema/ajv-vocabulary.ts';
import { isUtcDateTime, suiteVocabularyMetaSchema } from '../../src/schema/vocabulary.ts';

// strictTypes off: these schemas deliberately apply the keyword/format without a `type`.
const freshAjv = (strictNumbers = true) => addSuiteVocabulary(new Ajv2020({ allErrors: true, strictTypes: false, strictNumbers }));

test('isUtcDateTime accepts UTC timestamps with or without a fraction, with Z or a zero offset', () => {
  for (const text of [...GOOD_TIMESTAMPS, '2000-02-29T00:00:00Z', '1999-12-31T23:59:59.999999999Z']) {
    expect(isUtcDateTime(text), text).toBe(true);
  }
});

test('isUtcDateTime rejects offsets, missing zone, impossible dates and other separators', () => {
  for (const text of [
    ...BAD_TIMESTAMPS,
    '1900-02-29T00:00:00Z',
    '2024-04-31T00:00:00Z',
    '2024-01-15T09:30:00.123-00:00',
    '2024-01-15T09:30:00.123+0000',
    '+002024-01-15T09:30:00Z',
    ' 2024-01-15T09:30:00Z',
  ]) {
    expect(isUtcDateTime(text), text).toBe(false);
  }
});

test('the format is applied by Ajv and ignores non-strings (type decides those)', () => {
  const check = freshAjv().compile({ format: 'utc-date-time' });
  expect(check('2024-01-15T09:30:00Z')).toBe(true);
  expect(check('2024-01-15T09:30:00+01:00')).toBe(false);
  expect(check(12)).toBe(true);
});

test('maxDecimalPlaces: limit inclusive, reports the count, ignores non-numbers', () => {
  const check = freshAjv().compile({ maxDecimalPlaces: 2 });
  expect(check(1.25)).toBe(true);
  expect(check(1.255)).toBe(false);
  expect(check.errors?.[0]).toMatchObject({
    keyword: 'maxDecimalPlaces',
    params: { limit: 2, decimalPlaces: 3 },
    message: 'must have at most 2 decimal places (has 3)',
  });
  expect(check('1.255')).toBe(true);
  expect(check(null)).toBe(true);
});

test('maxDecimalPlaces: a limit of 0 means integers only', () => {
  const check = freshAjv().compile({ maxDecimalPlaces: 0 });
  expect(check(7)).toBe(true);
  expect(check(1e21)).toBe(true);
  expect(check(0.5)).toBe(false);
});

test('maxDecimalPlaces: non-finite numbers fail instead of throwing', () => {
  // With strictNumbers (the registry's setting) `type: number` already refuses NaN/Infinity...
  const strict = freshAjv().compile({ type: 'number', maxDecimalPlaces: 6 });
  expect(strict(Number.NaN)).toBe(false);
  expect(strict.errors?.map((e) => e.keyword)).toEqual(['type']);
  // ...and where an instance lets them through, the keyword refuses them itself.
  const lax = freshAjv(false).compile({ maxDecimalPlaces: 6 });
  expect(lax(Number.NaN)).toBe(false);
  expect(lax(Number.POSITIVE_INFINITY)).toBe(false);
  expect(lax.errors?.[0]?.message).toBe('must be a finite JSON number');
});

test('maxDecimalPlaces: the keyword value itself must be a non-negative integer', () => {
  expect(() => freshAjv().compile({ maxDecimalPlaces: -1 })).toThrow();
  expect(() => freshAjv().compile({ maxDecimalPlaces: 1.5 })).toThrow();
  expect(() => freshAjv().compile({ maxDecimalPlaces: '6' })).toThrow();
});

test('the vocabulary meta-schema accepts the keyword as the schemas use it and rejects bad values', () => {
  const check = freshAjv().compile(suiteVocabularyMetaSchema);
  expect(check({ type: 'number', maxDecimalPlaces: 6 })).toBe(true);
  expect(check({ maxDecimalPlaces: -1 })).toBe(false);
});
