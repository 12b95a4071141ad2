// `npm run certify -- --init-profile <path>` (issue 32, item 5): a first target profile from discovery of the bundled
// reference, reads only, the cancel route left for the partner (marked in "$comment"), never overwriting a file; and
// the shipped profiles/staging.example.json, valid and naming every field the schema has, each explained in docs.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import profileSchema from '../../schemas/target-profile.schema.json' with { type: 'json' };
import { FILL_IN_MARKER } from '../../src/certify/init-profile.ts';
import { EXIT_CODES } from '../../src/config/exit-codes.ts';
import { parseProfile } from '../../src/config/target-profile.ts';
import { ROOT, runCertify, TESTS_DIR } from './run-certify.ts';

const DIR = join(TESTS_DIR, 'init-profile');

/** A fresh folder of the test's own (the tests run in parallel workers: none may clear another's). */
function freshDir(name: string): string {
  const dir = join(DIR, name);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

test('--init-profile writes a valid profile from discovery, reads only, the cancel route marked for the partner', {
  tag: '@long',
}, async () => {
  const dir = freshDir('written');
  const REPORTS = join(dir, 'reports');
  const path = join(dir, 'profiles/staging.json');
  // Without API_BASE_URL it refuses, unless asked (issue 43, item 7: a "staging" profile of the reference's values).
  const refused = await runCertify({ label: 'init-profile-written', args: ['--init-profile', path], env: { REPORTS_DIR: REPORTS } });
  expect(refused.exitCode, refused.output).toBe(EXIT_CODES.usage);
  expect(refused.output).toMatch(/--init-profile: API_BASE_URL is not set, so this would profile the bundled reference server/);
  expect(existsSync(path)).toBe(false);
  const run = await runCertify({
    label: 'init-profile-written',
    args: ['--init-profile', path, '--of-reference'],
    env: { REPORTS_DIR: REPORTS },
  });
  expect(run.exitCode, run.output).toBe(EXIT_CODES.pass);
  // The console and the file agree on maxLimit.
  const said = /\n {2}maxLimit: (.*)\n/.exec(run.output)?.[1] ?? '';
  expect(said.startsWith('observed'), said).toBe(typeof JSON.parse(readFileSync(path, 'utf8')).maxLimit === 'number');
  const written = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const profile = parseProfile(written, path);
  expect(written.$comment).toMatch(new RegExp(`^${FILL_IN_MARKER} "cancel" is null`));
  expect(profile.cancel).toBeNull();
  expect(profile.name).toBe('staging');
  // What the reference answers to reads; the statuses a write would show are left out (the widest reading).
  expect(profile.health).toEqual({ method: 'GET', path: '/health' });
  expect(profile.status).toEqual({ missingCredentials: [401], wrongCredentials: [401], unknownId: [404] });
  expect(String(written.$comment)).toContain('"status.create"');
  // Reads only: every request of the run's log is a GET.
  const [runId] = readdirSync(join(REPORTS, 'runs'));
  const requests = readFileSync(join(REPORTS, 'runs', runId, 'requests.jsonl'), 'utf8')
    .trim()
    .split('\n');
  expect(requests.length).toBeGreaterThan(5);
  for (const line of requests) expect((JSON.parse(line) as { request: string }).request).toMatch(/^GET /);
  expect(
    existsSync(join(REPORTS, 'runs', runId, 'journal.jsonl')) ? readFileSync(join(REPORTS, 'runs', runId, 'journal.jsonl'), 'utf8') : '',
  ).not.toContain('create');

  // Run again: refused in one sentence, the file as it was.
  const before = readFileSync(path, 'utf8');
  const again = await runCertify({
    label: 'init-profile-written',
    args: ['--init-profile', path, '--of-reference'],
    env: { REPORTS_DIR: REPORTS },
  });
  expect(again.exitCode, again.output).toBe(EXIT_CODES.usage);
  expect(again.output).toMatch(/--init-profile: .*staging\.json already exists; it is never overwritten/);
  expect(again.output).not.toMatch(/\n\s+at /);
  expect(readFileSync(path, 'utf8')).toBe(before);
});

test('--init-profile against a target that does not answer: one sentence, no success, and no file left behind', {
  tag: '@long',
}, async () => {
  const dir = freshDir('unreachable');
  const path = join(dir, 'profiles/unreachable.json');
  const run = await runCertify({
    label: 'init-profile-unreachable',
    args: ['--init-profile', path],
    env: {
      REPORTS_DIR: join(dir, 'reports'),
      API_BASE_URL: 'http://127.0.0.1:1',
      API_SUBSCRIPTION_KEY: 'init-profile-key',
      API_SECRET: 'init-profile-secret',
    },
  });
  // Which code an unreachable target gets is the exit-code table's business (2 today); here: not a success.
  expect(run.exitCode, run.output).not.toBe(EXIT_CODES.pass);
  expect(run.output).toMatch(/127\.0\.0\.1:1/);
  expect(run.output).not.toMatch(/\n\s+at /);
  expect(existsSync(path), 'a failed attempt leaves no file that would refuse the next').toBe(false);
});

test('profiles/staging.example.json is a valid profile naming every field, each explained in docs/target-profile.md', () => {
  const example = JSON.parse(readFileSync(join(ROOT, 'profiles/staging.example.json'), 'utf8')) as Record<string, unknown>;
  parseProfile(example, 'profiles/staging.example.json');
  const fields = Object.keys(profileSchema.properties);
  const statuses = Object.keys(profileSchema.properties.status.properties);
  expect(Object.keys(example).sort()).toEqual([...fields].sort());
  expect(Object.keys(example.status as object).sort()).toEqual([...statuses].sort());
  const docs = readFileSync(join(ROOT, 'docs/target-profile.md'), 'utf8');
  for (const field of [...fields.filter((f) => f !== 'status'), ...statuses.map((s) => `status.${s}`)])
    expect(docs, `docs/target-profile.md explains ${field}`).toContain(`| \`${field}\` |`);
});
