// Exit codes a pipeline can act on (issue 32, item 3): each code of the README's table, produced by each command that
// can produce it, run as a user runs it (`npm run --silent <script> -- ...`). The target's state: unreachable is a
// closed loopback port (5), credentials refused is the bundled reference with other credentials (6); a bad flag or a
// bad variable is a usage or configuration error (2). A cell no command can produce says why (cases as data).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES, EXIT_CODE_MEANINGS, exitCodesLine, type ExitCodeName } from '../../src/config/exit-codes.ts';
import { validateStoppedCertification } from '../../src/report/report-schema.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { npmRun } from './npm-run.ts';
import { closedPort } from '../closed-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(PROJECT_TEST_OUTPUT, 'exit-codes');
const PROFILE = join(ROOT, 'reference', 'profile.json');

/** What each case needs from the world: a closed port, the reference, the case's own folder. */
interface World {
  closed: string;
  reference: string;
  dir: string;
}

const OTHER_CREDENTIALS = { API_SUBSCRIPTION_KEY: 'other-subscription-key', API_SECRET: 'other-api-secret-1' };
const SOME_CREDENTIALS = { API_SUBSCRIPTION_KEY: 'some-subscription-key', API_SECRET: 'some-api-secret-12' };

interface Case {
  command: string;
  /** The exit code's name in src/config/exit-codes.ts, and how the case produces it. */
  code: ExitCodeName;
  how: string;
  args?: (w: World) => string[];
  env?: (w: World) => Record<string, string>;
  /** What the one sentence on stderr says. */
  says: RegExp;
}

const unreachable = (w: World) => ({ API_BASE_URL: w.closed, ...SOME_CREDENTIALS });
const refused = (w: World) => ({ API_BASE_URL: w.reference, ...OTHER_CREDENTIALS });
const UNREACHABLE = /^\nTarget unavailable: The target http:\/\/127\.0\.0\.1:\d+ cannot be reached: [^\n]*ECONNREFUSED[^\n]*\n\n$/;
const REFUSED =
  /^\nCredentials refused: The target http:\/\/127\.0\.0\.1:\d+ refused the credentials \(HTTP 401 on GET \/offer\)[^\n]*\n\n$/;
const UNKNOWN_FLAG = /^\nUsage error: Unknown option '--frobnicate'; see npm run [\w:]+ -- --help\.\n\n$/;
const BAD_RATE = /^\nConfiguration error: API_RATE must be a non-negative number[^\n]*\n\n$/;

/** The Playwright suites and certify share the run's configuration: the same four cases each. */
const suiteCases = (command: string, args: string[] = []): Case[] => [
  { command, code: 'usage', how: 'an unknown flag', args: () => [...args, '--frobnicate'], says: UNKNOWN_FLAG },
  { command, code: 'usage', how: 'a bad variable (API_RATE=-3)', args: () => args, env: () => ({ API_RATE: '-3' }), says: BAD_RATE },
  { command, code: 'targetUnavailable', how: 'a closed port', args: () => args, env: unreachable, says: UNREACHABLE },
  { command, code: 'credentialsRefused', how: 'other credentials', args: () => args, env: refused, says: REFUSED },
];

