// The target profile: the reference's profile parses; invalid profiles are refused with the pointer of
// the fault; status expectations match numbers and classes; pinned vs widest; route templates.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ConfigError } from '../../src/config/config-error.ts';
import {
  DEFAULT_PROFILE,
  WIDEST_STATUS,
  describeExpectation,
  expectedStatus,
  fillPath,
  loadProfile,
  parseProfile,
  statusMatches,
  type StatusKey,
} from '../../src/config/target-profile.ts';
import { invalidProfileCases, statusMatchCases } from './target-profile.cases.ts';

const REFERENCE_PROFILE = fileURLToPath(new URL('../../reference/profile.json', import.meta.url));
const STATUS_KEYS = Object.keys(WIDEST_STATUS) as StatusKey[];

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

test.describe('loading', () => {
  test("the reference's profile parses and pins its choices", () => {
    const profile = loadProfile(REFERENCE_PROFILE);
    expect(profile.cancel).toEqual({ method: 'POST', path: '/subscription/{subscriptionId}/cancel' });
    expect(profile.health).toEqual({ method: 'GET', path: '/health' });
    expect(profile.status?.create).toEqual([201]);
    expect(profile.maxLimit).toBe(100);
  });

  test('no profile path gives the default, widest profile', () => {
    expect(loadProfile(null)).toBe(DEFAULT_PROFILE);
    expect(DEFAULT_PROFILE.cancel).toBeNull();
    expect(DEFAULT_PROFILE.health).toBeNull();
    expect(DEFAULT_PROFILE.maxLimit).toBeNull();
  });

  test('an empty object is a valid profile (every key optional)', () => {
    expect(parseProfile({}, 'inline')).toEqual({});
  });

  test('a file that cannot be read, or is not JSON, is one clear sentence naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osd-profile-'));
    try {
      const missing = join(dir, 'missing.json');
      expect(errorOf(() => loadProfile(missing)).message).toBe(`The target profile "${missing}" cannot be read.`);
      const broken = join(dir, 'broken.json');
      writeFileSync(broken, '{ "cancel": ');
      expect(errorOf(() => loadProfile(broken)).message).toBe(`The target profile "${broken}" is not valid JSON.`);
      const invalid = join(dir, 'invalid.json');
      writeFileSync(invalid, JSON.stringify({ maxLimit: -3 }));
      expect(errorOf(() => loadProfile(invalid)).message).toContain(`"${invalid}" is invalid at /maxLimit`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('invalid profiles are refused with the pointer of the fault', () => {
  for (const c of invalidProfileCases) {
    test(c.description, () => {
      const { message } = errorOf(() => parseProfile(c.profile, 'P'));
      expect(message).toContain(`The target profile P is invalid at ${c.pointer}: `);
      expect(message.slice(message.indexOf(': ') + 2)).toMatch(c.says);
      expect(message).not.toContain('\n');
      expect(message).toMatch(/\.$/);
    });
  }
});

test.describe('statusMatches', () => {
  for (const c of statusMatchCases) {
    test(`${c.status} ${c.matches ? 'matches' : 'does not match'} ${describeExpectation(c.expectation)}`, () => {
      expect(statusMatches(c.expectation, c.status)).toBe(c.matches);
    });
  }
});

test.describe('expectedStatus', () => {
  test('without a pin, every item is the widest reading and not pinned', () => {
    for (const key of STATUS_KEYS) {
      expect(expectedStatus(DEFAULT_PROFILE, key)).toEqual({ expected: WIDEST_STATUS[key], pinned: false });
    }
  });

  test('the widest reading is 2xx for successes, 4xx for refusals, either for a repeat cancel (idempotent or refused)', () => {
    expect(WIDEST_STATUS.create).toEqual(['2xx']);
    expect(WIDEST_STATUS.cancel).toEqual(['2xx']);
    expect(WIDEST_STATUS.cancelNotCancellable).toEqual(['2xx', '4xx']);
    for (const key of STATUS_KEYS.filter((k) => !['create', 'cancel', 'cancelNotCancellable'].includes(k)))
      expect(WIDEST_STATUS[key]).toEqual(['4xx']);
  });

  test('a pinned item is the profile value; items the profile leaves out stay widest', () => {
    const profile = loadProfile(REFERENCE_PROFILE);
    expect(expectedStatus(profile, 'create')).toEqual({ expected: [201], pinned: true });
    expect(expectedStatus(profile, 'unknownId')).toEqual({ expected: [404], pinned: true });
    // The reference profile does not pin the cancel success code.
    expect(expectedStatus(profile, 'cancel')).toEqual({ expected: ['2xx'], pinned: false });
  });
});

test.describe('fillPath', () => {
  const cancel = { method: 'POST' as const, path: '/subscription/{subscriptionId}/cancel' };

  test('puts the id into the template', () => {
    expect(fillPath(cancel, { subscriptionId: 'abc-123' })).toBe('/subscription/abc-123/cancel');
  });

  test('encodes the id, so it cannot change the path or add a query', () => {
    expect(fillPath(cancel, { subscriptionId: '../a/b c?d=1#e' })).toBe('/subscription/..%2Fa%2Fb%20c%3Fd%3D1%23e/cancel');
  });

  test('fills every occurrence and several parameters', () => {
    expect(fillPath({ method: 'GET', path: '/{a}/x/{b}/{a}' }, { a: '1', b: 'é' })).toBe('/1/x/%C3%A9/1');
  });

  test('a missing parameter is an error naming it', () => {
    expect(() => fillPath(cancel, {})).toThrow(/needs parameter subscriptionId/);
  });
});
