// Docs that cannot drift (issue 42, item 4): docs/commands.md's index and reference are generated from the commands'
// tables (the ones their parsers and --help read), every npm script with a command line of ours has a table there,
// and no page or file header names a flag that the table of the command it speaks of does not have.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { COMMANDS, COMMANDS_DOC, commandsDocWithGenerated } from '../../src/cli/commands-doc.ts';
import { ROOT } from '../checkout.ts';
import { headerComment, strayFlags } from './flag-mentions.ts';

/** npm scripts that are not a command line of ours, with the reason. */
const NOT_OURS: Record<string, string> = {
  test: 'typecheck, lint and the project tests; arguments go to Playwright',
  'test:long': "the project tests' long tier under Playwright; arguments go to Playwright",
  typecheck: 'tsc over the two projects',
  'typecheck:load': 'tsc over the k6 scripts',
  lint: "Biome's own CLI",
  format: "Biome's own CLI, fixing what it can",
  'coverage:load': 'the load tests under Playwright, with coverage',
  'selftest:variations': 'a project test under Playwright, one variation at a time',
};

const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

test('docs/commands.md equals what `npm run docs:commands` generates from the tables', () => {
  const committed = readFileSync(COMMANDS_DOC, 'utf8');
  expect(committed, 'run npm run docs:commands').toBe(commandsDocWithGenerated(committed));
  for (const c of COMMANDS) expect(committed).toContain(`### npm run ${c.script}\n`);
});

test('every npm script with a command line of ours has its table in the docs registry, under its own name', () => {
  const documented = new Set(COMMANDS.map((c) => c.script));
  expect(Object.keys(scripts).filter((s) => !documented.has(s) && !(s in NOT_OURS))).toEqual([]);
  expect([...documented].filter((s) => !(s in scripts))).toEqual([]);
  for (const c of COMMANDS) expect(c.spec.command, c.script).toBe(`npm run ${c.script} --`);
});

/** The Markdown pages a user reads, beside docs/commands.md's generated part. */
const PAGES = [
  'README.md',
  'ARCHITECTURE.md',
  'load/README.md',
  'reference/README.md',
  'examples/ci/README.md',
  'load/baselines/README.md',
  'reports/README.md',
  'schemas/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

test('no page names a flag that the table of the command it speaks of lacks', () => {
  const stray = PAGES.flatMap((page) => strayFlags(page, readFileSync(join(ROOT, page), 'utf8')));
  expect(stray).toEqual([]);
});

/** Every source file of ours whose header comment may describe a command line. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|js)$/.test(e.name) && !e.name.endsWith('.generated.js'))
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length).replace(/^\//, ''));
}

test('no file header names a flag that the table of the command it speaks of lacks', () => {
  const files = ['src', 'reference', 'load', 'bench', 'conformance', 'fuzz'].flatMap(sourceFiles);
  expect(files.length).toBeGreaterThan(100);
  const stray = files.flatMap((file) => strayFlags(file, headerComment(readFileSync(join(ROOT, file), 'utf8'))));
  expect(stray).toEqual([]);
});

test('the checker finds a flag the table lacks, and one another command has', () => {
  expect(strayFlags('x', '`npm run certify -- --no-such-flag`').map((s) => s.flag)).toEqual(['--no-such-flag']);
  expect(strayFlags('x', '`npm run certify -- --session s.jsonl`').map((s) => s.flag)).toEqual(['--session']);
  expect(strayFlags('x', '`npm run certify:client -- --session s.jsonl`')).toEqual([]);
  expect(strayFlags('x', 'Playwright passes `npm run conformance -- --shard 1/2` on')).toEqual([]);
  expect(strayFlags('x', 'a flag of no command: `--frobnicate`').map((s) => s.flag)).toEqual(['--frobnicate']);
  expect(strayFlags('x', '/** `k6 run --out cloud` */')).toEqual([]);
});
