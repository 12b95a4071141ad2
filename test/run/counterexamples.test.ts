// The counterexamples kept for a target (issue 49, item 2): added from a run's failed property records, once each, at
// most KEPT_PER_PROPERTY per property, redacted (never a credential), written whole or not at all.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ConfigError } from '../../src/config/config-error.ts';
import { makeRedactor } from '../../src/config/redact.ts';
import { counterexamplesOfRun, KEPT_PER_PROPERTY, keepCounterexamples, readCounterexamples } from '../../src/run/counterexamples.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';

const SECRET = 'partner-secret-canary-0001';

function record(dir: string, name: string, r: Record<string, unknown>): void {
  mkdirSync(join(dir, 'fuzz'), { recursive: true });
  writeFileSync(join(dir, 'fuzz', `${name}.json`), JSON.stringify(r));
}

test("a run's failed properties become kept counterexamples, once each, redacted, and the file is replaced whole", ({}, info) => {
  const dir = join(PROJECT_TEST_OUTPUT, 'counterexamples', String(info.workerIndex));
  rmSync(dir, { recursive: true, force: true });
  const failure = { clause: 'GEN-FAILURE-4XX', message: `POST /subscription answered 500 (${SECRET})` };
  const base = { runId: 'run-1', counterexample: `{"clientSubscriptionReference":"${SECRET}"}`, error: null };
  record(dir, 'a', { ...base, property: 'no 5xx for text', status: 'failed', seed: 5, path: '2:0:1', failures: [failure] });
  record(dir, 'b', { ...base, property: 'echo', status: 'passed', seed: 5, path: null, failures: [] });
  record(dir, 'c', { ...base, property: 'met elsewhere', status: 'failed', seed: 5, path: null, failures: [failure] });
  record(dir, 'd', { ...base, runId: 'run-0', property: 'older run', status: 'failed', seed: 1, path: '0', failures: [failure] });
  writeFileSync(join(dir, 'fuzz', 'e.json'), '{"property":'); // cut short
  const found = counterexamplesOfRun(dir, { runId: 'run-1', foundBy: 'exploration', suiteVersion: '0.1.0' });
  expect(found).toEqual([
    expect.objectContaining({ property: 'no 5xx for text', clauses: ['GEN-FAILURE-4XX'], seed: 5, path: '2:0:1', foundBy: 'exploration' }),
  ]);
  const file = join(dir, 'staging.counterexamples.json');
  const redact = makeRedactor([SECRET]);
  expect(keepCounterexamples(file, found, redact)).toBe(1);
  expect(keepCounterexamples(file, found, redact), 'the same counterexample again: kept once').toBe(0);
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain(SECRET);
  expect(
    readdirSync(dir).filter((f) => f.endsWith('.tmp')),
    'no temporary file left',
  ).toEqual([]);
  expect(readCounterexamples(file)).toEqual([expect.objectContaining({ property: 'no 5xx for text', seed: 5, path: '2:0:1' })]);
  // At most KEPT_PER_PROPERTY per property, the newest.
  const many = Array.from({ length: KEPT_PER_PROPERTY + 2 }, (_, i) => ({ ...found[0], seed: 100 + i }));
  keepCounterexamples(file, many, redact);
  const kept = readCounterexamples(file);
  expect(kept).toHaveLength(KEPT_PER_PROPERTY);
  expect(kept.at(-1)?.seed).toBe(100 + KEPT_PER_PROPERTY + 1);
  // A file that is not one is a configuration error (exit 2), never overwritten.
  writeFileSync(file, '{"format":"something else","counterexamples":[]}');
  expect(() => readCounterexamples(file)).toThrow(ConfigError);
  expect(() => keepCounterexamples(file, found, redact)).toThrow(/is not one the suite wrote/);
  rmSync(dir, { recursive: true, force: true });
});
