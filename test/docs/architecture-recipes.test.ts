// ARCHITECTURE.md's recipes stay true (issue 42 item 4): every file they name exists, every name they give in code is
// found in the files they name, and what the clause, fault and variation recipes say of the tables holds. A recipe that
// points at a list that no longer exists, or a new hand-kept list a recipe does not name, fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults.ts';
import { VARIATION_NAMES } from '../../reference/variations.ts';
import type { Clause } from '../../src/contract/clauses/clause.ts';
import { clauses, clientClauses } from '../../src/contract/clauses/catalogue.ts';
import { ROOT } from '../checkout.ts';

const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
const recipes = doc.slice(doc.indexOf('## Recipes'), doc.indexOf('\n## ', doc.indexOf('## Recipes') + 1));

/** One recipe's text, from its bold title to the next. */
function recipe(title: string): string {
  const from = recipes.indexOf(`**${title}.**`);
  expect(from, `ARCHITECTURE.md has no recipe "${title}"`).toBeGreaterThanOrEqual(0);
  const next = recipes.indexOf('\n**A ', from + 1);
  return recipes.slice(from, next < 0 ? undefined : next);
}

/** The code spans of a text. */
const spans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');

/** The repository paths a text names; `<area>` stands for every file of its folder. */
function pathsIn(text: string): string[] {
  return spans(text)
    .filter((s) => /^(?:src|test|reference|load|conformance|fuzz|spec)\/[\w./<>-]+$/.test(s))
    .flatMap((p) => {
      if (!p.includes('<')) return [p];
      const dir = dirname(`${p.slice(0, p.indexOf('<'))}x`);
      return existsSync(join(ROOT, dir)) ? readdirSync(join(ROOT, dir)).map((f) => `${dir}/${f}`) : [p];
    });
}

test("every path ARCHITECTURE.md's recipes name exists", () => {
  const paths = pathsIn(recipes);
  expect(paths.length).toBeGreaterThan(10);
  expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
});

test('every name the recipes give in code is found in a file they name', () => {
  const files = pathsIn(recipes).filter((p) => existsSync(join(ROOT, p)) && statSync(join(ROOT, p)).isFile());
  const texts = files.map((f) => readFileSync(join(ROOT, f), 'utf8'));
  const names = [
    ...new Set(
      spans(recipes)
        .map((s) => s.replace(/\((?:\.\.\.|\{\.\.\.\})\)$/, ''))
        .filter((s) => /^[A-Za-z_]\w*$/.test(s)),
    ),
  ];
  expect(names.length).toBeGreaterThan(30);
  expect(names.filter((n) => !texts.some((t) => new RegExp(`\\b${n}\\b`).test(t)))).toEqual([]);
});

/** Every clause of a clause-area file, by file (each file's exported arrays of clauses). */
async function clausesByFile(): Promise<Map<string, Clause[]>> {
  const dir = 'src/contract/clauses';
  const byFile = new Map<string, Clause[]>();
  for (const file of readdirSync(join(ROOT, dir)).filter((f) => !['clause.ts', 'catalogue.ts'].includes(f))) {
    const module = (await import(join(ROOT, dir, file))) as Record<string, unknown>;
    const found = Object.values(module).filter(Array.isArray).flat() as Clause[];
    byFile.set(
      file,
      found.filter((c) => typeof c?.id === 'string' && typeof c?.kind === 'string'),
    );
  }
  return byFile;
}

