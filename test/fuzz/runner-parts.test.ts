// The parts of the fuzz runner that decide what is replayable and bounded: the shrink time cap, the
// record names and the replay command, and the muting that keeps a test's verdict out of the cases.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { grepFor, replayCommand, slug } from '../../fuzz/record.ts';
import { commandsReplayPath, shrinkTimeLimit } from '../../fuzz/runner.ts';
import { showValue } from '../../src/arbitraries/index.ts';
import { Verdict } from '../../src/checks/test-verdict.ts';
import type { Exchange } from '../../src/client/exchange.ts';

/** A property failing from 1000 up: shrinking ends at exactly 1000 when given the time. */
const failsFrom1000 = fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => n < 1000);

test('with time to shrink, the counterexample is the smallest failing case', () => {
  const details = fc.check(failsFrom1000, { seed: 42, plugins: [shrinkTimeLimit(60_000)] });
  expect(details.counterexample).toEqual([1000]);
  expect(details.interrupted).toBe(false);
});

test('the shrink time cap stops shrinking and keeps the smallest failing case found so far', () => {
  let clock = 0;
  const details = fc.check(failsFrom1000, { seed: 42, plugins: [shrinkTimeLimit(3, () => clock++)] });
  expect(details.failed).toBe(true);
  expect(details.interrupted).toBe(true);
  expect(details.numShrinks).toBeLessThanOrEqual(3);
  expect(details.counterexample![0]).toBeGreaterThanOrEqual(1000);
  // The seed and path it reports replay that very case.
  const replayed = fc.check(failsFrom1000, { seed: details.seed, path: details.counterexamplePath!, endOnFailure: true });
  expect(replayed.counterexample).toEqual(details.counterexample);
});

const TITLES = [
  'one defect, missing-required: refused with a 4xx and no record left',
  'edge amounts (0.1+0.2, 1e-7) get what [the contract] says?',
  "the offer's limits $ ^ * hold",
];

for (const title of TITLES) {
  test(`-g pattern and replay command select exactly: ${title}`, () => {
    const pattern = new RegExp(grepFor(title));
    expect(pattern.test(`fuzz/x.spec.ts ${title} @write`)).toBe(true);
    expect(pattern.test(title.slice(1))).toBe(false);
    const command = replayCommand({ seed: -5, path: '3:0:1', grep: grepFor(title) });
    expect(command.startsWith('FUZZ_SEED=-5 FUZZ_PATH=3:0:1 npx playwright test --project=fuzz -g ')).toBe(true);
    expect(slug(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
}

test('a replay command without a path replays the whole run from its seed', () => {
  expect(replayCommand({ seed: 7, path: null, grep: 'p' })).toBe("FUZZ_SEED=7 npx playwright test --project=fuzz -g 'p'");
  expect(replayCommand({ seed: 7, path: null, grep: "it's" })).toBe(`FUZZ_SEED=7 npx playwright test --project=fuzz -g 'it'\\''s'`);
});

test('a replay command carries the run id, part of some generated values (issue 10, defect 11)', () => {
  expect(replayCommand({ seed: 7, path: '1:0', grep: 'p', runId: 'r-1' })).toBe(
    "RUN_ID=r-1 FUZZ_SEED=7 FUZZ_PATH=1:0 npx playwright test --project=fuzz -g 'p'",
  );
});

test('a verdict inspects nothing while muted, and everything before and after', async () => {
  const verdict = new Verdict({ profile: {}, strict: false });
  // A response with the wrong content type: one GEN-JSON-CONTENT-TYPE failure each time it is inspected.
  const bad = (seq: number, path: string) =>
    ({
      seq,
      operation: 'offer.list',
      method: 'GET',
      path,
      requestHeaders: {},
      status: 200,
      responseHeaders: { 'content-type': 'text/plain' },
      body: [],
      text: '[]',
      isJson: true,
      durationMs: 1,
      attempts: 1,
    }) as Exchange;
  verdict.inspect(bad(1, '/offer?a=1'));
  await verdict.whileMuted(async () => verdict.inspect(bad(2, '/offer?b=2')));
  verdict.inspect(bad(3, '/offer?c=3'));
  expect(verdict.failures.map((f) => f.evidence?.request)).toEqual(['GET /offer?a=1', 'GET /offer?c=3']);
});

/** A command that fails once the counter passes 50: the smallest failing sequence is two adds. */
class Add implements fc.Command<{ n: number }, unknown> {
  constructor(readonly by: number) {}
  check = () => true;
  run(m: { n: number }): void {
    m.n += this.by;
    if (m.n > 50) throw new Error('past 50');
  }
  toString = () => `add(${this.by})`;
}
const addsPast50 = (replayPath?: string) =>
  fc.property(fc.commands([fc.integer({ min: 0, max: 40 }).map((by) => new Add(by))], { maxCommands: 8, replayPath }), (cmds) =>
    fc.modelRun(() => ({ model: { n: 0 }, real: {} }), cmds),
  );

test('a shrunk sequence of commands shows as a numbered list of the calls that ran, and its replay path rebuilds it', () => {
  const details = fc.check(addsPast50(), { seed: 7 });
  expect(details.failed).toBe(true);
  const shown = showValue(details.counterexample![0]);
  expect(shown).toMatch(/^2 call\(s\):\n {2}1\. add\(\d+\)\n {2}2\. add\(\d+\)\n\(replayPath="[^"]+"\)$/);
  const replayPath = commandsReplayPath(details.counterexample![0]);
  expect(replayPath).toMatch(/^[A-Za-z0-9+/=:_-]+$/);
  // Seed and path alone do not rebuild a shrunk sequence (fast-check shrinks it by what ran); with the replay path they do.
  const replayed = fc.check(addsPast50(replayPath!), { seed: details.seed, path: details.counterexamplePath!, endOnFailure: true });
  expect(showValue(replayed.counterexample![0])).toBe(shown);
  expect(commandsReplayPath([1, 2])).toBeNull();
  expect(replayCommand({ seed: 1, path: '0:1', replayPath, grep: 'p' })).toBe(
    `FUZZ_SEED=1 FUZZ_PATH=0:1 FUZZ_REPLAY_PATH=${replayPath} npx playwright test --project=fuzz -g 'p'`,
  );
});
