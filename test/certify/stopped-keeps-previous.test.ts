// Issue 43, item 2: a certification that stops (exit 2 configuration: a mistyped --profile, a --sign file that is no key,
// a short secret; 5 unreachable; 6 credentials refused: the five stops the issue reproduced) says
// STOPPED in <out>, so no pipeline reads yesterday's verdict as today's, and moves the package it found there, whole
// and unchanged, to <out>.previous/: the console and certification.md say where. A second stop keeps that package.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { EXIT_CODES } from '../../src/config/exit-codes.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { npmRun } from '../cli/npm-run.ts';
import { closedPort } from '../closed-port.ts';

const OUT = join(PROJECT_TEST_OUTPUT, 'stopped-keeps-previous');
const CREDENTIALS = { API_SUBSCRIPTION_KEY: 'other-subscription-key', API_SECRET: 'other-api-secret-1' };

/** A package as a completed run leaves it (only what this test compares: the files are kept byte for byte). */
const PACKAGE: Record<string, string> = {
  'certification.json': `${JSON.stringify({ verdict: 'pass', runId: 'yesterday' })}\n`,
  'certification.md': '# Certification: PASS\n',
  'index.html': '<!doctype html><title>PASS</title>\n',
  'manifest.json': '{"files":[]}\n',
  'evidence/versions.json': '{}\n',
};

function writePackage(dir: string): void {
  for (const [name, text] of Object.entries(PACKAGE)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

let reference: RunningReference;
let closed: string;
test.beforeAll(async () => {
  reference = await startReferenceServer({ port: 0 });
  closed = `http://127.0.0.1:${await closedPort()}`;
});
test.afterAll(async () => reference?.close());

const CASES = [
  { code: 'usage', how: 'a mistyped --profile', args: ['--profile', 'no/such.json'], env: () => ({}) },
  { code: 'usage', how: 'a --sign file that is no private key', args: ['--sign', 'package.json'], env: () => ({}) },
  {
    code: 'usage',
    how: 'a secret too short to redact',
    args: [],
    env: () => ({ API_BASE_URL: reference.url, API_SUBSCRIPTION_KEY: CREDENTIALS.API_SUBSCRIPTION_KEY, API_SECRET: 'short' }),
  },
  { code: 'targetUnavailable', how: 'staging down', args: [], env: () => ({ API_BASE_URL: closed, ...CREDENTIALS }) },
  { code: 'credentialsRefused', how: 'a rotated secret', args: [], env: () => ({ API_BASE_URL: reference.url, ...CREDENTIALS }) },
] as const;

for (const c of CASES) {
  test(`${c.how} (exit ${EXIT_CODES[c.code]}) says STOPPED and moves the previous package to <out>.previous/, unchanged`, {
    tag: '@long',
  }, async () => {
    const dir = join(OUT, c.how.replace(/\W+/g, '-'));
    rmSync(dir, { recursive: true, force: true });
    const out = join(dir, 'certification');
    writePackage(out);
    const env = { CI: '1', K6_BIN: '/nonexistent/k6', REPORTS_DIR: join(dir, 'reports'), ...c.env() };
    const ran = await npmRun('certify', ['--out', out, ...c.args], env);
    expect(ran.code, ran.stdout + ran.stderr).toBe(EXIT_CODES[c.code]);
    expect(JSON.parse(readFileSync(join(out, 'certification.json'), 'utf8')).verdict).toBe('stopped');
    expect(existsSync(join(out, 'index.html')), 'no report of an earlier run in <out>').toBe(false);
    for (const [name, text] of Object.entries(PACKAGE)) expect(readFileSync(join(`${out}.previous`, name), 'utf8'), name).toBe(text);
    expect(ran.stdout).toMatch(
      /Certification STOPPED \(exit code \d\): .*certification\.json says so; the previous certification was moved, unchanged, to .*certification\.previous\//,
    );
    expect(readFileSync(join(out, 'certification.md'), 'utf8')).toMatch(
      /The previous certification was moved, unchanged, to .*certification\.previous/,
    );

    // A second stop finds a stub in <out>: it replaces the stub, leaves the kept package alone, and says where it is.
    const again = await npmRun('certify', ['--out', out, ...c.args], env);
    expect(again.code).toBe(EXIT_CODES[c.code]);
    expect(again.stdout).not.toMatch(/previous certification was moved/);
    expect(again.stdout).toMatch(
      /says so; the certification an earlier stopped run kept is still in .*certification\.previous\/, unchanged\./,
    );
    expect(readFileSync(join(out, 'certification.md'), 'utf8')).toMatch(
      /The certification an earlier stopped run kept is still in .*certification\.previous\/, unchanged\./,
    );
    for (const [name, text] of Object.entries(PACKAGE)) expect(readFileSync(join(`${out}.previous`, name), 'utf8'), name).toBe(text);
  });
}
