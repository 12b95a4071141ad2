// The k6 scripts stay plain k6: they import only k6 modules and relative .ts files, the pure
// helpers import no k6 module (so Node can test them), nothing reaches for a remote module or a
// global k6 does not have, and everything type-checks against @types/k6.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { test, expect } from '@playwright/test';

const LOAD = new URL('../../load/', import.meta.url);
const LIB = new URL('../../load/lib/', import.meta.url);
const scripts = readdirSync(LOAD).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
const libs = readdirSync(LIB).filter((f) => f.endsWith('.ts'));
const imports = (text: string): string[] => [...text.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
const K6_MODULE = /^k6(\/[a-z0-9-]+)*$/;

test('there is one script per scenario', () => {
  expect(scripts.sort()).toEqual(['pagination.ts', 'polling.ts', 'rate-probe.ts', 'subscriptions.ts']);
});

for (const file of scripts) {
  test(`${file} imports only k6 modules and ./lib/*.ts`, () => {
    for (const spec of imports(readFileSync(new URL(file, LOAD), 'utf8'))) {
      expect(K6_MODULE.test(spec) || /^\.\/lib\/[\w-]+\.ts$/.test(spec), spec).toBe(true);
    }
  });
}

for (const file of libs) {
  const k6Glue = file.startsWith('k6-');
  test(`lib/${file}: ${k6Glue ? 'k6 glue imports k6 and relative .ts only' : 'pure, no k6 or Node import'}`, () => {
    const text = readFileSync(new URL(file, LIB), 'utf8');
    for (const spec of imports(text)) {
      const ok = /^\.\/[\w-]+\.ts$/.test(spec) || (k6Glue && K6_MODULE.test(spec));
      expect(ok, spec).toBe(true);
    }
    // Globals and APIs k6's runtime does not provide (in pure modules that k6 also loads).
    if (file !== 'compare.ts' && file !== 'compare-render.ts') {
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      expect(code).not.toMatch(/\bnew URL\(|URLSearchParams|TextEncoder|structuredClone|\bIntl\.|\bprocess\.|\brequire\(|https?:\/\/jslib/);
    }
  });
}

test('the k6 scripts type-check against @types/k6 (npm run typecheck:load)', () => {
  const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;
  const tsconfig = new URL('../../load/tsconfig.json', import.meta.url).pathname;
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', tsconfig], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe('');
});
