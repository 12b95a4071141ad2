// Every npm script's command explains itself: `--help` exits 0 and prints a usage line; an unknown
// flag is one sentence on stderr and exit 2, never a stack trace. The commands come from package.json,
// so a script added later is covered (or must be listed below with the reason it takes no arguments).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { helpText, numberOption, parseCommandLineOrHelp } from '../../src/config/command-line.ts';
import { UsageError } from '../../src/config/config-error.ts';
import { type NpmRun, runScriptCommand, SCRIPTS } from './npm-run.ts';
import { ROOT } from '../selftest/run-suite.ts';

const scripts = SCRIPTS;

/** Scripts that take no arguments of their own, with the reason. */
const NO_ARGUMENTS: Record<string, string> = {
  test: 'runs typecheck and the project tests; arguments go to Playwright',
  typecheck: 'tsc over the two projects',
  'typecheck:load': 'tsc over the k6 scripts',
  lint: "Biome's own CLI over the tree (`npx biome check --help` for its options)",
  format: "Biome's own CLI, fixing what it can (`npx biome check --help` for its options)",
};

/** Runs a script's command as npm would (leading VAR=value words are environment), with `args` appended. */
function run(command: string, args: string[]): Promise<NpmRun> {
  return runScriptCommand(command, args, { ...process.env, API_BASE_URL: '', CI: '1' });
}

/** The test that checks the Playwright suites' --help and unknown flag more closely (each a Playwright start, 1 s of CPU or more). */
const SUITE_HELP_TEST = 'test/cli/playwright-suite.test.ts';
/** Scripts left to SUITE_HELP_TEST. */
const CHECKED_ELSEWHERE = ['conformance', 'fuzz'];

test('every script is either checked below or says why it takes no arguments', () => {
  for (const name of [...Object.keys(NO_ARGUMENTS), ...CHECKED_ELSEWHERE]) expect(scripts[name], `${name} is still a script`).toBeDefined();
  // That file's help test runs for each of these suites.
  const elsewhere = readFileSync(join(ROOT, SUITE_HELP_TEST), 'utf8');
  const suites = /for \(const suite of \[([^\]]*)\]\) \{\n {2}test\(`npm run \$\{suite\} -- --help:/.exec(elsewhere)?.[1] ?? '';
  for (const name of CHECKED_ELSEWHERE) expect(suites, `${name} in ${SUITE_HELP_TEST}`).toContain(`'${name}'`);
});

for (const [name, command] of Object.entries(scripts).filter(([n]) => !(n in NO_ARGUMENTS) && !CHECKED_ELSEWHERE.includes(n))) {
  test(`npm run ${name} -- --help exits 0 with a usage; an unknown flag exits 2 in one sentence`, async () => {
    const ours = /^(tsx|bash|node --import tsx) /.test(command);
    // Every script is one of ours now (conformance and fuzz too, through src/cli/playwright-suite.ts); a command of
    // another tool would be given --help only.
    const [help, bad] = await Promise.all([run(command, ['--help']), ours ? run(command, ['--no-such-flag']) : null]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: /m);
    if (!bad) return;
    expect(help.stdout).toContain(`npm run ${name}`);
    expect(bad.code, bad.stdout + bad.stderr).toBe(2);
    // One sentence naming the option (the shared parser says "Usage error: Unknown option '--no-such-flag'; see ... --help.").
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/^\n?(Usage|Configuration) error: Unknown option '?--no-such-flag'?/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
}

test('the parser: missing values, stray arguments and empty values are usage errors; help lists every option', () => {
  const spec = {
    command: 'npm run x --',
    summary: 'x',
    positionals: { usage: '<a>', min: 1, max: 1 },
    options: { out: { type: 'string', value: '<dir>', description: 'where' }, many: { type: 'boolean', description: 'flag' } },
    exitCodes: ['pass', 'usage'],
  } as const;
  expect(parseCommandLineOrHelp(spec, ['a', '--out', 'd', '--many'])).toEqual({ values: { out: 'd', many: true }, positionals: ['a'] });
  expect(parseCommandLineOrHelp(spec, ['-h'])).toBe('help');
  const cases: Array<[string[], RegExp]> = [
    [['a', '--out'], /^Option '--out <value>' argument missing; see npm run x -- --help\.$/],
    [['a', '--out', '--many'], /^Option '--out' argument is ambiguous; see/],
    [['a', '--out', ' '], /^--out needs a value, got an empty one/],
    [[], /^Missing <a>/],
    [['a', 'b'], /^Unexpected argument "b"/],
  ];
  for (const [argv, message] of cases) {
    expect(() => parseCommandLineOrHelp(spec, argv), argv.join(' ')).toThrow(UsageError);
    expect(() => parseCommandLineOrHelp(spec, argv), argv.join(' ')).toThrow(message);
  }
  expect(helpText(spec)).toMatch(/--out <dir>\s+where\n\s+--many\s+flag\n\s+-h, --help/);
  // Only the exit codes the command can give: a pipeline reading --help acts on no code it never sees.
  expect(helpText(spec)).toMatch(/\nExit codes: 0 pass, 2 usage or configuration error\.$/m);
});

test('numberOption: plain decimal numbers within bounds; anything else one sentence naming the option', () => {
  const port = { min: 0, max: 65535, integer: true, what: 'a port number from 0 to 65535' };
  const positive = { min: 0, minExclusive: true, what: 'a number above 0', usage: 'npm run x -- [--n 1]' };
  for (const [raw, spec, value] of [
    ['8089', port, 8089],
    [' 0 ', port, 0],
    ['2.5', positive, 2.5],
    ['0.001', positive, 0.001],
  ] as const)
    expect(numberOption('n', raw, spec), raw).toBe(value);
  for (const [raw, spec] of [
    ['', port], // an empty value is no port 0
    [' ', port],
    ['1e3', port],
    ['0x10', port],
    ['Infinity', positive],
    ['2.5', port],
    ['70000', port],
    ['-1', port],
    ['0', positive],
    ['fast', positive],
  ] as const)
    expect(() => numberOption('n', raw, spec), JSON.stringify(raw)).toThrow(
      `--n must be ${spec.what}, got "${raw}"${'usage' in spec ? `; usage: ${spec.usage}` : ''}.`,
    );
});

// The benches read their settings from the environment: a bad one stops the bench before it measures anything.
for (const [name, variable] of [
  ['bench:proxy', 'BENCH_CONNECTIONS'],
  ['bench:proxy', 'BENCH_SECONDS'],
  ['bench:reference', 'BENCH_SECONDS'],
] as const)
  test(`npm run ${name} with ${variable}=0 exits 2 in one sentence naming it`, async () => {
    const ran = await run(`${variable}=0 ${scripts[name]}`, []);
    expect(ran.code, ran.stdout + ran.stderr).toBe(2);
    expect(ran.stderr.trim()).toBe(`${name}: ${variable} must be a whole number above 0, got "0".`);
    expect(ran.stdout).toBe('');
  });
