// The fuzz suite's own compositions of the arbitraries generate what their names say: the body a
// property sends is valid except where it means not to be, and never a valid create where it must not.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import {
  assertProperty,
  assertSchemaAccepts,
  CREATE_BODY_FIELDS,
  invalidCreateBody,
  validCreateBody,
} from '../../src/arbitraries/index.ts';
import { validate } from '../../src/schema/registry.ts';
import { clientTagged, clientTaggedInvalid, taggedByClient } from '../../fuzz/arbitraries/client-tagged.ts';
import { edgeAmountBody } from '../../fuzz/arbitraries/edge-amount-body.ts';
import { extraFieldsBody } from '../../fuzz/arbitraries/extra-fields-body.ts';
import { malformedBody } from '../../fuzz/arbitraries/malformed-json.ts';
import { FREE_TEXT_FIELDS, oddStringBody } from '../../fuzz/arbitraries/odd-string-body.ts';
import { isEncodable } from '../../fuzz/arbitraries/odd-string.ts';
import { pathIdentifier } from '../../fuzz/arbitraries/path-identifier.ts';
import { unknownQueryParams } from '../../fuzz/arbitraries/unknown-query-params.ts';
import { OFFERS, RUNS, RUN_TAG } from '../arbitraries/fixtures.ts';

const schemaValid = (body: unknown) => validate('subscription-create-request', body).valid;

test('client-tagged bodies carry no reference, so the client tags each one', () => {
  assertProperty(
    fc.property(clientTagged(validCreateBody(OFFERS)), (body) => taggedByClient(body) && schemaValid(body)),
    { numRuns: RUNS },
  );
});

test('client-tagged invalid bodies keep a reference only when the defect is in it', () => {
  assertProperty(
    fc.property(clientTaggedInvalid(invalidCreateBody(OFFERS)), (c) => {
      const own = typeof c.body === 'object' && c.body !== null && !Array.isArray(c.body) && 'clientSubscriptionReference' in c.body;
      return own === (c.target === '/clientSubscriptionReference');
    }),
    { numRuns: RUNS },
  );
});

test('edge-amount bodies are valid bodies with the edge value as amountRequested', () => {
  assertProperty(
    fc.property(edgeAmountBody(OFFERS), ({ edge, body }) => {
      expect(body.amountRequested).toBe(edge.amount);
      assertSchemaAccepts(validate('subscription-create-request', { ...body, amountRequested: 1 }), body);
    }),
    { numRuns: RUNS },
  );
});

test('odd-string bodies are schema-valid, with the odd text in the chosen free-text field', () => {
  assertProperty(
    fc.property(oddStringBody(OFFERS, `${RUN_TAG}.`), (c) => {
      assertSchemaAccepts(validate('subscription-create-request', c.body), c.body);
      expect(c.body[c.field]).toBe(c.text);
      if (c.field === 'clientSubscriptionReference') expect(c.text.startsWith(`${RUN_TAG}.`)).toBe(true);
    }),
    { numRuns: RUNS },
  );
});

test('odd strings reach every free-text field with text longer than 64 characters', () => {
  const longIn = new Set(
    fc
      .sample(oddStringBody(OFFERS, ''), { numRuns: 500, seed: 1 })
      .filter((c) => c.text.length > 64)
      .map((c) => c.field),
  );
  expect([...longIn].sort()).toEqual([...FREE_TEXT_FIELDS].sort());
});

test('extra-field bodies are a valid body plus fields the request does not list, all sent', () => {
  assertProperty(
    fc.property(extraFieldsBody(OFFERS), ({ body, extra }) => {
      const names = Object.keys(extra);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(CREATE_BODY_FIELDS as readonly string[]).not.toContain(name);
      const wire = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
      for (const name of names) expect(Object.hasOwn(wire, name), name).toBe(true);
      const core = Object.fromEntries(Object.entries(wire).filter(([k]) => !names.includes(k)));
      assertSchemaAccepts(validate('subscription-create-request', core), core);
    }),
    { numRuns: RUNS },
  );
});

test('malformed bodies are never a valid create: not JSON, not sent as JSON, or refused by the schema', () => {
  assertProperty(
    fc.property(malformedBody(OFFERS), ({ text, contentType }) => {
      if (contentType !== undefined) return true;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return true;
      }
      return !schemaValid(parsed);
    }),
    { numRuns: RUNS },
  );
});

test('path identifiers can always be put in a URL', () => {
  assertProperty(
    fc.property(pathIdentifier({ knownOfferIds: OFFERS.map((o) => o.id) }), ({ id }) => isEncodable(id)),
    { numRuns: RUNS },
  );
});

test('unknown query parameters never name a listed one and survive URL encoding', () => {
  assertProperty(
    fc.property(unknownQueryParams(), (query) => {
      const names = Object.keys(query);
      expect(names.some((n) => ['offset', 'limit', 'modifiedAfter', 'offerId'].includes(n))).toBe(false);
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) params.append(k, v);
      expect([...new URLSearchParams(params.toString()).keys()].length).toBe(names.length);
    }),
    { numRuns: RUNS },
  );
});
