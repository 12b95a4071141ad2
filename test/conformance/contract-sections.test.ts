// The contract is in the repository (spec/offer-subscription-api.md), and every clause of the catalogue
// cites a place that exists in it: a heading path ("Endpoints / Cancel a subscription", matched as the
// start of each heading) or, for the preamble, the paragraph it names ("Conventions:").
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { clauses } from '../../src/contract/clauses/catalogue.ts';

const SPEC = readFileSync(new URL('../../spec/offer-subscription-api.md', import.meta.url), 'utf8');

/** Each heading with the titles of the headings above it: `Endpoints / Get all offers`. */
function headingPaths(markdown: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const [, hashes, title] of markdown.matchAll(/^(#{2,4}) (.+)$/gm)) {
    stack.length = hashes.length - 2;
    stack.push(title.trim());
    paths.push(stack.join(' / '));
  }
  return paths;
}

test('every clause cites a section of the contract in spec/', () => {
  const paths = headingPaths(SPEC);
  expect(paths).toContain('Endpoints / Cancel a subscription');
  const cites = (section: string) => {
    const parts = section.split(' / ');
    return (
      paths.some((p) => {
        const have = p.split(' / ');
        return have.length === parts.length && parts.every((part, i) => have[i].startsWith(part));
      }) || new RegExp(`^${section}:`, 'm').test(SPEC)
    );
  };
  const missing = [...new Set(clauses.map((c) => c.section))].filter((section) => !cites(section));
  expect(missing, 'sections cited by the catalogue that the contract does not have').toEqual([]);
  expect(cites('Endpoints / Refund a subscription'), 'a section the contract does not have').toBe(false);
});
