// ARCHITECTURE.md's recipes stay true: every file or folder they name exists (issue 42 item 4). A recipe that points at
// a list that no longer exists fails here.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test("every path ARCHITECTURE.md's recipes name exists", () => {
  const doc = readFileSync('ARCHITECTURE.md', 'utf8');
  const recipes = doc.slice(doc.indexOf('## Recipes'), doc.indexOf('\n## ', doc.indexOf('## Recipes') + 1));
  const paths = [...recipes.matchAll(/`((?:src|test|reference|load|conformance|fuzz)\/[\w./-]+)`/g)]
    .map((m) => m[1] ?? '')
    .filter((p) => !p.includes('<'));
  expect(paths.length).toBeGreaterThan(10);
  expect(paths.filter((p) => !existsSync(p))).toEqual([]);
});