test('the clause recipe: one area file per ID prefix, each spread into the catalogue, every kind named', async () => {
  const byFile = await clausesByFile();
  const prefix = (c: Clause) => c.id.split('-')[0];
  const owners = new Map<string, string[]>();
  for (const [file, list] of byFile) for (const p of new Set(list.map(prefix))) owners.set(p, [...(owners.get(p) ?? []), file]);
  // "the file its ID prefix names": a prefix lives in one file, and a file holds one prefix.
  expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  expect([...byFile].filter(([, list]) => new Set(list.map(prefix)).size !== 1).map(([file]) => file)).toEqual([]);
  // "spread into catalogue.ts": the files' clauses are the catalogue's, no more, no fewer.
  const fromFiles = [...byFile.values()].flat().map((c) => c.id);
  expect(fromFiles.sort()).toEqual([...clauses, ...clientClauses].map((c) => c.id).sort());
  // Every kind the catalogue uses is one the recipe names.
  const named = new Set(spans(recipe('A clause')));
  const kinds = [...new Set([...clauses, ...clientClauses].map((c) => c.kind))];
  expect(kinds.filter((k) => !named.has(k))).toEqual([]);
});

/** Fault names a file writes as string literals, by the `const` list that holds them (`(file)` outside any). */
function faultListsIn(file: string): Map<string, string[]> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const names = new Set<string>(FAULTS.map((f) => f.name));
  const lists = new Map<string, string[]>();
  // A list is an array or a map keyed by fault name (LATE_FAULTS).
  const declarations = [...text.matchAll(/^const (\w+)\b[^=]*= [[{]\n([\s\S]*?)^[\]}];?$|^const (\w+)\b[^=]*= \[([^\n]*)\];$/gm)];
  let rest = text;
  for (const d of declarations) {
    const body = d[2] ?? d[4] ?? '';
    const found = [...body.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1] ?? '').filter((s) => names.has(s));
    if (found.length) lists.set(d[1] ?? d[3] ?? '', found);
    rest = rest.replace(d[0], '');
  }
  const loose = [...rest.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1] ?? '').filter((s) => names.has(s));
  if (loose.length) lists.set('(file)', loose);
  return lists;
}

test('the fault recipe: the self-tests take their faults from the table; the only hand-kept lists are those it names', () => {
  const text = recipe('A fault');
  const selfTests = ['test/selftest/conformance-faults.test.ts', 'test/selftest/fuzz-faults.test.ts'];
  for (const file of selfTests) {
    expect(text).toContain(`\`${file}\``);
    expect(readFileSync(join(ROOT, file), 'utf8')).toMatch(/import \{ FAULTS \} from '\.\.\/\.\.\/reference\/faults\.ts';/);
  }
  const lists = selfTests.flatMap((file) => [...faultListsIn(file)].map(([list, faults]) => ({ file, list, faults })));
  expect(lists.length).toBeGreaterThan(0);
  for (const { file, list } of lists) expect(spans(text), `${file}: ${list}`).toContain(list);
  // The fault table's fields the recipe describes by name.
  for (const field of ['name', 'clauses', 'catchBy']) expect(spans(text)).toContain(field);
});

test('the variation recipe: its area files are the ones joined into the table, and it names every field of a variation', async () => {
  const text = recipe('A variation');
  const named = spans(text).filter((p) => /^reference\/variations\/[\w-]+\.ts$/.test(p));
  const joined: string[] = [];
  for (const file of readdirSync(join(ROOT, 'reference/variations'))) {
    const module = (await import(join(ROOT, 'reference/variations', file))) as Record<string, unknown>;
    const switches = Object.values(module)
      .filter(Array.isArray)
      .flat()
      .filter((v) => typeof v?.name === 'string' && typeof v?.apply === 'function') as { name: string }[];
    if (switches.length) joined.push(`reference/variations/${file}`);
    expect(
      switches.every((v) => VARIATION_NAMES.includes(v.name as never)),
      file,
    ).toBe(true);
  }
  expect(named.sort()).toEqual(joined.sort());
  const fields = [...readFileSync(join(ROOT, 'reference/variations/variation-switch.ts'), 'utf8').matchAll(/^ {2}(\w+)\??[(:]/gm)].map(
    (m) => m[1] ?? '',
  );
  expect(fields.length).toBeGreaterThan(2);
  expect(fields.filter((f) => !spans(text).includes(f))).toEqual([]);
});
