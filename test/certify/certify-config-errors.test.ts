// A bad configuration stops a certification before it starts: exit code 2, one sentence, no stack.
// Cases as data; none of them reaches a target.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, TESTS_DIR } from './run-certify.ts';

const dir = join(TESTS_DIR, 'config-errors');

const CASES: Array<{ description: string; args: string[]; files?: Record<string, string>; env?: Record<string, string>; message: RegExp }> =
  [
    {
      description: 'an unknown option',
      args: ['--frobnicate'],
      message: /^\nUsage error: Unknown option '--frobnicate'; see npm run certify -- --help\.\n/,
    },
    {
      description: 'a waivers file that is not JSON',
      args: ['--waivers', 'FILE:bad.json'],
      files: { 'bad.json': '{ nope' },
      message: /is not valid JSON/,
    },
    {
      description: 'a waiver for a clause not in the catalogue',
      args: ['--waivers', 'FILE:w.json'],
      files: { 'w.json': JSON.stringify([{ clause: 'NO-SUCH-CLAUSE', reason: 'r', owner: 'o', expires: '2030-01-01' }]) },
      message: /names clause "NO-SUCH-CLAUSE", which is not in the clause catalogue/,
    },
    {
      description: 'a waiver with an impossible date',
      args: ['--waivers', 'FILE:d.json'],
      files: { 'd.json': JSON.stringify([{ clause: 'OFFER-LIST', reason: 'r', owner: 'o', expires: '2030-02-30' }]) },
      message: /write a date as YYYY-MM-DD/,
    },
    {
      description: 'a pinned profile that does not exist',
      args: ['--profile', 'FILE:missing.json'],
      message: /--profile names ".*missing.json", which does not exist/,
    },
    {
      description: 'a pinned profile that is not a profile',
      args: ['--profile', 'FILE:p.json'],
      files: { 'p.json': JSON.stringify({ status: { create: ['ok'] } }) },
      message: /The target profile .* is invalid at \/status\/create/,
    },
    {
      description: 'a target that cannot be reached',
      args: [],
      env: { API_BASE_URL: 'http://127.0.0.1:9', API_SUBSCRIPTION_KEY: 'key-value-1', API_SECRET: 'secret-value-1' },
      message: /The target http:\/\/127\.0\.0\.1:9 cannot be reached/,
    },
    {
      description: 'a staging environment with no target URL',
      args: [],
      env: { API_ENVIRONMENT: 'staging' },
      message: /API_ENVIRONMENT=staging names a remote target, but API_BASE_URL is not set/,
    },
    { description: '--verify on a folder without a manifest', args: ['--verify', 'FILE:.'], message: /holds no manifest\.json/ },
  ];

for (const c of CASES) {
  test(`${c.description}: exit 2 with one sentence`, () => {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(c.files ?? {})) writeFileSync(join(dir, name), text);
    const args = c.args.map((a) => (a.startsWith('FILE:') ? join(dir, a.slice(5)) : a));
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !/^(API_(?!DURABILITY_WAIT$)|REFERENCE_|RUN_ID$|REPORTS_DIR$|PW_|TEST_|PLAYWRIGHT_)/.test(k)) env[k] = v;
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/certify.ts', '--out', join(dir, 'out'), ...args], {
      cwd: ROOT,
      env: { ...env, ...c.env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toMatch(c.message);
    expect(result.stderr).toMatch(/^\n(Configuration|Usage) error: [^\n]+\n\n$/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
}
