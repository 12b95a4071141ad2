// ReadSettle (src/checks/read-settle.ts): a read that does not show the run's own write yet is read again within the
// window, the delay recorded; a correct target's first read costs no wait; a read that never shows it is judged after
// the window, and at once from then on. A scripted clock: no real waiting.
import { expect, test } from '@playwright/test';
import { ReadSettle } from '../../src/checks/read-settle.ts';
import { Verdict } from '../../src/checks/test-verdict.ts';
import { DEFAULT_PROFILE } from '../../src/config/target-profile.ts';

/** A clock that moves only when the settle sleeps, and a read that shows the write from `showsAtMs` on. */
function scripted(windowMs: number, showsAtMs: number) {
  let now = 0;
  const pauses: number[] = [];
  const settle = new ReadSettle(
    windowMs,
    async (ms) => {
      pauses.push(ms);
      now += ms;
    },
    () => now,
  );
  const reads: number[] = [];
  const read = async () => {
    reads.push(now);
    return now >= showsAtMs;
  };
  return { settle, read, reads, pauses };
}

const verdict = () => new Verdict({ profile: DEFAULT_PROFILE, strict: false });

test('a first read that shows the write returns at once, with no observation', async () => {
  const s = scripted(2000, 0);
  const v = verdict();
  expect(await s.settle.read({ read: s.read, shows: (x) => x, what: 'GET', verdict: v })).toEqual({
    value: true,
    shows: true,
    waitedMs: 0,
  });
  expect({ reads: s.reads, pauses: s.pauses, observations: v.observations }).toEqual({ reads: [0], pauses: [], observations: [] });
});

test('a write shown 300 ms late is read again with growing pauses, and the delay is recorded', async () => {
  const s = scripted(2000, 300);
  const v = verdict();
  const got = await s.settle.read({ read: s.read, shows: (x) => x, what: 'GET /subscription/a after create', verdict: v });
  expect(got).toEqual({ value: true, shows: true, waitedMs: 350 });
  expect(s.settle.note(got)).toBe('');
  expect(s.pauses).toEqual([50, 100, 200]);
  expect(v.observations.map((o) => [o.clause, o.key, o.value])).toEqual([['SUB-READ-AFTER-WRITE', 'readAfterWrite.lagMs', 350]]);
  expect(v.observations[0].message).toContain('GET /subscription/a after create showed the write only after 350 ms');
  expect(v.failures).toEqual([]);
});

test('a write never shown is judged at the end of the window, and reads are judged at once from then on', async () => {
  const s = scripted(2000, Infinity);
  const first = await s.settle.read({ read: s.read, shows: (x) => x, what: 'GET' });
  expect(first).toEqual({ value: false, shows: false, waitedMs: 2000 });
  expect(s.settle.note(first)).toBe(' (read again for 2 s: API_READ_SETTLE)');
  expect(s.pauses).toEqual([50, 100, 200, 400, 500, 500, 250]);
  expect(s.settle.gaveUp).toBe(true);
  const before = s.reads.length;
  const next = await s.settle.read({ read: s.read, shows: (x) => x, what: 'GET' });
  expect(next).toEqual({ value: false, shows: false, waitedMs: 0 });
  expect(s.reads.length - before).toBe(1);
  expect(s.settle.note(next)).toBe(' (judged at the first read: an earlier read never showed its write within API_READ_SETTLE)');
});

test('a window of 0 (API_READ_SETTLE=0) judges the first read', async () => {
  const s = scripted(0, 300);
  expect(await s.settle.read({ read: s.read, shows: (x) => x, what: 'GET' })).toEqual({ value: false, shows: false, waitedMs: 0 });
  expect(s.pauses).toEqual([]);
  expect(s.settle.gaveUp).toBe(false);
});

test('a read answered with a status no lag explains (5xx, 3xx) is judged at once: no wait, and later reads still wait', async () => {
  for (const status of [500, 502, 302]) {
    let now = 0;
    const pauses: number[] = [];
    const settle = new ReadSettle(
      2000,
      async (ms) => {
        pauses.push(ms);
        now += ms;
      },
      () => now,
    );
    const answered = await settle.read({ read: async () => ({ status }), shows: (x) => x.status === 200, what: 'GET' });
    expect({ status, answered, pauses, gaveUp: settle.gaveUp }).toEqual({
      status,
      answered: { value: { status }, shows: false, waitedMs: 0 },
      pauses: [],
      gaveUp: false,
    });
    // A 404 may be a replica behind the write: read again within the window.
    const lagging = await settle.read({
      read: async () => ({ status: now >= 100 ? 200 : 404 }),
      shows: (x) => x.status === 200,
      what: 'GET',
    });
    expect(lagging.shows).toBe(true);
    expect(pauses.length).toBeGreaterThan(0);
  }
});
