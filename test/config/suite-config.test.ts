// readSuiteConfig: every bad configuration stops with one clear sentence (a ConfigError naming the
// variable); good ones get the documented defaults.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ConfigError } from '../../src/config/config-error.ts';
import { isLoopbackUrl, loadDotEnv, newRunId, pacingNote, readSuiteConfig } from '../../src/config/suite-config.ts';
import { badConfigCases, goodConfigCases, REMOTE } from './suite-config.cases.ts';

const REFERENCE_PROFILE = fileURLToPath(new URL('../../reference/profile.json', import.meta.url));

function configErrorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    readSuiteConfig(env);
  } catch (error) {
    expect(error, 'a ConfigError, not another kind of error').toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('readSuiteConfig accepted a bad configuration');
}

test.describe('bad configurations', () => {
  for (const c of badConfigCases) {
    test(c.description, () => {
      const error = configErrorOf(c.env);
      expect(error.message).toContain(c.names);
      expect(error.message).toMatch(c.says);
      // One clear sentence: one line, a capital or a variable name first, a full stop last, no second sentence.
      expect(error.message).not.toContain('\n');
      expect(error.message).toMatch(/^[A-Z]/);
      expect(error.message).toMatch(/\.$/);
      expect(error.message.slice(0, -1)).not.toMatch(/[.!?]\s+[A-Z][a-z]/);
      expect(error.exitCode).toBeGreaterThan(0);
    });
  }

  test('the credentials of a refused configuration never appear in its sentence', () => {
    const planted = 'planted-secret-9f8e7d';
    const error = configErrorOf({ ...REMOTE, API_SECRET: planted, API_ENVIRONMENT: 'nowhere' });
    expect(error.message).not.toContain(planted);
  });
});

test.describe('good configurations', () => {
  for (const c of goodConfigCases) {
    test(c.description, () => {
      expect(readSuiteConfig(c.env)).toMatchObject(c.expected);
    });
  }

  test('API_PROFILE naming an existing file is kept (trimmed)', () => {
    expect(readSuiteConfig({ ...REMOTE, API_PROFILE: ` ${REFERENCE_PROFILE} ` }).profilePath).toBe(REFERENCE_PROFILE);
  });

  test('a generated run id has the documented format and differs between runs', () => {
    const a = readSuiteConfig({}).runId;
    const b = readSuiteConfig({}).runId;
    expect(a).toMatch(/^\d{8}T\d{6}-[0-9a-f]{6}$/);
    expect(b).toMatch(/^\d{8}T\d{6}-[0-9a-f]{6}$/);
    expect(a).not.toBe(b);
  });

  test('newRunId stamps the given time in UTC, so run ids sort by time', () => {
    const id = newRunId(new Date('2026-11-22T10:15:00.123Z'));
    expect(id).toMatch(/^20261122T101500-[0-9a-f]{6}$/);
    const later = newRunId(new Date('2026-11-22T10:15:01.000Z'));
    expect([later, id].sort()).toEqual([id, later]);
  });
});

test('isLoopbackUrl tells loopback hosts from others', () => {
  expect(isLoopbackUrl('http://127.0.0.1:1')).toBe(true);
  expect(isLoopbackUrl('http://127.1.2.3')).toBe(true);
  expect(isLoopbackUrl('http://LOCALHOST')).toBe(true);
  expect(isLoopbackUrl('http://[::1]:9')).toBe(true);
  expect(isLoopbackUrl('http://localhost.example.com')).toBe(false);
  expect(isLoopbackUrl('http://10.0.0.1')).toBe(false);
});

test('loadDotEnv reads a .env file into process.env, and a missing file is no error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'osd-dotenv-'));
  const name = `OSD_DOTENV_TEST_${process.pid}`;
  try {
    const file = join(dir, '.env');
    writeFileSync(file, `${name}=from-file\n`);
    loadDotEnv(file);
    expect(process.env[name]).toBe('from-file');
    expect(() => loadDotEnv(join(dir, 'absent.env'))).not.toThrow();
  } finally {
    delete process.env[name];
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a loopback staging that is not paced says so in the banner (issue 43, item 7); paced, local or remote says nothing', () => {
  const loopback = { baseUrl: 'http://127.0.0.1:8080', environment: 'staging' as const, rate: 0 };
  expect(pacingNote(loopback)).toMatch(
    /^not paced \(API_RATE unset for a loopback target\): this staging rehearsal runs several times faster/,
  );
  expect(pacingNote({ ...loopback, rate: 10 })).toBeNull();
  expect(pacingNote({ ...loopback, environment: 'local' })).toBeNull();
  expect(pacingNote({ ...loopback, baseUrl: 'https://staging.example', rate: 10 })).toBeNull();
  expect(pacingNote({ ...loopback, baseUrl: null })).toBeNull();
});
