// The late read (src/checks/late-read.ts): what the journal says the service confirmed, how a later read is judged
// against it (cases in late-read.cases.ts), and the rounds it reads in: waiting from the last confirmation, reading
// a difference once more after the settle window, a soak's changes kept with when each was first seen.
import { expect, test } from '@playwright/test';
import type { ApiClient } from '../../src/client/api-client.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { compareWithConfirmed, confirmedRecords, lateRead, lateReadSentence } from '../../src/checks/late-read.ts';
import { type JournalEntry, openRecords } from '../../src/run/journal.ts';
import { COMPARE_CASES, CONFIRMED_ACCEPTED } from './late-read.cases.ts';

for (const c of COMPARE_CASES)
  test(`late read: ${c.description}`, () => {
    const found = compareWithConfirmed(c.confirmed, c.got, 'GET /subscription/S-1');
    expect(found.map(({ kind, clause, binding }) => ({ kind, clause, binding }))).toEqual(c.findings);
  });

const created = (id: string, at: string, status = 'accepted'): JournalEntry => ({
  at,
  event: 'created',
  tag: `t-${id}`,
  id,
  status,
  echoed: { ...CONFIRMED_ACCEPTED.echoed, clientSubscriptionReference: `t-${id}` },
});

test('confirmedRecords: the last state confirmed per record; records created without echoed fields (other credentials, older journals) are left out', () => {
  const entries: JournalEntry[] = [
    created('A', '2026-01-15T09:30:01.000Z'),
    created('B', '2026-01-15T09:30:02.000Z'),
    { at: '2026-01-15T09:30:03.000Z', event: 'cancelled', id: 'B', httpStatus: 200 },
    { at: '2026-01-15T09:30:04.000Z', event: 'cancelled', id: 'not-ours', httpStatus: 200 },
    { at: '2026-01-15T09:30:05.000Z', event: 'created', tag: 't-C', id: 'C', status: 'accepted' },
  ];
  expect(confirmedRecords(entries).map((r) => [r.id, r.status, r.confirmedBy, r.confirmedAt])).toEqual([
    ['A', 'accepted', 'create', '2026-01-15T09:30:01.000Z'],
    ['B', 'cancelled', 'cancel', '2026-01-15T09:30:03.000Z'],
  ]);
});

/** A target of records by id whose state the test changes between reads; every read counted. */
function fakeClient(state: Map<string, Record<string, unknown> | undefined>) {
  let requests = 0;
  const journalled: unknown[] = [];
  const ex = (status: number, body: unknown) => ({ status, body }) as unknown as Exchange;
  const client = {
    journal: { record: (entry: unknown) => journalled.push(entry) },
    getSubscription: async (id: string) => {
      requests += 1;
      const r = state.get(id);
      return r ? ex(200, r) : ex(404, { error: 'not-found', message: 'no such record' });
    },
    listSubscriptions: async (query?: { offerId?: string }) => {
      requests += 1;
      return ex(
        200,
        [...state.values()].filter((r) => r && r.offerId === query?.offerId),
      );
    },
  } as unknown as ApiClient;
  return { client, requests: () => requests, journalled };
}

test('the late read waits API_DURABILITY_WAIT from the last confirmation, and a soak keeps each change with when it was first seen', async () => {
  const entries = [created('A', '2026-01-15T09:30:01.000Z'), created('B', '2026-01-15T09:30:05.000Z')];
  const echoedOf = (id: string) =>
    (entries.find((e) => e.event === 'created' && e.id === id) as { echoed: Record<string, unknown> }).echoed;
  const asRead = (id: string) => ({ id, status: 'accepted', ...echoedOf(id) });
  const state = new Map<string, Record<string, unknown> | undefined>([
    ['A', asRead('A')],
    ['B', asRead('B')],
  ]);
  const target = fakeClient(state);
  let clock = Date.parse('2026-01-15T09:30:06.000Z');
  const slept: number[] = [];
  const rounds: string[] = [];
  const summary = await lateRead(target.client, entries, {
    waitMs: 10_000,
    readSettleMs: 500,
    latestStartAt: clock + 3_600_000,
    soakMs: 120_000,
    soakIntervalMs: 60_000,
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
      // After the first round, record B is rejected by the service (an observation); after the second, A is gone.
      if (rounds.length === 1) state.set('B', { ...asRead('B'), status: 'rejected' });
      if (rounds.length === 2) state.delete('A');
    },
    say: (line) => rounds.push(line),
  });
  expect(slept[0]).toBe(9_000); // 10 s after B's create, the last confirmation
  expect(summary.rounds).toBe(3);
  expect(summary.ageS).toEqual({ min: 10, max: 14 });
  expect(summary.findings.map((f) => [f.id, f.kind, f.where, f.binding])).toEqual([
    ['B', 'status-changed', 'GET /subscription/B', false],
    ['B', 'status-changed', 'GET /subscription?offerId=O-1', false],
    ['A', 'vanished', 'GET /subscription/A', true],
    ['A', 'vanished', 'GET /subscription?offerId=O-1', true],
  ]);
  // First seen in the round that saw it (after the settle window's second look), not again in later rounds.
  expect(summary.findings[0].firstSeenAt).toBe('2026-01-15T09:31:15.500Z');
  expect(summary.findings[2].firstSeenAt).toBe('2026-01-15T09:32:15.500Z');
  // Bounded: three rounds of two reads by id and one list, plus the second looks at the records that differed.
  expect(summary.requests).toBe(target.requests());
  expect(target.requests()).toBeLessThanOrEqual(3 * 3 + 2 * 3);
  // B, rejected by the service itself, is written down as closed: the teardown does not ask to cancel what is final.
  expect(target.journalled).toEqual([{ event: 'read-closed', id: 'B', status: 'rejected' }]);
  const closed = openRecords([...entries, { at: '2026-01-15T09:33:00.000Z', event: 'read-closed', id: 'B', status: 'rejected' }]);
  expect(closed.ids).toEqual(['A']);
  expect(lateReadSentence(summary)).toMatch(
    /^Late read: re-read 2 record\(s\) .* soak of 120 s: 3 round\(s\), \d+ request\(s\); 2 failure\(s\), 2 observation\(s\): record A/,
  );
});

test('a record a replica shows a moment late is read once more after the settle window, and is no finding', async () => {
  const entries = [created('A', '2026-01-15T09:30:01.000Z')];
  const state = new Map<string, Record<string, unknown> | undefined>();
  const target = fakeClient(state);
  let clock = Date.parse('2026-01-15T09:30:20.000Z');
  const summary = await lateRead(target.client, entries, {
    waitMs: 10_000,
    readSettleMs: 1_000,
    latestStartAt: clock + 60_000,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
      state.set('A', { id: 'A', status: 'accepted', ...(entries[0] as { echoed: object }).echoed });
    },
  });
  expect(summary.findings).toEqual([]);
  expect(summary.rounds).toBe(1);
});

test('with nothing created, the late read does not run, and says why', async () => {
  const summary = await lateRead(fakeClient(new Map()).client, [], { waitMs: 10_000, readSettleMs: 0, latestStartAt: Date.now() });
  expect(summary.ran).toBe(false);
  expect(lateReadSentence(summary)).toBe('Late read: not run (the run created no record with its own credentials: nothing to read again).');
});
