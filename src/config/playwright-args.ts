/**
 * The command lines of `npm run conformance` and `npm run fuzz`: our own --help, then Playwright's `test` options
 * passed through as given. An option Playwright does not know is a UsageError (one sentence, exit 2) instead of
 * Playwright's 115-line help and exit 1. The table is Playwright's, as `playwright test --help` lists it for the
 * pinned version; test/cli/playwright-suite.test.ts compares the two, so an upgrade that changes it is seen.
 */
import { UsageError } from './config-error.ts';

/** How an option takes its value: none, a required one, an optional one (`[mode]`), or several (`<names...>`). */
export type PlaywrightValue = 'none' | 'required' | 'optional' | 'variadic';

/** `playwright test` options (@playwright/test 1.65) as its help lists them: their flags, and how each takes its value. */
export const PLAYWRIGHT_TEST_OPTIONS: readonly { flags: readonly string[]; value: PlaywrightValue }[] = [
  { flags: ['--add-reporter'], value: 'required' },
  { flags: ['--browser'], value: 'required' },
  { flags: ['-c', '--config'], value: 'required' },
  { flags: ['--debug'], value: 'optional' },
  { flags: ['--fail-on-flaky-tests'], value: 'none' },
  { flags: ['--forbid-only'], value: 'none' },
  { flags: ['--fully-parallel'], value: 'none' },
  { flags: ['-g', '--grep'], value: 'required' },
  { flags: ['-G', '--grep-invert'], value: 'required' },
  { flags: ['--global-timeout'], value: 'required' },
  { flags: ['--headed'], value: 'none' },
  { flags: ['--ignore-snapshots'], value: 'none' },
  { flags: ['-j', '--workers'], value: 'required' },
  { flags: ['--last-failed'], value: 'none' },
  { flags: ['--last-failed-file'], value: 'required' },
  { flags: ['--list'], value: 'none' },
  { flags: ['--max-failures'], value: 'required' },
  { flags: ['--no-deps'], value: 'none' },
  { flags: ['--only-changed'], value: 'optional' },
  { flags: ['--output'], value: 'required' },
  { flags: ['--pass-with-no-tests'], value: 'none' },
  { flags: ['--project'], value: 'variadic' },
  { flags: ['--quiet'], value: 'none' },
  { flags: ['--repeat-each'], value: 'required' },
  { flags: ['--reporter'], value: 'required' },
  { flags: ['--retries'], value: 'required' },
  { flags: ['--run-agents'], value: 'required' },
  { flags: ['--shard'], value: 'required' },
  { flags: ['--shuffle'], value: 'optional' },
  { flags: ['--test-list'], value: 'required' },
  { flags: ['--test-list-invert'], value: 'required' },
  { flags: ['--timeout'], value: 'required' },
  { flags: ['--trace'], value: 'required' },
  { flags: ['--tsconfig'], value: 'required' },
  { flags: ['-u', '--update-snapshots'], value: 'optional' },
  { flags: ['--ui'], value: 'none' },
  { flags: ['--ui-host'], value: 'required' },
  { flags: ['--ui-port'], value: 'required' },
  { flags: ['--update-source-method'], value: 'required' },
  { flags: ['-x'], value: 'none' },
];

const byFlag = new Map(PLAYWRIGHT_TEST_OPTIONS.flatMap((o) => o.flags.map((flag) => [flag, o.value] as const)));

/**
 * Checks a command line for `playwright test`: 'help' when it asks for help (-h, --help), 'version' for the suite's
 * --version (Playwright's `test` has none), else the arguments to pass on, unchanged. Throws UsageError naming the
 * first option Playwright does not know, or one missing its value.
 */
export function playwrightArgs(argv: readonly string[], command: string): string[] | 'help' | 'version' {
  const hint = `see ${command} --help`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') break; // the rest are test filters
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--version') return 'version';
    if (!arg.startsWith('-') || arg === '-') continue; // a test filter
    // `--grep=@X` and `-g@X` carry their value inline; `--grep @X` and `-g @X` in the next argument.
    const flag = arg.startsWith('--') ? arg.split('=')[0] : arg.slice(0, 2);
    const inline = arg.length > flag.length;
    const value = byFlag.get(flag);
    if (value === undefined || (inline && value === 'none'))
      throw new UsageError(`Unknown option '${arg.startsWith('--') ? flag : arg}'; ${hint}.`);
    if (value === 'required' && !inline) {
      if (i + 1 >= argv.length) throw new UsageError(`Option '${flag}' needs a value; ${hint}.`);
      i += 1; // its value, whatever it looks like (`--grep -x` greps for "-x", as Playwright reads it)
    }
  }
  return [...argv];
}

/**
 * `args` with `reporter` put first in every `--reporter` list the user gives: a reporter list on the command line
 * replaces the config's, and without the deferred-verdict reporter (src/harness/deferred-verdict.ts) every failed
 * test would end its worker again, a failing target taking many times a correct one's time (issue 41). The reporters
 * the user named run after it, as given.
 */
export function withFirstReporter(args: readonly string[], reporter: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      out.push(...args.slice(i));
      break;
    }
    const lead = (list: string) => (list.split(',').includes(reporter) ? list : `${reporter},${list}`);
    if (arg.startsWith('--reporter=')) out.push(`--reporter=${lead(arg.slice('--reporter='.length))}`);
    else if (arg === '--reporter' && i + 1 < args.length) out.push(arg, lead(args[++i]));
    else {
      out.push(arg);
      // Another option's value is passed as it is (`--grep --reporter` greps for "--reporter").
      if (byFlag.get(arg) === 'required' && i + 1 < args.length) out.push(args[++i]);
    }
  }
  return out;
}
