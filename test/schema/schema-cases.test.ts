// Runs every schema case (test/schema/cases) as one Playwright test titled by its description.
import { expect, test } from '@playwright/test';
import { validate, validateList } from '../../src/schema/registry.ts';
import type { SchemaName } from '../../src/schema/registry.ts';
import type { SchemaCase } from './cases/case.ts';
import { casesBySchema } from './cases/index.ts';

function run(c: SchemaCase) {
  return c.as === 'list' ? validateList(c.schema, c.data) : validate(c.schema, c.data);
}

for (const [group, cases] of Object.entries(casesBySchema) as Array<[SchemaName, SchemaCase[]]>) {
  test.describe(group, () => {
    for (const c of cases) {
      test(c.description, () => {
        expect(c.schema, 'case filed under the wrong schema').toBe(group);
        const check = run(c);
        if (c.valid) {
          expect(check.errors).toEqual([]);
          expect(check.valid).toBe(true);
          return;
        }
        expect(check.valid).toBe(false);
        // Fails for the intended reason...
        expect(check.issues).toContainEqual(expect.objectContaining({ path: c.reason.path, keyword: c.reason.keyword }));
        // ...and only at the intended place.
        expect(check.issues.filter((issue) => issue.path !== c.reason.path)).toEqual([]);
        expect(check.errors).toHaveLength(check.issues.length);
      });
    }
  });
}

test('every schema has valid and invalid cases, and titles are unique per schema', () => {
  for (const [group, cases] of Object.entries(casesBySchema)) {
    expect(
      cases.some((c) => c.valid),
      `${group} has a valid case`,
    ).toBe(true);
    expect(
      cases.some((c) => !c.valid),
      `${group} has an invalid case`,
    ).toBe(true);
    const titles = cases.map((c) => c.description);
    expect(
      titles.filter((t, i) => titles.indexOf(t) !== i),
      `${group} duplicate titles`,
    ).toEqual([]);
  }
});
