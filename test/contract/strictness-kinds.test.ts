// One table of strictness kinds (src/contract/strictness.ts): the target profile's pins and the certification
// report's Strictness rows name exactly its kinds, so a kind added to the table cannot be left out of a schema.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STRICTNESS_KIND_NAMES } from '../../src/contract/strictness.ts';

const schema = (name: string) => JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), 'utf8'));

test('the profile schema pins every strictness kind of the table, and no other', () => {
  const pins = Object.keys(schema('target-profile.schema.json').properties.strictness.properties);
  expect(pins.sort()).toEqual([...STRICTNESS_KIND_NAMES].sort());
});

test("the certification report's Strictness rows take every kind of the table, and no other", () => {
  const kind = schema('certification-report.schema.json').properties.strictness.items.properties.kind;
  const kinds = kind.oneOf.find((k: { enum?: string[] }) => k.enum).enum as string[];
  expect(kinds.sort()).toEqual([...STRICTNESS_KIND_NAMES].sort());
});
