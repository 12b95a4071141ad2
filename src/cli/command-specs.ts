/**
 * The command tables of the thin entry points of this folder (their scripts import them from here, so the docs
 * generator and the tests can read a table without running its command). Each table drives the command's parsing,
 * its --help and its section of docs/commands.md (src/cli/commands-doc.ts).
 */
import type { CommandSpec } from '../config/command-line.ts';
import { EXPLORE_OPTION, FUZZ_SEED_NOTE } from '../config/fuzz-seed.ts';
import { DEFAULT_HISTORY_OPTIONS } from '../history/analyse.ts';

export const CLEANUP_COMMAND = {
  exitCodes: ['pass', 'contractFailure', 'usage', 'targetUnavailable', 'credentialsRefused'],
  command: 'npm run cleanup --',
  summary:
    'Cancel the records earlier runs created and left open (a run killed before its teardown), from the journals under reports/ written against this target.',
  options: { run: { type: 'string', multiple: true, value: '<RUN_ID>', description: 'only this run (default: every run with a journal)' } },
  notes: ['Environment: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_PROFILE (names the cancel route), API_ENVIRONMENT, API_RATE.'],
} as const satisfies CommandSpec;

export const CLAUSES_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run clauses --',
  summary: 'What covers each clause of the contract: tests, checks, faults that must trip it, load rules.',
  options: {},
  positionals: { usage: '[<CLAUSE-ID> ...]', min: 0, max: 100 },
  notes: ['Without an ID: one line per clause with its counts. IDs as in the reports, e.g. SUB-CREATE-ECHO.'],
} as const satisfies CommandSpec;

export const HISTORY_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run history --',
  summary:
    'Read a series of past certification runs as one: the verdict of each, the clauses whose result changed (first failing run, recovery), the latency of each operation per run, and latency regressions against earlier comparable runs.',
  positionals: { usage: '<run folders, folders of runs, or globs>', min: 1, max: 10_000 },
  options: {
    out: { type: 'string', value: '<folder>', description: 'where index.html, history.json and history.md go (default reports/history)' },
    window: {
      type: 'string',
      value: '<n>',
      description: `earlier comparable runs a run's p95 is held to (their median; default ${DEFAULT_HISTORY_OPTIONS.window})`,
    },
    tolerance: {
      type: 'string',
      value: '<share>',
      description: `how far above that median a p95 may go, as a share of it (default ${DEFAULT_HISTORY_OPTIONS.relative}: twice the median)`,
    },
    'tolerance-ms': {
      type: 'string',
      value: '<ms>',
      description: `...or this many milliseconds, whichever is larger (default ${DEFAULT_HISTORY_OPTIONS.absoluteMs})`,
    },
    'public-key': {
      type: 'string',
      value: '<key.pub.pem>',
      description: 'take only packages signed with this key whose files all match their manifest',
    },
  },
  notes: [
    'Runs are compared like for like: a different target, environment, pace (API_RATE) or load engine is "not comparable", never a regression.',
    'Folders that are not runs, truncated files and runs of another suite version are skipped, each with its reason.',
    "0: the history is written, whatever the runs' verdicts; 2: no folder given is a run, or a bad option or key file.",
  ],
} as const satisfies CommandSpec;

export const OPENAPI_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run openapi --',
  summary: 'Write the OpenAPI 3.1 document of the contract as the reference serves it (generated from schemas/ and its routes).',
  options: {
    out: { type: 'string', value: '<file>', description: 'where to write it (default: reports/openapi.json)' },
    variant: {
      type: 'string',
      multiple: true,
      value: '<NAME>',
      description: 'describe the reference with this legitimate variation (npm run serve -- --list-variants)',
    },
  },
  notes: [
    '"Not shown" items of the contract carry the reference\'s choice, marked x-not-shown. The running reference serves the same at GET /openapi.json.',
  ],
} as const satisfies CommandSpec;

