// Teardown cleanup against a scripted target: every open record is cancelled, unresolved tags are
// looked up by listing, and what the target refuses or cannot find is reported, not hidden.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openRecords, type JournalEntry, type JournalTarget } from '../../src/run/journal.ts';
import { cancelOpenRecords, cleanupRuns, sweepSentence } from '../../src/run/cleanup.ts';
import { expect, test } from '../client/stub-target.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';

const at = '2026-01-01T00:00:00.000Z';

test('open ids are cancelled, unresolved tags found by listing, the rest reported', async ({ stub, api }) => {
  const entries: JournalEntry[] = [
    { at, event: 'create-sent', tag: 't1' },
    { at, event: 'created', tag: 't1', id: 'a', status: 'accepted' },
    { at, event: 'create-sent', tag: 't2' },
    { at, event: 'created', tag: 't2', id: 'b', status: 'rejected' },
    { at, event: 'create-sent', tag: 't3' },
    { at, event: 'create-sent', tag: 't4' },
    { at, event: 'create-unknown', tag: 't4', reason: 'socket hang up' },
  ];
  stub.reply = (hit) => {
    if (hit.method === 'GET' && hit.url === '/subscription') {
      return {
        status: 200,
        body: [
          { id: 'c', clientSubscriptionReference: 't3', status: 'accepted' },
          { id: 'c-old', clientSubscriptionReference: 't3', status: 'cancelled' },
          { id: 'other', clientSubscriptionReference: 'someone-else', status: 'accepted' },
        ],
      };
    }
    if (hit.url === '/subscription/c/cancel') return { status: 409, body: { status: 409, errors: [], message: 'Conflict' } };
    // Read back after the refusal, still accepted: the refusal stands.
    if (hit.method === 'GET' && hit.url === '/subscription/c') return { status: 200, body: { id: 'c', status: 'accepted' } };
    return { status: 200, body: { status: 'cancelled' } };
  };
  const summary = await cancelOpenRecords(api.client, entries);
  expect(summary).toEqual({
    cancelled: ['a'],
    refused: [{ id: 'c', status: 409 }],
    notFound: ['t4'],
    leftAlone: [],
    closed: [],
    errors: [],
  });
  expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual([
    'GET /subscription',
    'POST /subscription/a/cancel',
    'POST /subscription/c/cancel',
    'GET /subscription/c',
  ]);
});

// A service may close a record itself between the run's last read and its teardown (a review rejects an order still
// accepted): the cancel is refused, the record read back is rejected, and it is written down closed, not left open.
test('a cancel refused because the service closed the record itself: read back, journalled closed, not left open', async ({
  stub,
  api,
}) => {
  const entries: JournalEntry[] = [
    { at, event: 'create-sent', tag: 't1' },
    { at, event: 'created', tag: 't1', id: 'r', status: 'accepted' },
  ];
  stub.reply = (hit) =>
    hit.method === 'POST'
      ? { status: 409, body: { status: 409, errors: [], message: 'Conflict' } }
      : { status: 200, body: { id: 'r', status: 'rejected' } };
  const summary = await cancelOpenRecords(api.client, entries);
  expect(summary).toMatchObject({ cancelled: [], refused: [], closed: ['r'], errors: [] });
  expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual(['POST /subscription/r/cancel', 'GET /subscription/r']);
  const journal = api.journal.entries();
  expect(journal.some((e) => e.event === 'read-closed' && e.id === 'r' && e.status === 'rejected')).toBe(true);
  expect(openRecords([...entries, ...journal]).ids).toEqual([]);
});

test('a rate limit that says no Retry-After: each cancel it refuses with a 429 is sent again, and nothing is left open', async ({
  stub,
  api,
}) => {
  const entries: JournalEntry[] = ['a', 'b', 'c'].map((id, i) => ({ at, event: 'created', tag: `t${i}`, id, status: 'accepted' }));
  const refusedOnce = new Set<string>();
  stub.reply = (hit) => {
    if (refusedOnce.has(hit.url)) return { status: 200, body: { status: 'cancelled' } };
    refusedOnce.add(hit.url);
    return { status: 429, body: { message: 'Too Many Requests' } }; // no Retry-After header
  };
  const summary = await cancelOpenRecords(api.client, entries);
  expect(summary).toEqual({ cancelled: ['a', 'b', 'c'], refused: [], notFound: [], leftAlone: [], closed: [], errors: [] });
  expect(stub.hits.map((h) => h.url)).toEqual(['a', 'a', 'b', 'b', 'c', 'c'].map((id) => `/subscription/${id}/cancel`));
});

test('a target whose records carry no clientSubscriptionReference: creates of unknown outcome are an error, not "not found"', async ({
  stub,
  api,
}) => {
  const entries: JournalEntry[] = [
    { at, event: 'created', tag: 't1', id: 'a', status: 'accepted' },
    { at, event: 'create-sent', tag: 't2' },
    { at, event: 'create-unknown', tag: 't2', reason: 'socket hang up' },
  ];
  stub.reply = (hit) =>
    hit.method === 'GET'
      ? {
          status: 200,
          body: [
            { id: 'a', status: 'accepted' },
            { id: 'x', status: 'accepted' },
          ],
        }
      : { status: 200, body: { status: 'cancelled' } };
  const summary = await cancelOpenRecords(api.client, entries);
  expect(summary.cancelled).toEqual(['a']);
  expect(summary.errors).toEqual([
    "1 create(s) of unknown outcome cannot be looked up: the target's 2 subscription record(s) carry no clientSubscriptionReference, the tag they were sent with; look for them by hand (tags t2)",
  ]);
});

