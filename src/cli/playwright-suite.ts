/**
 * `npm run conformance [-- playwright options] [test-filter...]` and `npm run fuzz [-- ...]`: the product's two
 * Playwright suites, run as `playwright test --project=<suite>` with the options given passed through unchanged
 * (`--grep @SUB-CREATE-ECHO`, `--workers 1`, `--list`, ...), but for one addition: a `--reporter` list gets the
 * deferred-verdict reporter first, as the config's list has it, so a failing target still costs a correct one's time. `--help` prints ours, then Playwright's options; an
 * option Playwright does not know is one sentence and exit 2 (src/config/playwright-args.ts), where Playwright
 * itself prints its whole help and exits 1. The run's exit code is Playwright's: 0 pass, 1 a failure, and the global
 * setup's for a target that is unavailable (5), refuses the credentials (6) or a configuration error (2).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnConfigError, UsageError } from '../config/config-error.ts';
import { EXIT_CODES, exitCodesLine } from '../config/exit-codes.ts';
import { optionLines, suiteVersionText } from '../config/command-line.ts';
import { CONFORMANCE_COMMAND, FUZZ_COMMAND } from './command-specs.ts';
import { refuseExploreWithSeed } from '../config/fuzz-seed.ts';
import { playwrightArgs, withFirstReporter } from '../config/playwright-args.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PLAYWRIGHT_CLI = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
/** First of every reporter list, the config's or one given with --reporter (src/config/playwright-args.ts withFirstReporter). */
const DEFERRED_VERDICT_REPORTER = join(ROOT, 'src', 'harness', 'deferred-verdict-reporter.ts');

const SUITES = { conformance: CONFORMANCE_COMMAND, fuzz: FUZZ_COMMAND } as const;
type Suite = keyof typeof SUITES;

/** Playwright options for browsers and screenshots, which an API suite has none of: not listed in our --help. */
export const BROWSER_OPTIONS = [
  '--browser',
  '--debug',
  '--headed',
  '--ignore-snapshots',
  '--update-snapshots',
  '--ui',
  '--ui-host',
  '--ui-port',
];

/** Playwright's option entries (a flag line and its indented continuation lines) without BROWSER_OPTIONS. */
export function withoutBrowserOptions(options: string): string {
  const entries = options.split(/\n(?= {2}-)/);
  return entries.filter((e) => !BROWSER_OPTIONS.includes(/--[\w-]+/.exec(e)?.[0] ?? '')).join('\n');
}

function helpText(suite: Suite): string {
  const command = `npm run ${suite} --`;
  const playwright = spawnSync(process.execPath, [PLAYWRIGHT_CLI, 'test', '--help'], { encoding: 'utf8' }).stdout ?? '';
  // Playwright's option lines, without its own -h (ours says the same) and without its usage and examples.
  const options = withoutBrowserOptions(
    /\nOptions:\n([\s\S]*?)\n\S/.exec(playwright)?.[1].replace(/^ {2}-h, --help +display help for command\n?/m, '') ?? '',
  );
  const spec = SUITES[suite];
  // Our options from the suite's table, --version ours (Playwright's `test` has none), then Playwright's.
  return [
    `Usage: ${command} [options] ${spec.positionals.usage}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...optionLines(spec),
    '',
    ...spec.notes,
    '',
    exitCodesLine(spec.exitCodes),
    '',
    "Playwright's own options, passed through to `playwright test` as given (a --reporter list runs after the suite's own first reporter, which keeps a failed test from ending its worker):",
    options.trimEnd(),
    '',
  ].join('\n');
}

function main(argv: readonly string[]): void {
  const [suite, ...given] = argv;
  if (!(suite in SUITES)) throw new UsageError(`Name the suite, one of ${Object.keys(SUITES).join(', ')}; got "${suite ?? ''}".`);
  // --explore is the fuzz suite's own (FUZZ_SEED=random), not Playwright's: taken out before the rest passes on.
  const end = given.includes('--') ? given.indexOf('--') : given.length;
  const explore = suite === 'fuzz' && given.slice(0, end).includes('--explore');
  if (explore) refuseExploreWithSeed(process.env);
  const rest = explore ? given.filter((a, i) => i >= end || a !== '--explore') : given;
  const args = playwrightArgs(rest, `npm run ${suite} --`);
  if (args === 'help') {
    process.stdout.write(helpText(suite as Suite));
    return;
  }
  if (args === 'version') {
    process.stdout.write(`${suiteVersionText()}\n`);
    return;
  }
  const passed = withFirstReporter(args, DEFERRED_VERDICT_REPORTER);
  const env = explore ? { ...process.env, FUZZ_SEED: 'random' } : process.env;
  const child = spawn(process.execPath, [PLAYWRIGHT_CLI, 'test', `--project=${suite}`, ...passed], { cwd: ROOT, stdio: 'inherit', env });
  // Ctrl-C reaches Playwright from the terminal (one process group); a SIGTERM sent to this process alone is passed on,
  // so its teardown still cancels what the run created.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', () => {});
  process.on('SIGTERM', forward);
  child.on('close', (code, signal) => {
    process.exitCode = code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? EXIT_CODES.interrupted : EXIT_CODES.contractFailure);
  });
}

try {
  main(process.argv.slice(2));
} catch (error) {
  exitOnConfigError(error);
}
