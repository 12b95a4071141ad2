// The k6 scripts stay plain k6 and thin: they import only k6 modules, their flow and the one k6 binding
// (lib/k6-port.ts); the flows and the helpers import no k6 module (so Node runs them: npm test drives every flow);
// the files that import k6 are few and short and say so; nothing reaches for a remote module or a global k6 does not
// have, and everything type-checks against @types/k6.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import * as esbuild from 'esbuild';

const LOAD = new URL('../../load/', import.meta.url);
const LIB = new URL('../../load/lib/', import.meta.url);
const scripts = readdirSync(LOAD).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
const libs = readdirSync(LIB).filter((f) => f.endsWith('.ts'));
const FLOWS = new URL('../../load/flows/', import.meta.url);
const flows = readdirSync(FLOWS).filter((f) => f.endsWith('.ts'));
/** The one module of load/lib that imports k6. */
const K6_BINDING = 'k6-port.ts';
const imports = (text: string): string[] => [...text.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
const K6_MODULE = /^k6(\/[a-z0-9-]+)*$/;

test('there is one script per scenario', () => {
  expect(scripts.sort()).toEqual(['pagination.ts', 'polling.ts', 'rate-probe.ts', 'subscriptions.ts']);
});

for (const file of scripts) {
  test(`${file} is thin: it imports only k6 modules, its flow and the k6 binding, and says so`, () => {
    const text = readFileSync(new URL(file, LOAD), 'utf8');
    for (const spec of imports(text))
      expect(K6_MODULE.test(spec) || spec === `./flows/${file}` || spec === `./lib/${K6_BINDING}`, spec).toBe(true);
    expect(text).toMatch(
      /A k6 script, kept thin: it imports k6 \(k6\/options here, the rest through load\/lib\/k6-port.ts, the k6 binding\), so\n \* only k6 runs it/,
    );
    expect(text.split('\n').length).toBeLessThanOrEqual(45);
    // No default function: k6's --duration/--iterations/--stage would run it outside the scenario's arrival rate
    // (load/README.md, Running); the scenario's exec names the function instead (options.test.ts).
    expect(text).not.toMatch(/export\s+default\b|export\s*\{[^}]*\bdefault\b/);
  });
}

for (const file of flows) {
  test(`flows/${file}: pure, no k6 or Node import (its helpers in ../lib and the pure modules of src/contract)`, () => {
    for (const spec of imports(readFileSync(new URL(file, FLOWS), 'utf8')))
      expect(
        /^\.\/[\w-]+\.ts$/.test(spec) || /^\.\.\/lib\/[\w-]+\.ts$/.test(spec) || /^\.\.\/\.\.\/src\/contract\/[\w/-]+\.ts$/.test(spec),
        spec,
      ).toBe(true);
  });
}

test('the modules that import k6 are the four scripts and the one binding, each short and saying so in its header', () => {
  const all = [...scripts.map((f) => new URL(f, LOAD)), ...libs.map((f) => new URL(f, LIB)), ...flows.map((f) => new URL(f, FLOWS))];
  const importingK6 = all.filter((url) => imports(readFileSync(url, 'utf8')).some((spec) => K6_MODULE.test(spec)));
  expect(importingK6.map((url) => relative(fileURLToPath(LOAD), fileURLToPath(url))).sort()).toEqual(
    [...scripts, `lib/${K6_BINDING}`].sort(),
  );
  const binding = readFileSync(new URL(K6_BINDING, LIB), 'utf8');
  expect(binding).toMatch(/^\/\*\*\n \* THE k6 BINDING: the one module of load\/lib that imports k6/);
  expect(binding.split('\n').length).toBeLessThanOrEqual(60);
});

for (const file of libs) {
  const k6Glue = file === K6_BINDING;
  test(`lib/${file}: ${k6Glue ? 'the k6 binding imports k6 and relative .ts only' : 'pure, no k6 or Node import (the pure modules of src/contract allowed)'}`, () => {
    const text = readFileSync(new URL(file, LIB), 'utf8');
    for (const spec of imports(text)) {
      const ok = /^\.\/[\w-]+\.ts$/.test(spec) || /^\.\.\/\.\.\/src\/contract\/[\w/-]+\.ts$/.test(spec) || (k6Glue && K6_MODULE.test(spec));
      expect(ok, spec).toBe(true);
    }
    // Globals and APIs k6's runtime does not provide (in pure modules that k6 also loads).
    if (file !== 'compare.ts') {
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

/** The modules k6 itself provides (k6 docs, "k6 modules"); any other bare import is one k6 cannot resolve. */
const K6_BUILT_IN =
  /^k6(\/(crypto|data|encoding|execution|html|http|metrics|secrets|timers|ws|browser|net\/grpc|experimental\/[a-z0-9-]+))?$/;

test('the module graph of the four scripts is one k6 can load: relative imports with extensions, k6 modules, nothing else', async () => {
  // esbuild walks every import (static, re-export, dynamic, require) from the four entry points, as k6 will; bare
  // specifiers are recorded and kept out of the walk, so a Node built-in or an npm package shows as what it is.
  const bare: Array<{ spec: string; from: string }> = [];
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: scripts.map((f) => `load/${f}`),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    outdir: 'reports/project-tests/k6-graph',
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-bare-imports',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            bare.push({ spec: args.path, from: relative(root, args.importer) });
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const inputs = Object.entries(result.metafile.inputs);
  expect(inputs.length, 'the walk reached the helpers').toBeGreaterThan(scripts.length);
  const problems: string[] = [];
  for (const { spec, from } of bare) if (!K6_BUILT_IN.test(spec)) problems.push(`${from} imports "${spec}", which k6 cannot resolve`);
  for (const [file, input] of inputs) {
    for (const imp of input.imports) {
      if (imp.kind !== 'import-statement')
        problems.push(`${file}: a ${imp.kind} of "${imp.original ?? imp.path}" (k6 loads static imports)`);
      if (imp.external) continue;
      const spec = imp.original ?? imp.path;
      if (!/^\.\.?\//.test(spec) || !/\.(ts|js)$/.test(spec))
        problems.push(`${file} imports "${spec}": k6 needs a relative path with its extension`);
    }
  }
  expect(problems).toEqual([]);
});
