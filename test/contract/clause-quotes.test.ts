// Every binding clause (`must`, `security`) quotes the contract: the sentence(s) or table row(s) of
// spec/offer-subscription-api.md it enforces, verbatim (whitespace normalised; a table row cell by cell). A quote the
// contract does not hold, or a binding clause with none, fails here (issue 48, item 1).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { clauses, isBinding } from '../../src/contract/clauses/catalogue.ts';
import { quotesOf } from '../../src/contract/clauses/clause.ts';
import { quoteFound } from '../../src/contract/contract-quote.ts';

const SPEC = readFileSync(new URL('../../spec/offer-subscription-api.md', import.meta.url), 'utf8');

test('every must and security clause quotes the contract', () => {
  const binding = clauses.filter((c) => isBinding(c.kind));
  expect(binding.length).toBeGreaterThan(60);
  const without = binding.filter((c) => quotesOf(c).length === 0).map((c) => c.id);
  expect(without, 'binding clauses with no quote of the contract').toEqual([]);
});

test('every quote of a clause is in the contract, word for word', () => {
  const notFound = clauses.flatMap((c) =>
    quotesOf(c)
      .filter((q) => !quoteFound(SPEC, q))
      .map((q) => `${c.id}: ${q}`),
  );
  expect(notFound, 'quotes spec/offer-subscription-api.md does not hold').toEqual([]);
});

test('a sentence is found with its whitespace normalised, not with a word changed', () => {
  expect(quoteFound(SPEC, 'A failed call returns a 4xx status with a JSON error body.')).toBe(true);
  expect(quoteFound(SPEC, 'A failed call returns\n  a 4xx status   with a JSON error body.')).toBe(true);
  expect(quoteFound(SPEC, 'A failed call returns a 4xx or 5xx status with a JSON error body.')).toBe(false);
  // What the suite used to claim of repeated parameters: no sentence of the contract says it.
  expect(quoteFound(SPEC, 'A repeated query parameter is refused.')).toBe(false);
  expect(quoteFound(SPEC, '')).toBe(false);
  expect(quoteFound(SPEC, '   ')).toBe(false);
});

test('a table row is found cell by cell, whatever the blanks around its pipes, and only as a whole row', () => {
  expect(quoteFound(SPEC, '| offset | number | Zero-based index of the first offer returned |')).toBe(true);
  expect(quoteFound(SPEC, '|offset|number|Zero-based index of the first offer returned|')).toBe(true);
  expect(quoteFound(SPEC, '|  offset |  number  | Zero-based index of the first offer returned')).toBe(true);
  // A cell changed, a cell missing, a row of two tables joined: not the contract's row.
  expect(quoteFound(SPEC, '| offset | string | Zero-based index of the first offer returned |')).toBe(false);
  expect(quoteFound(SPEC, '| offset | Zero-based index of the first offer returned |')).toBe(false);
  expect(quoteFound(SPEC, '| offset | number |')).toBe(false);
});