test('a create of unknown outcome that the list shows only a moment later (a replica) is found by a second look after API_READ_SETTLE', async ({
  stub,
  api,
}) => {
  const entries: JournalEntry[] = [
    { at, event: 'create-sent', tag: 't1' },
    { at, event: 'create-unknown', tag: 't1', reason: 'socket hang up' },
  ];
  let lists = 0;
  stub.reply = (hit) => {
    if (hit.method !== 'GET') return { status: 200, body: { status: 'cancelled' } };
    lists += 1;
    return { status: 200, body: lists === 1 ? [] : [{ id: 'late', clientSubscriptionReference: 't1', status: 'accepted' }] };
  };
  const summary = await cancelOpenRecords(api.client, entries, { readSettleMs: 50 });
  expect(summary).toEqual({ cancelled: ['late'], refused: [], notFound: [], leftAlone: [], closed: [], errors: [] });
  expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual([
    'GET /subscription',
    'GET /subscription',
    'POST /subscription/late/cancel',
  ]);
});

test('with every outcome known, nothing is listed', async ({ stub, api }) => {
  const entries: JournalEntry[] = [
    { at, event: 'create-sent', tag: 't1' },
    { at, event: 'created', tag: 't1', id: 'a', status: 'accepted' },
  ];
  const summary = await cancelOpenRecords(api.client, entries);
  expect(summary.cancelled).toEqual(['a']);
  expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual(['POST /subscription/a/cancel']);
});

test('a cancel that cannot reach the target is an error in the summary, and the sweep goes on', async ({ stub, api }) => {
  const entries: JournalEntry[] = [
    { at, event: 'created', tag: 't1', id: 'a', status: 'accepted' },
    { at, event: 'created', tag: 't2', id: 'b', status: 'accepted' },
  ];
  stub.reply = (hit) => (hit.url === '/subscription/a/cancel' ? 'reset' : { status: 200, body: {} });
  const summary = await cancelOpenRecords(api.client, entries);
  expect(summary.cancelled).toEqual(['b']);
  expect(summary.errors).toHaveLength(1);
  expect(summary.errors[0]).toMatch(/POST \/subscription\/a\/cancel failed/);
});

// Issue 43, item 7: after an interrupt the teardown prints "[cleanup] run X: 40 cancelled." and then certify's sweep
// speaks; what it says must read true beside that line.
test("the interrupt's sweep, in words: nothing left is 'found nothing left open', never 'cancelled 0'", () => {
  const none = { cancelled: [], refused: [], errors: [] };
  expect(sweepSentence(none)).toBe('the sweep found nothing left open (the run had closed what it created)');
  expect(sweepSentence({ ...none, cancelled: ['a', 'b'] })).toBe('the sweep cancelled 2 record(s)');
  expect(sweepSentence({ ...none, refused: [{ id: 'a', status: 409 }] })).toBe(
    'the sweep cancelled 0 record(s), 1 not (run `npm run cleanup`): refused 409',
  );
  expect(sweepSentence({ cancelled: ['a'], refused: [], errors: ['cancel a: socket hang up'] })).toBe(
    'the sweep cancelled 1 record(s), 1 not (run `npm run cleanup`): cancel a: socket hang up',
  );
});

// Issue 49, item 5: `npm run cleanup` after runs whose teardown closed everything said "0 cancelled, ... 0 already
// closed" for each; it now says nothing was left open because the teardown cancelled N, and keeps the counts otherwise.
test("cleanup after a clean teardown: 'nothing left open: the run's teardown cancelled N', per run", async ({ stub, api }) => {
  const dir = join(PROJECT_TEST_OUTPUT, `cleanup-sentence-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const target: JournalTarget = { baseUrl: stub.url, environment: 'staging', credentials: 'hmac-sha256:x' };
  const journal = (runId: string, entries: JournalEntry[]) => {
    const path = join(dir, `${runId}.jsonl`);
    const lines = [{ at, event: 'target', ...target }, ...entries].map((e) => JSON.stringify(e));
    writeFileSync(path, `${lines.join('\n')}\n`);
    return { runId, path };
  };
  const created = (id: string): JournalEntry => ({ at, event: 'created', tag: `tag-${id}`, id, status: 'accepted' });
  const cancelled = (id: string): JournalEntry => ({ at, event: 'cancelled', id, httpStatus: 200 });
  const journals = [
    journal('clean', [created('a'), created('b'), cancelled('a'), cancelled('b'), cancelled('b')]),
    journal('none', [
      { at, event: 'create-sent', tag: 'tag-r' },
      { at, event: 'create-refused', tag: 'tag-r', httpStatus: 400 },
    ]),
    journal('killed', [created('c')]),
  ];
  stub.reply = (hit) =>
    hit.method === 'GET'
      ? { status: 200, body: { id: 'c', clientSubscriptionReference: 'tag-c', status: 'accepted' } }
      : { status: 200, body: {} };
  const lines: string[] = [];
  const errors = await cleanupRuns(api.client, journals, (line) => lines.push(line), { target });
  rmSync(dir, { recursive: true, force: true });
  expect(errors).toBe(0);
  expect(lines).toEqual([
    "run clean: nothing left open: the run's teardown cancelled 2 record(s)",
    'run none: nothing left open: the run left no record open (none created, or none the target accepted)',
    "run killed: 1 cancelled, 0 refused by the target, 0 tag(s) not found, 0 already closed, 0 left open (not carrying the run's tag), 0 error(s)",
  ]);
  expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual(['GET /subscription/c', 'POST /subscription/c/cancel']);
});
