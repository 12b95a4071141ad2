// Credentials never reach a file: after full runs (one passing, one with failures carrying evidence),
// the planted credential values occur in no file under the run's reports folder, raw, base64 or
// URL-encoded.
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodedForms } from '../../src/client/redact.ts';
import { runSuite, tail } from '../selftest/run-suite.ts';

// Recognisable values with characters that change under URL-encoding and JSON escaping.
const KEY = 'planted-subscription-key/+=7Q';
const SECRET = 'planted-secret-value&"<>9Z';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Files (relative) containing any encoded form of the values. */
function leaks(dir: string): string[] {
  const forms = [KEY, SECRET].flatMap(encodedForms);
  return filesUnder(dir).filter((file) => {
    const text = readFileSync(file).toString('latin1');
    return forms.some((f) => text.includes(f));
  });
}

// The failing run fails every test (a text/plain content type breaks every answer), and each failure restarts the
// child's worker: about a minute on an idle 2-core machine, three on a busy one.
test.describe.configure({ mode: 'parallel', timeout: 360_000 });

for (const scenario of [
  { label: 'passing', faults: [] },
  { label: 'failing', faults: ['amount-rounded-in-echo', 'auth-error-plain-text', 'content-type-text-plain'] },
]) {
  test(`no credential value in any report of a ${scenario.label} run`, async () => {
    const run = await runSuite({
      project: 'conformance',
      label: `redaction-${scenario.label}`,
      faults: scenario.faults,
      env: { REFERENCE_SUBSCRIPTION_KEY: KEY, REFERENCE_SECRET: SECRET },
    });
    expect(run.report, tail(run)).not.toBeNull();
    if (scenario.faults.length) expect(run.exitCode, 'the failing run must fail, so error evidence is written').not.toBe(0);
    else expect(run.exitCode, tail(run)).toBe(0);
    const files = filesUnder(run.reportsDir);
    expect(
      files.some((f) => f.endsWith('junit.xml')) &&
        files.some((f) => f.endsWith('results.json')) &&
        files.some((f) => f.endsWith('index.html')),
    ).toBe(true);
    expect(leaks(run.reportsDir)).toEqual([]);
    expect(run.output.includes(KEY) || run.output.includes(SECRET), 'console output').toBe(false);
    // The scan can fail: a planted base64 copy inside a file is found.
    const canary = join(run.reportsDir, 'canary.txt');
    writeFileSync(canary, `xx${Buffer.from(`user:${SECRET}`).toString('base64')}xx`);
    expect(leaks(run.reportsDir)).toEqual([canary]);
  });
}
