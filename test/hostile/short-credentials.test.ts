// Issue 29, item 6: credentials too short to redact. A one-character key and secret mangled the console
// ("reque[redacted]t") and made a JSON report invalid. Every command that takes credentials refuses one shorter than
// 8 characters at configuration (one sentence, exit 2, the value never shown); and a JSON file is redacted by its
// strings before it is serialised, so no credential, whatever it holds, can break its syntax.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeRedactor, REDACTED, redactDeep, redactedJson, redactFileText } from '../../src/config/redact.ts';
import { ROOT } from '../certify/run-certify.ts';

/** Short, and found nowhere else: any appearance in what a command prints is the credential shown. */
const SHORT = { API_SUBSCRIPTION_KEY: 'Zq7', API_SECRET: 'Xw9' };
const SENTENCE = /^\nConfiguration error: [^\n]*API_SUBSCRIPTION_KEY and API_SECRET are shorter than 8 characters[^\n]*\.\n\n$/;

/** `node --import tsx`, as the npm scripts run our commands. */
const TSX = [process.execPath, '--import', 'tsx'];

/** Each command that takes credentials, as a user runs it (no target is ever reached: the port is discard's). */
const COMMANDS: Array<{ command: string; argv: (dir: string) => string[]; env?: (dir: string) => Record<string, string>; says?: RegExp }> =
  [
    { command: 'npm run certify', argv: (dir) => [...TSX, 'src/cli/certify.ts', '--out', join(dir, 'certification')] },
    { command: 'npm run cleanup', argv: () => [...TSX, 'src/cli/cleanup.ts'] },
    {
      command: 'npm run conformance (the global setup, shared with fuzz)',
      argv: () => [join(ROOT, 'node_modules/.bin/playwright'), 'test', '--project=conformance', '--workers=1', '-g', 'health check result'],
    },
    {
      command: 'npm run certify:client',
      argv: (dir) => [...TSX, 'src/cli/certify-client.ts', '--session', join(dir, 'session.jsonl'), '--out', join(dir, 'client')],
    },
    {
      command: 'npm run load (before k6 starts)',
      argv: () => [...TSX, 'src/cli/load.ts', 'pagination'],
      env: (dir) => {
        // A stand-in k6 that only says its version: the refusal must come before any run.
        const k6 = join(dir, 'k6');
        writeFileSync(k6, '#!/bin/sh\necho "k6 v1.3.0 (fake)"\n');
        chmodSync(k6, 0o755);
        return { K6_BIN: k6, LOAD_REPORT_DIR: join(dir, 'load') };
      },
      says: /^\nConfiguration error: load pagination: [^\n]*API_SUBSCRIPTION_KEY[^\n]*at least 8 characters[^\n]*API_SECRET[^\n]*at least 8 characters/,
    },
  ];

test.describe('short credentials are refused at configuration', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const c of COMMANDS) {
    test(`${c.command}: exit 2, one sentence, the values never shown`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'osd-short-credentials-'));
      try {
        const inherited = Object.fromEntries(
          Object.entries(process.env).filter(
            ([k]) => !/^(API_(?!DURABILITY_WAIT$)|RUN_ID$|REPORTS_DIR$|REFERENCE_|PLAYWRIGHT_|PW_|TEST_|FUZZ_)/.test(k),
          ),
        );
        const result = spawnSync(c.argv(dir)[0], c.argv(dir).slice(1), {
          cwd: ROOT,
          env: { ...inherited, API_BASE_URL: 'http://127.0.0.1:9', ...SHORT, REPORTS_DIR: join(dir, 'reports'), ...c.env?.(dir) },
          encoding: 'utf8',
          timeout: 60_000,
        });
        const printed = result.stdout + result.stderr;
        expect(result.status, printed).toBe(2);
        expect(result.stderr).toMatch(c.says ?? SENTENCE);
        expect(printed).not.toMatch(/\n\s+at /);
        for (const value of Object.values(SHORT)) expect(printed).not.toContain(value);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

/**
 * Credentials (8 characters and more) that are also JSON text: redacted in the serialised text, as before, each broke the
 * file (the raw value matched across a string's end and the next key, or a number, or the literals of a list).
 */
const SYNTAX_CREDENTIALS = ['","list"', 'null,true', '12345678'];

test('a JSON written with a credential inside a value stays valid JSON, the value redacted', () => {
  for (const credential of SYNTAX_CREDENTIALS) {
    const redact = makeRedactor([credential]);
    const value = { note: `before ${credential} after`, list: [credential, 12345678, null, true], nested: { credential } };
    const expected = { note: `before ${REDACTED} after`, list: [REDACTED, 12345678, null, true], nested: { credential: REDACTED } };
    expect(redactDeep(value, redact), credential).toEqual(expected);
    expect(JSON.parse(redactedJson(value, redact)), credential).toEqual(expected);
    expect(JSON.parse(redactedJson(value, redact, 2)), credential).toEqual(expected);
    // A JSON and a JSON Lines file copied into the evidence bundle: the same, line by line.
    expect(JSON.parse(redactFileText('x.json', `${JSON.stringify(value)}\n`, redact)), credential).toEqual(expected);
    const lines = redactFileText('x.jsonl', `${JSON.stringify(value)}\n${JSON.stringify(value)}\n`, redact)
      .trim()
      .split('\n');
    expect(
      lines.map((line) => JSON.parse(line)),
      credential,
    ).toEqual([expected, expected]);
  }
});
