import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { CREATE_BODY_FIELDS, validCreateBody } from '../../src/arbitraries/index.ts';
import type { CreateBodyConstraints, OpenOffer } from '../../src/arbitraries/index.ts';
import { withoutReference } from './client-tagged.ts';

/** Names a body parser or an object mapper may trip on. */
const DANGEROUS_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'status',
  'membershipStatus',
  'OfferId',
  'amountrequested',
  '',
] as const;

const known = new Set<string>(CREATE_BODY_FIELDS);

/** A field name outside the request's fields (case variants of them included: names are case-sensitive). */
const extraName: Arbitrary<string> = fc
  .oneof(fc.constantFrom(...DANGEROUS_NAMES), fc.string({ maxLength: 24 }))
  .filter((name) => !known.has(name));

/** A valid body plus fields the request does not list. */
export interface ExtraFieldsBody {
  body: Record<string, unknown>;
  extra: Record<string, unknown>;
}

/**
 * Valid bodies with one to four fields the contract does not list, holding any JSON value: response
 * fields a client might echo back (id, status, membershipStatus), case variants of request fields,
 * and names that reach an object's prototype (`__proto__`, `constructor`). The contract does not say
 * whether such fields are refused or ignored; a 5xx is never right.
 */
export function extraFieldsBody(offers: readonly OpenOffer[], constraints: CreateBodyConstraints = {}): Arbitrary<ExtraFieldsBody> {
  return fc
    .tuple(
      validCreateBody(offers, constraints).map(withoutReference),
      fc.uniqueArray(fc.tuple(extraName, fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 4, selector: ([name]) => name }),
    )
    .map(([body, pairs]) => {
      const extra: Record<string, unknown> = {};
      const all: Record<string, unknown> = { ...body };
      for (const [name, value] of pairs) {
        // defineProperty: a plain assignment to "__proto__" would set the prototype instead of a field.
        Object.defineProperty(extra, name, { value, enumerable: true, writable: true, configurable: true });
        Object.defineProperty(all, name, { value, enumerable: true, writable: true, configurable: true });
      }
      return { body: all, extra };
    });
}