export const COMPILE_SCHEMAS_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run schemas:compile --',
  summary: "Generate the validators of schemas/ ahead of time (Ajv's standalone code), to be checked in beside src/schema/registry.ts.",
  options: {},
  notes: ['Run it after changing a schema: the project tests fail while a generated file differs from what the schemas generate.'],
} as const satisfies CommandSpec;

export const DOCS_COMMAND = {
  command: 'npm run docs:commands --',
  summary: "Rewrite the generated sections of docs/commands.md (every command's reference) from the commands' own tables.",
  options: {},
  notes: ['test/docs/commands-doc.test.ts fails while the committed page differs from what this writes.'],
  exitCodes: ['pass', 'usage'],
} as const satisfies CommandSpec;

export const CHECK_K6_COMMAND = {
  command: 'npm run check:k6 --',
  summary: 'Say which k6 `npm run load` and the k6 tests use (K6_BINS, K6_BIN, else PATH) and its version.',
  options: {},
  notes: [
    'k6 is your own install: this project never downloads or builds it. The scripts are written for k6 1.x and 2.x.',
    'Exit 2 when K6_BIN or K6_BINS names no usable k6 (or a version the scripts were not written for), 3 when there is no k6 at all (it prints how to install one).',
  ],
  exitCodes: ['pass', 'usage', 'toolMissing'],
} as const satisfies CommandSpec;

/** What `npm run conformance` and `npm run fuzz` add to Playwright's own options (which pass through unchanged). */
const SUITE_OPTIONS = {
  grep: {
    type: 'string',
    short: 'g',
    value: '<regex>',
    description: 'only the tests whose title matches: a clause tag selects its tests, e.g. --grep @SUB-CREATE-ECHO',
  },
  workers: {
    type: 'string',
    short: 'j',
    value: '<n>',
    description: 'tests run at once (default: 2 with CI set, else half the cores, at least 2); API_RATE is shared among them',
  },
  list: { type: 'boolean', description: 'list the tests (and their clause tags) without running them' },
} as const;

const SUITE_NOTES = [
  'test-filter: a regular expression matched against the spec files, e.g. offers.',
  'Environment: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_ENVIRONMENT, API_PROFILE, API_RATE, API_STRICT, RUN_ID (see README).',
  'Reports: reports/conformance/ (list, html/, junit.xml, results.json, clauses.json).',
  "--reporter <list> replaces those reporters but not the suite's first one, which keeps a failed test from ending its worker (a failing target costs a correct one's time); the suite's own lines ([cleanup], [currency]) go to stderr, so --reporter=json leaves the report alone on stdout.",
] as const;

const SUITE_EXIT_CODES = ['pass', 'contractFailure', 'usage', 'targetUnavailable', 'credentialsRefused', 'interrupted'] as const;

/** The table of one of the two Playwright suites: the same options, notes and exit codes, its own summary (and options). */
function suiteCommand<const N extends string, const O extends CommandSpec['options'] = Record<never, never>>(
  name: N,
  summary: string,
  own: { options?: O; notes?: readonly string[] } = {},
) {
  return {
    command: `npm run ${name} --`,
    summary,
    positionals: { usage: '[test-filter...]', min: 0, max: Number.POSITIVE_INFINITY },
    options: { ...SUITE_OPTIONS, ...(own.options as O) },
    notes: [...SUITE_NOTES, ...(own.notes ?? [])],
    exitCodes: SUITE_EXIT_CODES,
  } as const satisfies CommandSpec;
}

export const CONFORMANCE_COMMAND = suiteCommand(
  'conformance',
  'The conformance suite (Playwright + Ajv): every clause of the contract, against API_BASE_URL (unset: the bundled reference).',
);

export const FUZZ_COMMAND = suiteCommand(
  'fuzz',
  'The fuzz suite (fast-check properties), against API_BASE_URL (unset: the bundled reference). FUZZ_SEED and FUZZ_PATH replay a case.',
  { options: EXPLORE_OPTION, notes: [FUZZ_SEED_NOTE] },
);
