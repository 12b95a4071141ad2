// The fuzz suite's own compositions of the arbitraries generate what their names say: the body a
// property sends is valid except where it means not to be, and never a valid create where it must not.
import assert from 'node:assert/strict';
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
      // Node's assert in the properties: each expect() records a step with its stack, some 0.3 ms a call.
      assert.equal(body.amountRequested, edge.amount, edge.name);
      assertSchemaAccepts(validate('subscription-create-request', { ...body, amountRequested: 1 }), body);
    }),
    { numRuns: RUNS },
  );
});

test('odd-string bodies are schema-valid, with the odd text in the chosen free-text field', () => {
  assertProperty(
    fc.property(oddStringBody(OFFERS, `${RUN_TAG}.`), (c) => {
      assertSchemaAccepts(validate('subscription-create-request', c.body), c.body);
      assert.equal(c.body[c.field], c.text, c.field);
      if (c.field === 'clientSubscriptionReference') assert.ok(c.text.startsWith(`${RUN_TAG}.`), JSON.stringify(c.text));
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
      assert.ok(names.length > 0, `no extra field: ${JSON.stringify(extra)}`);
      for (const name of names) assert.ok(!(CREATE_BODY_FIELDS as readonly string[]).includes(name), `${name} is a listed field`);
      const wire = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
      for (const name of names) assert.ok(Object.hasOwn(wire, name), `${name} not sent: ${JSON.stringify(wire)}`);
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
      assert.ok(!names.some((n) => ['offset', 'limit', 'modifiedAfter', 'offerId'].includes(n)), `a listed name: ${JSON.stringify(names)}`);
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) params.append(k, v);
      assert.equal([...new URLSearchParams(params.toString()).keys()].length, names.length, JSON.stringify(query));
    }),
    { numRuns: RUNS },
  );
});
