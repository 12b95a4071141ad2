/**
 * Command line of `npm run certify` (parsed by the shared src/config/command-line.ts):
 * its options are the CERTIFY_COMMAND table below, the one list that drives parsing, --help and docs/commands.md
 * (`npm run docs:commands`; test/docs/commands-doc.test.ts fails when a doc or header names another flag).
 */
import { join, resolve } from 'node:path';
import { clauses as CATALOGUE } from '../contract/clauses/catalogue.ts';
import { ConfigError, UsageError } from '../config/config-error.ts';
import { type CommandSpec, durationOption, numberOption, parseCommandLineOrHelp } from '../config/command-line.ts';
import { EXPLORE_OPTION, FUZZ_SEED_NOTE, refuseExploreWithSeed } from '../config/fuzz-seed.ts';

export interface CertifyOptions {
  profile: string | null;
  waivers: string | null;
  /** Clause patterns selected with --clauses (`SUB-*`); null = every clause. */
  clauses: string[] | null;
  skipLoad: boolean;
  /** Playwright workers for the conformance + fuzz run (--workers); null = the suite's default (2 with CI set, else half the cores, at least 2). */
  workers: number | null;
  /** Absolute path of the certification folder. */
  out: string;
  /** The partner's own version of the deployment certified (--deployment-version); null when not given. */
  deploymentVersion: string | null;
  /** Absolute path of the Ed25519 private key the manifest is signed with (--sign); the key itself is read once, kept in memory. */
  sign: string | null;
  verify: string | null;
  /** Absolute path of the profile --init-profile writes; null = a certification. */
  initProfile: string | null;
  /** --of-reference: --init-profile may profile the bundled reference (no API_BASE_URL). */
  ofReference: boolean;
  /** With --verify: the Ed25519 public key the manifest's signature must verify with. */
  publicKey: string | null;
  /** --soak, ms: how long the late read goes on re-reading the run's records before the teardown (0: one read). */
  soakMs: number;
  /** --explore: the fuzz seed is drawn (FUZZ_SEED=random), not derived: a nightly search. */
  explore: boolean;
}

/**
 * Where a certification is written until it is complete: next to its folder, swapped in at the end, so an
 * interrupted or failed run leaves the previous certification as it was (issue 10, defect 7).
 */
export function stagingDir(out: string): string {
  return `${out}.partial`;
}

/**
 * Beside a certification, never in it: the journals of earlier runs (one killed before its teardown, the previous
 * certification's), kept for `npm run cleanup` (which finds any `runs/<id>/journal.jsonl` under reports/). A package
 * holds only what its manifest lists, so they cannot travel inside it.
 */
export function keptJournalsDir(out: string): string {
  return `${out}.journals`;
}

export const CERTIFY_COMMAND = {
  command: 'npm run certify --',
  summary: 'Certify a target (API_BASE_URL; unset = the bundled reference): preflight, discovery, conformance + fuzz, load smoke, report.',
  options: {
    profile: { type: 'string', value: '<pinned.json>', description: 'pinned target profile: any difference from it is drift (a failure)' },
    waivers: {
      type: 'string',
      value: '<waivers.json>',
      description: 'accepted failures (clause, reason, owner, expires); see waivers.example.json',
    },
    clauses: {
      type: 'string',
      value: '<SUB-*,PAGE-*>',
      description: 'run only the tests of these clauses (comma-separated IDs, * matches the rest of an ID)',
    },
    'skip-load': { type: 'boolean', description: 'do not run the k6 load smoke (reported as not run)' },
    ...EXPLORE_OPTION,
    workers: {
      type: 'string',
      value: '<n>',
      description: 'tests run at once (default: 2 with CI set, else half the cores, at least 2); API_RATE is shared among them',
    },
    out: { type: 'string', value: '<dir>', description: 'where the certification goes (default: reports/certification)' },
    soak: {
      type: 'string',
      value: '<duration>',
      description:
        'a nightly soak: after the tests, before the teardown, re-read every record the run created once a minute for this long (90s, 30m, 2h), each change reported with when it was first seen; at most half of API_RUN_TIMEOUT',
    },
    'deployment-version': {
      type: 'string',
      value: '<version>',
      description: "your deployment's own version (a tag, a build number, a commit), recorded in the package",
    },
    sign: {
      type: 'string',
      value: '<key.pem>',
      description: 'sign the manifest with this Ed25519 private key (PEM): manifest.json.sig; the key goes nowhere else',
    },
    verify: {
      type: 'string',
      value: '<dir>',
      description: 'check a certification folder: its signature (with --public-key), every file, and that it is a certification',
    },
    'public-key': {
      type: 'string',
      value: '<key.pub.pem>',
      description: 'with --verify: the Ed25519 public key (PEM) it must be signed with',
    },
    'of-reference': {
      type: 'boolean',
      description: 'with --init-profile and no API_BASE_URL: profile the bundled reference server on purpose (refused without it)',
    },
    'init-profile': {
      type: 'string',
      value: '<path>',
      description:
        'write a first target profile from discovery (reads only; never overwrites a file), the cancel route left for you to fill in, nothing else',
    },
  },
  notes: [
    'Environment: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_ENVIRONMENT, API_PROFILE, API_RATE, API_STRICT, RUN_ID, FUZZ_RUNS, FUZZ_SEED, FUZZ_COUNTEREXAMPLES (see README).',
    FUZZ_SEED_NOTE,
    'Before the long phase it prints how many requests it expects and how long they take at API_RATE.',
    'The package is marked "certification" only when nothing failed and nothing is INCOMPLETE (or each such clause is waived with a reason and an expiry), else "evidence only".',
    'A key pair: openssl genpkey -algorithm ed25519 -out key.pem && openssl pkey -in key.pem -pubout -out key.pub.pem',
  ],
  // k6 missing never stops a certification (its load smoke says "not run"): no 3.
  exitCodes: ['pass', 'contractFailure', 'usage', 'incomplete', 'targetUnavailable', 'credentialsRefused', 'interrupted'],
} as const satisfies CommandSpec;

