// Issue 10, defects 5, 6 and 8, at the client: a broken answer (corrupt gzip, short of its content-length) is a
// contract failure of that exchange, not "cannot be reached"; an answer over the size cap is cut off there (time and
// memory bounded) and reported; a target that never answers costs one per-request timeout, and the run's deadline
// ends every request in flight. A create whose answer is broken or missing is of unknown outcome and swept.
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { TransportError } from '../../src/client/api-client.ts';
import { runExchangeChecks } from '../../src/checks/exchange-checks.ts';
import { cancelOpenRecords } from '../../src/run/cleanup.ts';
import { minimalCreateBody } from '../reference/helpers.ts';
import { clientFor } from '../client/stub-target.ts';
import { CANARY, expect, liveWithTag, REFERENCE_PROFILE, test, type Answer } from './hostile-front.ts';

const OFFERS = (req: { method: string; url: string }) => req.method === 'GET' && req.url === '/offer';

/** Broken answers, each as the front writes it on the wire. */
const BROKEN: Array<{ what: string; answer: Answer; reason: RegExp }> = [
  {
    what: 'a gzip body that is not gzip',
    answer: (res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(Buffer.from('{"this is":"not gzip at all"}'));
    },
    reason: /could not be read whole/,
  },
  {
    what: 'a gzip body cut in the middle',
    answer: (res: ServerResponse) => {
      const gz = gzipSync(JSON.stringify([{ id: 'x'.repeat(4000) }]));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gz.length) });
      res.write(gz.subarray(0, gz.length / 2));
      setTimeout(() => res.destroy(), 20);
    },
    reason: /could not be read whole/,
  },
  {
    what: 'fewer bytes than its content-length',
    answer: (res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('[{"id":"1"}');
      setTimeout(() => res.destroy(), 20);
    },
    reason: /could not be read whole after 11 bytes/,
  },
];

for (const c of BROKEN) {
  test(`defect 8: ${c.what} is a GEN-JSON-CONTENT-TYPE failure of that exchange, not "cannot be reached"`, async ({ hostile, api }) => {
    hostile.misbehave = (req) => (OFFERS(req) ? c.answer : null);
    const ex = await api.client.listOffers();
    expect(ex.status).toBe(200);
    expect(ex.bodyError).toMatch(c.reason);
    const { failures } = runExchangeChecks(ex, { profile: REFERENCE_PROFILE, strict: false });
    expect(failures.map((f) => `${f.clause} ${f.check}`)).toEqual(['GEN-JSON-CONTENT-TYPE bodyReadWhole']);
  });
}

test('defect 8: a create whose 201 arrives broken is of unknown outcome and swept: 0 live records', async ({ hostile, api }) => {
  hostile.misbehave = (req) => (req.method === 'POST' ? BROKEN[2].answer : null);
  const { exchange, tag } = await api.client.createSubscription(minimalCreateBody());
  expect(exchange.bodyError).toBeDefined();
  expect(api.journal.entries().map((e) => e.event)).toEqual(['create-sent', 'create-unknown']);
  expect(await liveWithTag(hostile.reference.url, tag)).toHaveLength(1);
  hostile.misbehave = () => null;
  expect((await cancelOpenRecords(api.client, api.journal.entries())).cancelled).toHaveLength(1);
  expect(await liveWithTag(hostile.reference.url, tag)).toEqual([]);
});

test('defect 6: an endless body stops at the cap, in bounded time and memory, with a clear failure', async ({ hostile }) => {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  hostile.misbehave = (req) =>
    OFFERS(req)
      ? (res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          // 200 MB unless the client stops reading: it must.
          const more = () => {
            while (sent < 200 * 1024 * 1024 && !res.destroyed) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', more);
            }
            res.end();
          };
          res.on('close', () => res.destroy());
          more();
        }
      : null;
  const { client, dispose } = await clientFor(hostile.url, {
    credentials: CANARY,
    profile: REFERENCE_PROFILE,
    maxResponseBytes: 1024 * 1024,
  });
  try {
    const heapBefore = process.memoryUsage().rss;
    const ex = await client.listOffers();
    expect(ex.bodyError).toMatch(/larger than the response-size cap of 1048576 bytes.*API_MAX_RESPONSE_MB/);
    expect(ex.text.length, 'evidence stays cut short').toBeLessThanOrEqual(2_000);
    expect(sent, 'the front stopped well before 200 MB').toBeLessThan(32 * 1024 * 1024);
    expect(process.memoryUsage().rss - heapBefore, 'memory grew by far less than the body').toBeLessThan(64 * 1024 * 1024);
    const { failures } = runExchangeChecks(ex, { profile: REFERENCE_PROFILE, strict: false });
    expect(failures.map((f) => f.check)).toEqual(['bodyReadWhole']);
  } finally {
    await dispose();
  }
});

