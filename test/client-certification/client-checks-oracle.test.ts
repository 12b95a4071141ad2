// The client checks that index a session (pagination walk, Retry-After, duplicate creates) against the plain reading of
// their rule, each exchange compared with every other one: on random sessions both reach the same verdict, on the same
// requests. The indexes are there because a load run through the proxy records tens of thousands of exchanges, and the
// plain reading took 95 s to certify 44 000 of them (npm run bench:client-checks prints the figures).
import assert from 'node:assert/strict';
import { test } from '@playwright/test';
import fc from 'fast-check';
import { assertProperty } from '../../src/arbitraries/index.ts';
import {
  clientChecks,
  DEFAULT_SETTINGS,
  IN_FLIGHT_GRACE_MS,
  RETRY_AFTER_TOLERANCE_MS,
} from '../../src/client-certification/client-checks.ts';
import { SESSION_FORMAT, type Session, type SessionExchange } from '../../src/client-certification/recorded-session.ts';
import { parseRetryAfter } from '../../src/client/retry-policy.ts';
import { ex } from './client-checks.cases.ts';

const sessionOf = (exchanges: SessionExchange[]): Session => ({
  header: { type: 'session', format: SESSION_FORMAT, startedAt: '', target: '', bundledReference: true, profile: {} },
  exchanges,
  end: null,
});
/** A duplicate window shorter than the sessions drawn (2 s), so that identical bodies fall both inside and outside it. */
const SETTINGS = { ...DEFAULT_SETTINGS, duplicateWindowMs: 500 };
const run = (clause: string, exchanges: SessionExchange[]) =>
  clientChecks.find((c) => c.clause === clause)!.run(sessionOf(exchanges), SETTINGS);

/**
 * One exchange of a small vocabulary: pages of two lists (limits 0 and negative too: a client may send them), creates of
 * two bodies, answers 200, 201, 400, 429 (with and without Retry-After), 500 and none.
 */
const exchangeDraw = fc.record({
  // On a coarse grid, so that arrivals meet answers and the ends of waits exactly.
  t: fc.integer({ min: 0, max: 40 }).map((k) => k * 50),
  took: fc.constantFrom(0, 50, 100, 1000),
  kind: fc.constantFrom('page', 'page', 'create'),
  list: fc.constantFrom('/offer', '/subscription?offerId=o-1'),
  offset: fc.option(fc.constantFrom(0, 5, 10, 15, 20, 30), { nil: undefined }),
  limit: fc.option(fc.constantFrom(-5, 0, 5, 10, 20), { nil: undefined }),
  items: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
  body: fc.constantFrom('{"amountRequested":1}', '{"amountRequested":2}'),
  status: fc.constantFrom<number | null>(200, 201, 400, 429, 429, 500, null),
  retryAfter: fc.constantFrom<string | null>('1', '0', null),
});

const sessionDraw = fc.array(exchangeDraw, { maxLength: 30 }).map((draws) =>
  draws.map((d, i) => {
    const query = [d.offset === undefined ? null : `offset=${d.offset}`, d.limit === undefined ? null : `limit=${d.limit}`].filter(Boolean);
    const page = d.list.includes('?')
      ? `${d.list}${query.length ? `&${query.join('&')}` : ''}`
      : `${d.list}${query.length ? `?${query.join('&')}` : ''}`;
    const exchange =
      d.kind === 'create'
        ? ex(i + 1, d.t, { operation: 'subscription.create', method: 'POST', path: '/subscription', requestBody: d.body })
        : ex(i + 1, d.t, { operation: d.list === '/offer' ? 'offer.list' : 'subscription.list', path: page, responseItems: d.items });
    return {
      ...exchange,
      status: d.status,
      outcome: d.status === null ? ('upstream-error' as const) : ('answered' as const),
      answeredAt: d.status === null ? null : exchange.arrivedAt + d.took,
      retryAfter: d.status === 429 ? d.retryAfter : null,
    };
  }),
);

const isSuccess = (e: SessionExchange) => e.status !== null && e.status >= 200 && e.status < 300;