const CASES: Case[] = [
  ...suiteCases('certify', ['--skip-load']),
  ...suiteCases('conformance'),
  ...suiteCases('fuzz'),
  { command: 'load', code: 'usage', how: 'an unknown flag', args: () => ['--frobnicate'], says: UNKNOWN_FLAG },
  {
    command: 'load',
    code: 'usage',
    how: 'a bad variable (API_ENVIRONMENT=prod)',
    args: () => ['pagination'],
    env: () => ({ API_ENVIRONMENT: 'prod' }),
    says: /^\nConfiguration error: API_ENVIRONMENT=prod names a remote target[^\n]*\n\n$/,
  },
  // Before k6 is looked for: these hold on a machine with no k6 (which would be exit 3).
  { command: 'load', code: 'targetUnavailable', how: 'a closed port', args: () => ['pagination'], env: unreachable, says: UNREACHABLE },
  { command: 'load', code: 'credentialsRefused', how: 'other credentials', args: () => ['pagination'], env: refused, says: REFUSED },
  { command: 'cleanup', code: 'usage', how: 'an unknown flag', args: () => ['--frobnicate'], says: UNKNOWN_FLAG },
  {
    command: 'cleanup',
    code: 'usage',
    how: 'no target variable',
    says: /^\nConfiguration error: Set API_BASE_URL \(and credentials\)[^\n]*\n\n$/,
  },
  // With a journal left behind to sweep (a command with nothing to do has no reason to reach the target).
  { command: 'cleanup', code: 'targetUnavailable', how: 'a closed port', env: unreachable, says: UNREACHABLE },
  { command: 'cleanup', code: 'credentialsRefused', how: 'other credentials', env: refused, says: REFUSED },
  {
    command: 'proxy',
    code: 'usage',
    how: 'an unknown flag',
    args: () => ['--frobnicate'],
    says: /^\nConfiguration error: Unknown option '--frobnicate'; usage: npm run proxy[^\n]*\n\n$/,
  },
  {
    command: 'proxy',
    code: 'usage',
    how: 'a bad variable (API_PROFILE names no file)',
    args: (w) => ['--out', w.dir, '--stop-after', '1'],
    env: () => ({ API_PROFILE: 'no/such/profile.json' }),
    says: /^\nConfiguration error: The target profile "no\/such\/profile\.json" cannot be read\.\n\n$/,
  },
  {
    command: 'proxy',
    code: 'targetUnavailable',
    how: 'a closed port',
    args: (w) => ['--target', w.closed, '--out', w.dir, '--stop-after', '1'],
    says: /^\nTarget unavailable: The target http:\/\/127\.0\.0\.1:\d+ cannot be reached: ECONNREFUSED\.\n\n$/,
  },
  {
    command: 'certify:client',
    code: 'usage',
    how: 'an unknown flag',
    args: () => ['--frobnicate'],
    says: /^\nConfiguration error: Unknown option '--frobnicate'; usage: npm run certify:client[^\n]*\n\n$/,
  },
  {
    command: 'certify:client',
    code: 'usage',
    how: 'a session file that does not exist',
    args: (w) => ['--session', join(w.dir, 'none.jsonl')],
    says: /^\nConfiguration error: [^\n]*none\.jsonl[^\n]*\n\n$/,
  },
];

/** Cells of the table no case above produces, with the reason (the other codes are tested where they arise). */
const NOT_HERE: Record<string, string> = {
  'proxy credentialsRefused': 'the proxy holds no credentials of its own: it relays each request with the client’s',
  'certify:client targetUnavailable': 'it judges a recorded session and sends no request',
  'certify:client credentialsRefused': 'it judges a recorded session and sends no request',
};

let reference: RunningReference;
let closed: string;
test.beforeAll(async () => {
  reference = await startReferenceServer({ port: 0 });
  closed = `http://127.0.0.1:${await closedPort()}`;
});
test.afterAll(async () => reference?.close());

test('every command meets each new code: a case or a reason', () => {
  for (const command of ['certify', 'conformance', 'fuzz', 'load', 'cleanup', 'proxy', 'certify:client'])
    for (const code of ['usage', 'targetUnavailable', 'credentialsRefused'] as const)
      expect(CASES.some((c) => c.command === command && c.code === code) || `${command} ${code}` in NOT_HERE, `${command} ${code}`).toBe(
        true,
      );
});