export function parseCertifyArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): CertifyOptions | 'help' {
  const parsed = parseCommandLineOrHelp(CERTIFY_COMMAND, argv);
  if (parsed === 'help') return 'help';
  const { values } = parsed;
  if (values.verify && (values.sign || values['deployment-version'] || values.clauses || values.profile || values.waivers))
    throw new UsageError('--verify checks a package and runs nothing: give it alone, with --public-key if the package is signed.');
  if (values['public-key'] && !values.verify) throw new UsageError('--public-key goes with --verify <dir>.');
  if (values.explore) refuseExploreWithSeed(env);
  return {
    profile: values.profile ? resolve(values.profile) : null,
    waivers: values.waivers ? resolve(values.waivers) : null,
    clauses: values.clauses === undefined ? null : clausePatterns(values.clauses),
    skipLoad: values['skip-load'] === true,
    workers: values.workers === undefined ? null : workerCount(values.workers),
    out: resolve(values.out ?? join(env.REPORTS_DIR || 'reports', 'certification')),
    deploymentVersion: values['deployment-version']?.trim() || null,
    sign: values.sign ? resolve(values.sign) : null,
    verify: values.verify ? resolve(values.verify) : null,
    initProfile: values['init-profile'] ? resolve(values['init-profile']) : null,
    ofReference: values['of-reference'] === true,
    publicKey: values['public-key'] ? resolve(values['public-key']) : null,
    soakMs: values.soak === undefined ? 0 : durationOption('soak', values.soak),
    explore: values.explore === true,
  };
}

/** Most workers --workers takes: each is a Playwright process, and more of them only queue behind API_RATE. */
const MAX_WORKERS = 16;

/** `--workers 2` -> 2: a whole number from 1 to MAX_WORKERS. */
export function workerCount(text: string): number {
  return numberOption('workers', text, {
    min: 1,
    max: MAX_WORKERS,
    integer: true,
    what: `a whole number from 1 to ${MAX_WORKERS}, e.g. --workers 1`,
  });
}

const ID_PATTERN = /^[A-Z0-9*][A-Z0-9*-]*$/;

const patternRegex = (pattern: string) => new RegExp(`^${pattern.replace(/\*/g, '[A-Z0-9-]*')}$`);

/** `SUB-*,page-list` -> ['SUB-*', 'PAGE-LIST']; each must be an ID shape and match at least one catalogue clause. */
export function clausePatterns(text: string): string[] {
  const patterns = text
    .split(',')
    .map((p) => p.trim().replace(/^@/, '').toUpperCase())
    .filter(Boolean);
  if (patterns.length === 0)
    throw new ConfigError("--clauses needs clause IDs, e.g. --clauses 'SUB-*,PAGE-*' (quoted: some shells expand *).");
  for (const p of patterns) {
    if (!ID_PATTERN.test(p))
      throw new ConfigError(`--clauses: "${p}" is not a clause ID or pattern (letters, digits, - and *), e.g. SUB-CREATE-*.`);
    if (!CATALOGUE.some((c) => patternRegex(p).test(c.id)))
      throw new ConfigError(`--clauses: "${p}" matches no clause of the catalogue (src/contract/clauses/catalogue.ts).`);
  }
  return patterns;
}

/** The clause IDs the patterns select. */
export function selectedClauses(patterns: readonly string[]): string[] {
  return CATALOGUE.map((c) => c.id).filter((id) => patterns.some((p) => patternRegex(p).test(id)));
}

/** Playwright --grep for the tests tagged with any selected clause (a tag is `@ID`, ending at a space or the end). */
export function clauseGrep(patterns: readonly string[]): string {
  return `@(${patterns.map((p) => p.replace(/\*/g, '[A-Z0-9-]*')).join('|')})(?=\\s|$)`;
}