test('defect 6: a declared content-length over the cap is refused before reading', async ({ hostile }) => {
  hostile.misbehave = (req) =>
    OFFERS(req)
      ? (res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(300 * 1024 * 1024) });
          res.write('[');
        }
      : null;
  const { client, dispose } = await clientFor(hostile.url, {
    credentials: CANARY,
    profile: REFERENCE_PROFILE,
    maxResponseBytes: 1024 * 1024,
  });
  try {
    expect((await client.listOffers()).bodyError).toMatch(/content-length 314572800/);
  } finally {
    await dispose();
  }
});

test('defect 5: a target that never answers costs one per-request timeout; a create that times out is swept', async ({ hostile }) => {
  hostile.misbehave = () => 'hang';
  const { client, journal, dispose } = await clientFor(hostile.url, { credentials: CANARY, profile: REFERENCE_PROFILE, timeoutMs: 300 });
  try {
    const started = Date.now();
    const error = await client.listOffers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/GET \/offer failed: no complete answer within 300 ms \(per-request timeout\)/);
    const create = await client.createSubscription(minimalCreateBody()).catch((e: unknown) => e);
    expect(create).toBeInstanceOf(TransportError);
    expect(Date.now() - started, 'two timeouts, no retry of a timed-out read').toBeLessThan(3_000);
    const entries = journal.entries();
    expect(entries.map((e) => e.event)).toEqual(['create-sent', 'create-unknown']);
    const tag = entries[0].event === 'create-sent' ? entries[0].tag : '';
    hostile.misbehave = () => null;
    expect(await liveWithTag(hostile.reference.url, tag), 'the reference saved it before the front hung').toHaveLength(1);
    expect((await cancelOpenRecords(client, entries)).cancelled).toHaveLength(1);
    expect(await liveWithTag(hostile.reference.url, tag)).toEqual([]);
  } finally {
    await dispose();
  }
});

test('defect 5: a target that hangs in teardown: the sweep ends at the deadline and says what it did not cancel; cleanup later leaves 0', async ({
  hostile,
}) => {
  const deadline = new AbortController();
  const { client, journal, dispose } = await clientFor(hostile.url, {
    credentials: CANARY,
    profile: REFERENCE_PROFILE,
    signal: deadline.signal,
  });
  let entries: ReturnType<typeof journal.entries> = [];
  let tag = '';
  try {
    const created = await client.createSubscription(minimalCreateBody());
    expect(created.exchange.status).toBe(201);
    tag = created.tag;
    entries = journal.entries();
    hostile.swallow = (req) => req.url.includes('/cancel');
    setTimeout(() => deadline.abort(new Error("the run's deadline (API_RUN_TIMEOUT) passed")), 300);
    const started = Date.now();
    const summary = await cancelOpenRecords(client, entries);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(summary.cancelled, 'nothing is claimed cancelled that was not').toEqual([]);
    expect(summary.errors.join('\n')).toMatch(/deadline \(API_RUN_TIMEOUT\) passed/);
    expect(await liveWithTag(hostile.reference.url, tag)).toHaveLength(1);
  } finally {
    await dispose();
  }
  // `npm run cleanup` later, the target behaving again: its sweep of the same journal leaves nothing open.
  hostile.swallow = () => false;
  const later = await clientFor(hostile.url, { credentials: CANARY, profile: REFERENCE_PROFILE });
  try {
    expect((await cancelOpenRecords(later.client, entries)).errors).toEqual([]);
    expect(await liveWithTag(hostile.reference.url, tag)).toEqual([]);
  } finally {
    await later.dispose();
  }
});