for (const c of CASES) {
  test(`npm run ${c.command}: ${c.how} exits ${EXIT_CODES[c.code]} (${EXIT_CODE_MEANINGS[c.code]}) in one sentence`, async () => {
    const dir = join(OUT, `${c.command.replace(':', '-')}-${c.code}-${c.how.replace(/\W+/g, '-')}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const world = { closed, reference: reference.url, dir };
    const env: Record<string, string> = { REPORTS_DIR: join(dir, 'reports'), API_PROFILE: PROFILE, ...c.env?.(world) };
    if (c.command === 'cleanup') {
      // A journal a killed run left: what gives cleanup something to do on the target.
      mkdirSync(join(dir, 'reports', 'runs', 'left-1'), { recursive: true });
      const line = { at: '2026-01-01T00:00:00.000Z', event: 'created', tag: 'osd-suite.left-1.1-1', id: 'sub-left-1', status: 'accepted' };
      writeFileSync(join(dir, 'reports', 'runs', 'left-1', 'journal.jsonl'), `${JSON.stringify(line)}\n`);
    }
    const args = [...(c.command === 'certify' ? ['--out', join(dir, 'certification')] : []), ...(c.args?.(world) ?? [])];
    const ran = await npmRun(c.command, args, { CI: '1', K6_BIN: '/nonexistent/k6', ...env });
    expect(ran.code, ran.stdout + ran.stderr).toBe(EXIT_CODES[c.code]);
    expect(ran.stderr).toMatch(c.says);
    for (const secret of Object.values(OTHER_CREDENTIALS)) expect(ran.stdout + ran.stderr).not.toContain(secret);
    // certify says the same in its JSON report, for a pipeline that reads the artifact (not for a command line it refused).
    if (c.command === 'certify' && c.how !== 'an unknown flag') {
      const report = JSON.parse(readFileSync(join(dir, 'certification', 'certification.json'), 'utf8'));
      expect(validateStoppedCertification(report).errors).toEqual([]);
      const kind = { usage: 'configuration', targetUnavailable: 'target-unavailable', credentialsRefused: 'credentials-refused' }[
        c.code as 'usage'
      ];
      expect(report).toMatchObject({ verdict: 'stopped', stopped: { kind, exitCode: EXIT_CODES[c.code] } });
    }
  });
}

test("the README's one exit-code table lists exactly the codes of src/config/exit-codes.ts, as --help does", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const tables = readme.split('\n').filter((line) => /^\|\s*exit code\s*\|/i.test(line));
  expect(tables, 'one exit-code table').toHaveLength(1);
  const start = readme.indexOf(tables[0]);
  const rows = readme
    .slice(start)
    .split('\n')
    .slice(2)
    .filter((_l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('|')));
  const codes = rows.map((row) => Number(/^\|\s*(\d+)\s*\|/.exec(row)?.[1]));
  expect(codes).toEqual(Object.values(EXIT_CODES));
  expect(exitCodesLine()).toBe(
    'Exit codes: 0 pass, 1 contract failure, 2 usage or configuration error, 3 required tool missing, 4 incomplete, 5 target unreachable, timed out or unavailable (retry later), 6 credentials refused, 130 interrupted.',
  );
});

test('each --help lists only the exit codes its command gives, from the one table; --version prints the suite version (issue 43, item 7)', async () => {
  const certify = await npmRun('certify', ['--help']);
  expect(certify.stdout).toMatch(
    /\nExit codes: 0 pass, 1 contract failure, 2 usage or configuration error, 4 incomplete, 5 .*, 6 credentials refused, 130 interrupted\.\n$/,
  );
  expect(certify.stdout).not.toContain('3 required tool missing');
  expect(certify.stdout).toContain('--version');
  const serve = await npmRun('serve', ['--help']);
  expect(serve.stdout).toMatch(/\nExit codes: 0 pass, 2 usage or configuration error\.\n$/);
  const conformance = await npmRun('conformance', ['--help']);
  expect(conformance.stdout).toMatch(
    /\nExit codes: 0 pass, 1 contract failure, 2 usage or configuration error, 5 [^\n]*, 6 credentials refused, 130 interrupted\.\n/,
  );
  const history = await npmRun('history', ['--help']);
  expect(history.stdout).toMatch(/\nExit codes: 0 pass, 2 usage or configuration error\.\n/);
  const load = await npmRun('load', ['--help']);
  expect(load.stdout).toMatch(
    /\nExit codes: 0 pass, 1 contract failure, 2 usage or configuration error, 3 required tool missing, 5 [^\n]*, 6 credentials refused\.\n/,
  );
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  expect(conformance.stdout).toMatch(/\n {2}--version +print the suite's version and exit\n/);
  for (const command of ['certify', 'serve', 'conformance']) {
    const v = await npmRun(command, ['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout).toBe(`${name} ${version}\n`);
  }
});
