// `npm ci --omit=dev` is all a certification needs (the README says so): every package that src/ and reference/
// import at run time is a runtime dependency. The Node driver (src/k6/node-driver/, the tests' stand-in for k6) is the
// one exception, and is run only by the tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../checkout.ts';

const TEST_ONLY = ['src/k6/node-driver/'];
// Sanity for the scan itself: it must see the runtime packages everyone agrees on.
const KNOWN_RUNTIME = ['fastify', 'ajv'];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file))
    .filter((file) => !TEST_ONLY.some((prefix) => file.startsWith(prefix)));
}

// A value import of a bare specifier (type-only imports vanish at run time).
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
function runtimePackages(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = text.matchAll(/^\s*(?:import(?!\s+type\b)[^'";]*?from\s+|import\s*\(\s*|import\s+)['"]([^'".][^'"]*)['"]/gm);
  return [...found]
    .map((match) => match[1] as string)
    .filter((s) => !s.startsWith('node:'))
    .map(packageOf);
}

test('the README tells partners that npm ci --omit=dev is all a certification needs', () => {
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('`npm ci --omit=dev`');
});

test('every package src/ and reference/ import at run time is a runtime dependency, so --omit=dev certifies', () => {
  const files = [...sources('src'), ...sources('reference')];
  expect(files.length).toBeGreaterThan(20);
  const seen = new Set(files.flatMap(runtimePackages));
  for (const name of KNOWN_RUNTIME) expect(seen).toContain(name);
  const misplaced = files.flatMap((file) =>
    runtimePackages(file)
      .filter((name) => !(name in pkg.dependencies))
      .map((name) => `${relative(ROOT, join(ROOT, file))} imports ${name}`),
  );
  expect(misplaced, 'expected: none; received').toEqual([]);
});
