// What a conformance worker loads. Playwright starts a new worker after every failed test, so on a deviating target
// each failure pays the worker's start again (issue 33): the specs and the fixtures they share must not load Ajv (the
// schemas are validated by generated code, src/schema/standalone.ts) nor fast-check (the fuzz suite's). Walked with
// esbuild from each conformance spec, packages left out and recorded.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import * as esbuild from 'esbuild';

const ROOT = join(import.meta.dirname, '../..');
/** Packages a conformance worker has no use for at start-up, each with why. */
const NOT_IN_A_CONFORMANCE_WORKER: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /^ajv(\/|$)/, why: 'the schemas are checked by the generated validators (npm run schemas:compile)' },
  { pattern: /^ajv-formats(\/dist\/index(\.js)?)?$/, why: 'its index loads Ajv; the formats alone are ajv-formats/dist/formats.js' },
  { pattern: /^fast-check(\/|$)/, why: 'generators belong to the fuzz suite' },
];
/** A fuzz worker needs fast-check, not Ajv. */
const NOT_IN_A_FUZZ_WORKER = NOT_IN_A_CONFORMANCE_WORKER.filter((rule) => !rule.pattern.test('fast-check'));

/** Every package the specs of `folder` import, directly or through the modules they import, with who imports it. */
async function packagesOf(folder: string): Promise<Array<{ spec: string; from: string }>> {
  const specs = readdirSync(join(ROOT, folder)).filter((f) => f.endsWith('.spec.ts'));
  expect(specs.length).toBeGreaterThan(4);
  const packages: Array<{ spec: string; from: string }> = [];
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: specs.map((f) => `${folder}/${f}`),
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    outdir: 'reports/project-tests/worker-graph',
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (!args.path.startsWith('node:')) packages.push({ spec: args.path, from: relative(ROOT, args.importer) });
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  expect(
    packages.some((p) => p.spec === '@playwright/test'),
    'the walk reached the fixtures',
  ).toBe(true);
  return packages;
}

const problemsOf = (packages: Array<{ spec: string; from: string }>, rules: typeof NOT_IN_A_CONFORMANCE_WORKER) =>
  packages.flatMap(({ spec, from }) =>
    rules.filter((rule) => rule.pattern.test(spec)).map((rule) => `${from} imports "${spec}": ${rule.why}`),
  );

test("no conformance spec's module graph loads Ajv or fast-check", async () => {
  expect(problemsOf(await packagesOf('conformance'), NOT_IN_A_CONFORMANCE_WORKER)).toEqual([]);
});

test("no fuzz spec's module graph loads Ajv", async () => {
  expect(problemsOf(await packagesOf('fuzz'), NOT_IN_A_FUZZ_WORKER)).toEqual([]);
});