/** CLIENT-PAGINATION-WALK read plainly: (next-page requests, their findings' evidence), each page against every page of its list. */
function plainWalk(exchanges: SessionExchange[]): { exercised: number[]; evidence: number[][] } {
  const pages = exchanges.flatMap((e) => {
    const url = new URL(e.path, 'http://x');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : null;
    url.searchParams.delete('offset');
    url.searchParams.delete('limit');
    return e.operation.endsWith('.list') ? [{ e, offset, limit, key: `${e.operation} ${url}` }] : [];
  });
  const exercised: number[] = [];
  const evidence: number[][] = [];
  for (const p of pages) {
    const below = pages.filter((q) => q.key === p.key && isSuccess(q.e) && q.limit !== null && q.e !== p.e && q.offset < p.offset);
    if (p.offset === 0 || below.length === 0) continue;
    exercised.push(p.e.seq);
    const continues = (q: (typeof below)[number]) =>
      q.offset + q.limit! === p.offset ||
      (q.e.responseItems !== null && q.e.responseItems > 0 && q.offset + q.e.responseItems === p.offset);
    if (below.some(continues)) continue;
    const prev = below.reduce((a, b) => (b.offset > a.offset || (b.offset === a.offset && b.e.seq > a.e.seq) ? b : a));
    evidence.push([prev.e.seq, p.e.seq]);
  }
  return { exercised, evidence };
}

/** CLIENT-HONOURS-RETRY-AFTER read plainly: each 429 with a Retry-After against every request of the session. */
function plainRetryAfter(exchanges: SessionExchange[]): { exercised: number[]; evidence: number[][] } {
  const limited = exchanges.filter(
    (e) => e.status === 429 && e.answeredAt !== null && parseRetryAfter(e.retryAfter ?? undefined, e.answeredAt) !== null,
  );
  const reported = new Set<number>();
  const evidence: number[][] = [];
  for (const r of limited) {
    const until = r.answeredAt! + parseRetryAfter(r.retryAfter!, r.answeredAt!)!;
    const early = exchanges.filter(
      (e) =>
        e.arrivedAt > r.answeredAt! &&
        e.arrivedAt < until - RETRY_AFTER_TOLERANCE_MS &&
        ((e.method === r.method && e.path === r.path && e.requestBody === r.requestBody) ||
          e.arrivedAt - r.answeredAt! >= IN_FLIGHT_GRACE_MS),
    );
    if (!early.some((e) => !reported.has(e.seq))) continue;
    for (const e of early.slice(0, 100)) reported.add(e.seq);
    evidence.push([r.seq, ...early.slice(0, 100).map((e) => e.seq)]);
  }
  return { exercised: limited.map((e) => e.seq), evidence };
}

/** CLIENT-NO-DUPLICATE-CREATES read plainly: the creates found to repeat an earlier body (of unknown outcome, or a success within the window). */
function plainDuplicates(exchanges: SessionExchange[]): number[] {
  const creates = exchanges.filter((e) => e.operation === 'subscription.create');
  return creates
    .filter((e, i) =>
      creates
        .slice(0, i)
        .some(
          (b) =>
            b.requestBody === e.requestBody &&
            (b.outcome !== 'answered' ||
              b.status === null ||
              b.status >= 500 ||
              (isSuccess(b) && e.arrivedAt - b.arrivedAt <= SETTINGS.duplicateWindowMs)),
        ),
    )
    .map((e) => e.seq);
}

const PLAIN_READINGS = [
  { clause: 'CLIENT-PAGINATION-WALK', plain: plainWalk },
  { clause: 'CLIENT-HONOURS-RETRY-AFTER', plain: plainRetryAfter },
];

for (const { clause, plain } of PLAIN_READINGS) {
  test(`${clause} finds what the plain reading finds, on the same requests`, () => {
    assertProperty(
      fc.property(sessionDraw, (exchanges) => {
        const result = run(clause, exchanges);
        const expected = plain(exchanges);
        // Node's assert in the properties: each expect() records a step with its stack, some 0.3 ms a call.
        assert.deepEqual(result.exercisedBy, expected.exercised, 'exercisedBy');
        assert.deepEqual(
          result.findings.map((f) => f.evidence),
          expected.evidence,
          'evidence',
        );
      }),
      { numRuns: 400 },
    );
  });
}

test('CLIENT-NO-DUPLICATE-CREATES finds the creates the plain reading finds', () => {
  assertProperty(
    fc.property(sessionDraw, (exchanges) => {
      const result = run('CLIENT-NO-DUPLICATE-CREATES', exchanges);
      // Each finding names the earlier create it repeats first and the repeat last.
      assert.deepEqual(
        result.findings.map((f) => f.evidence.at(-1)),
        plainDuplicates(exchanges),
        'repeats',
      );
      for (const f of result.findings) assert.ok(f.evidence[0] < f.evidence[1], `evidence ${JSON.stringify(f.evidence)}`);
    }),
    { numRuns: 400 },
  );
});
