// A bad configuration stops the run at once with one clear sentence and a non-zero exit: never a
// stack trace, never a wall of failed tests. Cases as data.
import { expect, test } from '@playwright/test';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { runSuite } from '../selftest/run-suite.ts';

// Exit 2 unless said: the target's state has codes of its own (5 unreachable, 6 credentials refused), and its own label.
// One case per way a run stops before its tests: a variable the configuration refuses, a profile, the guard of the
// bundled reference, the target's answer, the reference not starting. The sentence of every other refused variable
// (credentials missing or short, an unknown environment, a negative rate...) is held by test/config/suite-config.cases.ts:
// it stops the run through the same path as the malformed URL here.
const CASES: Array<{
  description: string;
  env: (ref: RunningReference) => Record<string, string>;
  says: RegExp;
  exit?: { code: number; label: string };
}> = [
  { description: 'a malformed URL', env: () => ({ API_BASE_URL: 'not a url' }), says: /API_BASE_URL "not a url" is not a valid URL/ },
  {
    description: 'a profile that does not exist',
    env: () => ({ API_PROFILE: 'no/such/profile.json' }),
    says: /API_PROFILE names "no\/such\/profile.json", which does not exist/,
  },
  // Port 59: closed, and not one of the ports Node's fetch refuses outright (9 is: see the next case).
  {
    description: 'an unreachable host',
    env: () => ({ API_BASE_URL: 'http://127.0.0.1:59', API_SUBSCRIPTION_KEY: 'k-123456', API_SECRET: 's-123456' }),
    says: /cannot be reached: connect ECONNREFUSED/,
    exit: { code: 5, label: 'Target unavailable' },
  },
  {
    description: "a port Node's fetch refuses",
    env: () => ({ API_BASE_URL: 'http://127.0.0.1:9', API_SUBSCRIPTION_KEY: 'k-123456', API_SECRET: 's-123456' }),
    says: /cannot be reached: port 9 is one Node's fetch refuses.*serve the API on another port/,
  },
  {
    description: 'credentials the target refuses',
    env: (ref) => ({ API_BASE_URL: ref.url, API_SUBSCRIPTION_KEY: 'osd-wrong-key-1', API_SECRET: 'osd-wrong-secret-1' }),
    says: /refused the credentials \(HTTP 401 on GET \/offer\)/,
    exit: { code: 6, label: 'Credentials refused' },
  },
  {
    description: 'a remote environment with no target URL',
    env: () => ({ API_ENVIRONMENT: 'staging' }),
    says: /API_ENVIRONMENT=staging names a remote target, but API_BASE_URL is not set/,
  },
  {
    description: 'an unknown fault switch',
    env: () => ({ REFERENCE_FAULTS: 'no-such-fault' }),
    says: /reference server did not start: .*no-such-fault/,
  },
];

let reference: RunningReference;
test.beforeAll(async () => {
  reference = await startReferenceServer({ port: 0 });
});
test.afterAll(async () => reference?.close());

for (const c of CASES) {
  test(`${c.description} stops the run with one sentence`, async () => {
    const run = await runSuite({
      project: 'conformance',
      label: `bad-config-${c.description.replace(/\W+/g, '-')}`,
      env: c.env(reference),
    });
    const { code, label } = c.exit ?? { code: 2, label: 'Configuration error' };
    expect(run.exitCode).toBe(code);
    expect(run.output).toMatch(c.says);
    expect(run.output, 'no stack trace').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(run.output, 'no test ran').not.toMatch(/\d+ (passed|failed)/);
    expect(run.output.match(new RegExp(`${label}:`, 'g'))).toHaveLength(1);
  });
}
