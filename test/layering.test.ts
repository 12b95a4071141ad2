// The house plan held against the code: every import of the product points down the floors of ARCHITECTURE.md (or
// stays in its own folder), no folder is missing from the plan, and no file reaches itself through its imports. The
// floors are read from ARCHITECTURE.md itself, so the map and the code cannot drift apart.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Not product code: the project's own tests, generated output, data, documents. */
const OUTSIDE = new Set(['test', 'node_modules', 'reports', '.git', 'schemas', 'spec', 'docs', '.ci']);

/** Floor by folder, from the table under "## Floors" in ARCHITECTURE.md. */
function floorsFromArchitecture(): Map<string, number> {
  const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const section = text.slice(text.indexOf('## Floors'), text.indexOf('\n## ', text.indexOf('## Floors') + 1));
  const floors = new Map<string, number>();
  for (const row of section.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)) {
    for (const folder of row[2].matchAll(/`([^`]+)`/g)) floors.set(folder[1], Number(row[1]));
  }
  return floors;
}

/** Every product source file, repository-relative with forward slashes. */
function productFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(ROOT, path).split('\\').join('/');
    if (OUTSIDE.has(rel) || name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) out.push(...productFiles(path));
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** The folder a file belongs to on the plan: `src/<folder>`, else its top folder, else `(root)`. */
function roomOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return '(root)';
  return parts[0] === 'src' ? `src/${parts[1]}` : parts[0];
}

/** Relative imports of a file (static, re-exports, side-effect and dynamic), resolved repository-relative. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specs.map((spec) => posix.normalize(posix.join(posix.dirname(file), spec))).filter((target) => /\.(ts|mts)$/.test(target));
}

const floors = floorsFromArchitecture();
const files = productFiles();
const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => files.includes(t))]));

test('ARCHITECTURE.md names the floors, and every folder of product code is on one', () => {
  expect(floors.get('src/contract')).toBe(0);
  const unplaced = [...new Set(files.map(roomOf))].filter((room) => !floors.has(room));
  expect(unplaced, 'folders of product code that ARCHITECTURE.md does not place on a floor').toEqual([]);
});

test('every import points to a lower floor or stays in its folder (no upward, no sideways import)', () => {
  const wrong: string[] = [];
  for (const [file, targets] of graph) {
    const from = roomOf(file);
    for (const target of targets) {
      const to = roomOf(target);
      if (to === from) continue;
      const [a, b] = [floors.get(from), floors.get(to)];
      if (a === undefined || b === undefined || b >= a) wrong.push(`${file} (${from}, floor ${a}) imports ${target} (${to}, floor ${b})`);
    }
  }
  expect(wrong).toEqual([]);
});

test('no folder pair imports each other both ways', () => {
  const pairs = new Set<string>();
  for (const [file, targets] of graph)
    for (const t of targets) if (roomOf(t) !== roomOf(file)) pairs.add(`${roomOf(file)} -> ${roomOf(t)}`);
  const both = [...pairs].filter((p) => pairs.has(p.split(' -> ').reverse().join(' -> ')));
  expect(both).toEqual([]);
});

test('no file reaches itself through its imports (no import circle)', () => {
  // Tarjan's strongly connected components: a component of more than one file is a circle.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const file of files) if (!indexOf.has(file)) visit(file);
  expect(circles).toEqual([]);
});

test('the contract floor imports nothing but itself (pure: k6 and the reference load it)', () => {
  const contract = files.filter((f) => roomOf(f) === 'src/contract');
  expect(contract.length).toBeGreaterThan(5);
  for (const file of contract) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const bare = [...text.matchAll(/\bfrom\s*['"]([^./'"][^'"]*)['"]/g)].map((m) => m[1]);
    expect(bare, `${file} imports a package or a Node built-in`).toEqual([]);
  }
});

test('the biggest product folder holds at most a fifth of the product lines', () => {
  const lines = new Map<string, number>();
  for (const f of files) lines.set(roomOf(f), (lines.get(roomOf(f)) ?? 0) + readFileSync(join(ROOT, f), 'utf8').split('\n').length);
  const total = [...lines.values()].reduce((a, b) => a + b, 0);
  const [biggest, count] = [...lines].sort((a, b) => b[1] - a[1])[0];
  expect(count, `${biggest}: ${count} of ${total} lines`).toBeLessThanOrEqual(total / 5);
});
