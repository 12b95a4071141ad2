// `npm run conformance` and `npm run fuzz` (src/cli/playwright-suite.ts): our --help first with Playwright's options
// after it, exit 2 in one sentence on an option Playwright does not know (Playwright itself prints 115 lines of help and
// exits 1), and every Playwright option passed through: `--grep @CLAUSE` still selects a clause's tests.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { UsageError } from '../../src/config/config-error.ts';
import { PLAYWRIGHT_TEST_OPTIONS, playwrightArgs, withFirstReporter } from '../../src/config/playwright-args.ts';
import { playwrightResults } from '../../src/report/playwright-results.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { npmRun as npmRunWith } from './npm-run.ts';

const npmRun = (script: string, args: string[]) =>
  npmRunWith(script, args, { REPORTS_DIR: join(PROJECT_TEST_OUTPUT, 'playwright-suite', script) });

const ROOT = resolve(import.meta.dirname, '../..');

test("the option table is Playwright's own: every option `playwright test --help` lists, with how it takes its value", () => {
  const help = spawnSync(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--help'], {
    encoding: 'utf8',
  }).stdout;
  const listed = [...help.matchAll(/^ {2}(-\w, --[\w-]+|--[\w-]+|-\w)(?: ([<[][^>\]]+[>\]]))?/gm)]
    .filter((m) => m[1] !== '-h, --help')
    .map((m) => ({
      flags: m[1].split(', '),
      value: !m[2] ? 'none' : m[2].startsWith('[') ? 'optional' : m[2].endsWith('...>') ? 'variadic' : 'required',
    }));
  expect(listed.length).toBeGreaterThan(30);
  expect([...PLAYWRIGHT_TEST_OPTIONS].map((o) => ({ flags: [...o.flags], value: o.value }))).toEqual(listed);
});

test('the parser: Playwright options pass unchanged, help is ours, an unknown option or a missing value is a UsageError', () => {
  const passed = [
    '--grep',
    '@SUB-CREATE-ECHO',
    '-j',
    '1',
    '--list',
    '--shuffle',
    '-g@X',
    '--reporter=line',
    'offers',
    '--',
    '--not-an-option',
  ];
  expect(playwrightArgs(passed, 'npm run conformance --')).toEqual(passed);
  expect(playwrightArgs(['--grep', '@X', '-h'], 'npm run conformance --')).toBe('help');
  expect(playwrightArgs(['--grep', '@X', '--version'], 'npm run conformance --')).toBe('version');
  expect(playwrightArgs(['--', '--version'], 'npm run conformance --')).toEqual(['--', '--version']);
  const refused: Array<[string[], RegExp]> = [
    [['--frobnicate'], /^Unknown option '--frobnicate'; see npm run conformance -- --help\.$/],
    [['-q'], /^Unknown option '-q'/],
    [['--list=yes'], /^Unknown option '--list'/],
    [['--grep'], /^Option '--grep' needs a value/],
  ];
  for (const [argv, says] of refused) {
    let error: unknown;
    try {
      playwrightArgs(argv, 'npm run conformance --');
    } catch (e) {
      error = e;
    }
    expect(error, argv.join(' ')).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(says);
    expect((error as UsageError).exitCode).toBe(2);
  }
});

for (const suite of ['conformance', 'fuzz']) {
  test(`npm run ${suite} -- --help: ours first, then Playwright's options; an unknown flag exits 2 in one sentence`, async () => {
    const [help, bad] = await Promise.all([npmRun(suite, ['--help']), npmRun(suite, ['--frobnicate'])]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^Usage: npm run ${suite} -- \\[options\\] \\[test-filter\\.\\.\\.\\]\\n`));
    const ours = help.stdout.indexOf('--grep <regex>');
    const theirs = help.stdout.indexOf("Playwright's own options");
    expect(ours).toBeGreaterThan(0);
    expect(theirs).toBeGreaterThan(ours);
    expect(help.stdout.slice(theirs)).toContain('--update-source-method <method>');
    // Browser options do not apply to an API suite (issue 43, item 7).
    for (const flag of ['--browser', '--headed', '--debug', '--ui ', '--update-snapshots']) expect(help.stdout, flag).not.toContain(flag);
    expect(help.stdout.slice(theirs)).toContain('--max-failures <N>');
    expect(help.stdout).toContain('Exit codes: 0 pass, 1 contract failure, 2 usage or configuration error');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(`\nUsage error: Unknown option '--frobnicate'; see npm run ${suite} -- --help.\n\n`);
  });
}

test('npm run conformance -- --grep @OFFER-LIST --list: the flag reaches Playwright and selects the clause', async () => {
  // Two runs at once, each with its reports folder: Playwright's HTML reporter clears and writes its own.
  const listing = (name: string, args: string[]) =>
    npmRunWith('conformance', args, { REPORTS_DIR: join(PROJECT_TEST_OUTPUT, 'playwright-suite', name) });
  const [selected, all] = await Promise.all([
    listing('list-selected', ['--grep', '@OFFER-LIST', '--list']),
    listing('list-all', ['--list']),
  ]);
  const total = (out: string) => Number(/Total: (\d+) tests? in \d+ files?/.exec(out)?.[1]);
  expect(selected.code, selected.stderr).toBe(0);
  expect(all.code, all.stderr).toBe(0);
  // The tag is not in the listed title; the clause's tests are those of the offers list.
  const tests = selected.stdout.split('\n').filter((l) => /\[conformance\] ›/.test(l));
  expect(tests.length).toBe(total(selected.stdout));
  for (const line of tests) expect(line).toMatch(/conformance\/offers\.spec\.ts/);
  expect(total(selected.stdout)).toBeGreaterThan(0);
  expect(total(selected.stdout)).toBeLessThan(total(all.stdout));
});

test('a --reporter list gets the deferred-verdict reporter first; nothing else changes', () => {
  const first = '/suite/deferred.ts';
  const cases: Array<{ description: string; given: string[]; passed: string[] }> = [
    { description: 'no reporter given', given: ['--grep', '@OFFER-LIST', '-j', '1'], passed: ['--grep', '@OFFER-LIST', '-j', '1'] },
    { description: 'inline', given: ['--reporter=dot'], passed: [`--reporter=${first},dot`] },
    { description: 'in the next argument, a list', given: ['--reporter', 'line,json'], passed: ['--reporter', `${first},line,json`] },
    { description: 'already first', given: [`--reporter=${first},dot`], passed: [`--reporter=${first},dot`] },
    { description: "another option's value", given: ['--grep', '--reporter', 'x'], passed: ['--grep', '--reporter', 'x'] },
    { description: 'after --, a test filter', given: ['--', '--reporter=dot'], passed: ['--', '--reporter=dot'] },
  ];
  for (const c of cases) expect(withFirstReporter(c.given, first), c.description).toEqual(c.passed);
});

test('npm run conformance -- --reporter=json against a target deviating on every answer: the report alone on stdout, failed tests, one worker ran them all', async () => {
  test.setTimeout(120_000);
  const run = await npmRunWith('conformance', ['--reporter=json', '--workers', '1', 'offers'], {
    REPORTS_DIR: join(PROJECT_TEST_OUTPUT, 'playwright-suite', 'reporter-given'),
    REFERENCE_FAULTS: 'content-type-text-plain',
  });
  expect(run.code, run.stderr.slice(-2000)).toBe(1);
  // The suite's own lines (the run's cleanup, the currencies, the facts) go to stderr: stdout is the JSON report, whole.
  expect(run.stderr).toMatch(/\[cleanup\] run \S+: \d+ cancelled/);
  const results = playwrightResults(JSON.parse(run.stdout));
  const failed = results.filter((r) => r.status === 'failed');
  expect(failed.length).toBeGreaterThan(1);
  // Without the suite's first reporter each failed test would have ended its worker: as many workers as failures.
  expect(new Set(results.map((r) => r.workerIndex))).toEqual(new Set([0]));
});
