// A test's verdict: repeated findings counted once, "not shown" statuses judged against the contract
// rule and the profile (pinned = drift), and failures formatted for a reader.
import { expect, test } from '@playwright/test';
import type { ClauseId } from '../../src/contract/clauses/catalogue.ts';
import { Verdict, formatFailures } from '../../src/checks/test-verdict.ts';
import { DEFAULT_PROFILE, type StatusExpectation, type StatusKey, type TargetProfile } from '../../src/config/target-profile.ts';
import { exchange, listGetError, offer, offers, patched } from './samples.ts';

const PINNED: TargetProfile = { name: 'pinned', status: { missingCredentials: [401], create: [201] } };
const verdict = (strict = false) => new Verdict({ profile: DEFAULT_PROFILE, strict });

test.describe('deduplication', () => {
  test('the same deviation on many responses is one failure', () => {
    const v = verdict();
    const bad = exchange({
      operation: 'offer.get',
      status: 200,
      body: patched(offer(), { '/offerType': 'spac' }),
      contentType: 'text/plain',
    });
    v.inspect(bad);
    v.inspect(bad);
    v.inspect(bad);
    expect(v.failures.map((f) => f.clause).sort()).toEqual(['GEN-JSON-CONTENT-TYPE', 'OFFER-ENUMS']);
  });

  test('messages that differ only in numbers (indexes, counts) are one failure', () => {
    const v = verdict();
    v.inspect(exchange({ operation: 'offer.list', status: 200, body: patched(offers(), { '/0/offerType': 'spac' }) }));
    v.inspect(exchange({ operation: 'offer.list', status: 200, body: patched(offers(), { '/2/offerType': 'spac' }) }));
    expect(v.failures).toHaveLength(1);
  });

  test('different values, clauses or checks stay separate', () => {
    const v = verdict();
    v.inspect(exchange({ operation: 'offer.get', status: 200, body: patched(offer(), { '/offerType': 'spac' }) }));
    v.inspect(exchange({ operation: 'offer.get', status: 200, body: patched(offer(), { '/offerType': 'bond' }) }));
    v.fail({ clause: 'OFFER-ENUMS', check: 'test', message: 'offerType spac', expected: 'enum', received: 'spac' });
    v.fail({ clause: 'OFFER-GET', check: 'test', message: 'offerType spac', expected: 'enum', received: 'spac' });
    expect(v.failures).toHaveLength(4);
  });

  test('an observation is kept once per key', () => {
    const v = verdict();
    v.observe({ clause: 'ERR-STATUS-CODES', key: 'status.offer.get.404', message: 'first' });
    v.observe({ clause: 'ERR-STATUS-CODES', key: 'status.offer.get.404', message: 'second' });
    v.observe({ clause: 'ERR-STATUS-CODES', key: 'status.offer.get.401', message: 'other' });
    expect(v.observations.map((o) => o.message)).toEqual(['first', 'other']);
  });

  test('add takes both failures and observations', () => {
    const v = verdict();
    v.add({
      failures: [{ clause: 'OFFER-GET', check: 'x', message: 'm', expected: 1, received: 2 }],
      observations: [{ clause: 'LIMIT-RATE', key: 'k', message: 'm' }],
    });
    v.add({});
    expect([v.failures.length, v.observations.length]).toEqual([1, 1]);
  });

  test('inspect honours strict mode from the context', () => {
    const body = offers().map((o) => ({ ...o, riskRating: 'high' }));
    const lax = verdict(false);
    const strict = verdict(true);
    lax.inspect(exchange({ operation: 'offer.list', status: 200, body }));
    strict.inspect(exchange({ operation: 'offer.list', status: 200, body }));
    expect(lax.failures).toEqual([]);
    expect(strict.failures.map((f) => f.clause)).toEqual(['GEN-EXTRA-FIELDS']);
  });
});

test('check records a test failure with its evidence, and returns whether it passed', () => {
  const v = verdict();
  const ex = exchange({ operation: 'offer.get', status: 200, body: offer() });
  expect(v.check('OFFER-GET', true, 'fine', { expected: 1, received: 1, exchange: ex })).toBe(true);
  expect(v.failures).toEqual([]);
  expect(v.check('OFFER-GET', false, 'offer differs from its list entry', { expected: 'a', received: 'b', exchange: ex })).toBe(false);
  expect(v.failures).toEqual([
    {
      clause: 'OFFER-GET',
      check: 'test',
      message: 'offer differs from its list entry',
      expected: 'a',
      received: 'b',
      evidence: expect.objectContaining({ request: 'GET /offer/o1', status: 200 }),
    },
  ]);
});

test.describe('status of a "not shown" item', () => {
  const CASES: Array<{
    description: string;
    profile: TargetProfile;
    key: StatusKey;
    status: number;
    contract?: { clause: ClauseId; rule: StatusExpectation };
    ok: boolean;
    /** Failures as [clause, check, drift]. */
    fails: Array<[ClauseId, string, boolean | undefined]>;
  }> = [
    {
      description: 'widest reading: a 401 for missing credentials is fine',
      profile: DEFAULT_PROFILE,
      key: 'missingCredentials',
      status: 401,
      contract: { clause: 'AUTH-REQUIRED', rule: ['4xx'] },
      ok: true,
      fails: [],
    },
    {
      description: 'widest reading: a 403 is as fine as a 401',
      profile: DEFAULT_PROFILE,
      key: 'missingCredentials',
      status: 403,
      contract: { clause: 'AUTH-REQUIRED', rule: ['4xx'] },
      ok: true,
      fails: [],
    },
    {
      description: 'pinned 401, answered 401',
      profile: PINNED,
      key: 'missingCredentials',
      status: 401,
      contract: { clause: 'AUTH-REQUIRED', rule: ['4xx'] },
      ok: true,
      fails: [],
    },
    {
      description: 'pinned 401, answered 403: drift, but the contract rule holds',
      profile: PINNED,
      key: 'missingCredentials',
      status: 403,
      contract: { clause: 'AUTH-REQUIRED', rule: ['4xx'] },
      ok: false,
      fails: [['AUTH-FAILURE-STATUS', 'profileStatus', true]],
    },
    {
      description: 'answered 200 without credentials: the contract fails, and the widest reading too (not drift)',
      profile: DEFAULT_PROFILE,
      key: 'missingCredentials',
      status: 200,
      contract: { clause: 'AUTH-REQUIRED', rule: ['4xx'] },
      ok: false,
      fails: [
        ['AUTH-REQUIRED', 'test', undefined],
        ['AUTH-FAILURE-STATUS', 'profileStatus', false],
      ],
    },
    {
      description: 'answered 500 against a pin: contract failure and drift',
      profile: PINNED,
      key: 'missingCredentials',
      status: 500,
      contract: { clause: 'AUTH-REQUIRED', rule: ['4xx'] },
      ok: false,
      fails: [
        ['AUTH-REQUIRED', 'test', undefined],
        ['AUTH-FAILURE-STATUS', 'profileStatus', true],
      ],
    },
    { description: 'create: any 2xx under the widest reading', profile: DEFAULT_PROFILE, key: 'create', status: 200, ok: true, fails: [] },
    {
      description: 'create: pinned 201, answered 200 is drift',
      profile: PINNED,
      key: 'create',
      status: 200,
      ok: false,
      fails: [['AUTH-FAILURE-STATUS', 'profileStatus', true]],
    },
    {
      description: 'without a contract rule only the profile judges',
      profile: DEFAULT_PROFILE,
      key: 'unknownId',
      status: 500,
      ok: false,
      fails: [['AUTH-FAILURE-STATUS', 'profileStatus', false]],
    },
  ];

  for (const c of CASES) {
    test(c.description, () => {
      const v = new Verdict({ profile: c.profile, strict: false });
      const ex = exchange({ operation: 'offer.list', status: c.status, body: listGetError() });
      const ok = v.status(ex, {
        key: c.key,
        profile: c.profile,
        observeClause: 'AUTH-FAILURE-STATUS',
        contractClause: c.contract?.clause,
        contractRule: c.contract?.rule,
        what: 'list offers without credentials',
      });
      expect(ok).toBe(c.ok);
      expect(v.failures.map((f) => [f.clause, f.check, f.drift])).toEqual(c.fails);
      // The code met is always recorded, pass or fail.
      expect(v.observations).toEqual([
        { clause: 'AUTH-FAILURE-STATUS', key: `status.${c.key}`, message: `list offers without credentials: ${c.status}`, value: c.status },
      ]);
      for (const f of v.failures) expect(f.evidence).toMatchObject({ status: c.status });
    });
  }

  test('the drift message says which reading expected what', () => {
    const v = new Verdict({ profile: PINNED, strict: false });
    v.status(exchange({ operation: 'offer.list', status: 403, body: listGetError() }), {
      key: 'missingCredentials',
      profile: PINNED,
      observeClause: 'AUTH-FAILURE-STATUS',
      what: 'no credentials',
    });
    expect(v.failures[0].message).toBe('no credentials: answered 403, the pinned profile expects 401');
    expect(v.failures[0]).toMatchObject({ expected: '401', received: 403 });
  });
});

test.describe('formatFailures', () => {
  test("shows a target's control characters as escapes: the block is printed on the partner's console", () => {
    const v = verdict();
    v.fail({
      clause: 'OFFER-SCHEMA',
      check: 'schema',
      message: 'bad currency \u001b[2J',
      expected: 'GBP',
      received: 'x\u001b]0;t\u0007\r\u202e',
    });
    expect(formatFailures(v.failures)).toBe(
      [
        '1 contract deviation(s):',
        '',
        '[OFFER-SCHEMA] bad currency \\x1b[2J',
        '  expected: GBP',
        '  received: x\\x1b]0;t\\x07\\x0d\\u202e',
      ].join('\n'),
    );
  });

  test('lists the count, then each failure with its clause, expectation, receipt and request', () => {
    const ex = exchange({ operation: 'offer.get', status: 404, body: listGetError() });
    const v = verdict();
    v.check('OFFER-GET', false, 'offer o1 not found', { expected: 200, received: 404, exchange: ex });
    v.fail({ clause: 'AUTH-FAILURE-STATUS', check: 'profileStatus', message: 'answered 403', expected: '401', received: 403, drift: true });
    expect(formatFailures(v.failures)).toBe(
      [
        '2 contract deviation(s):',
        '',
        '[OFFER-GET] offer o1 not found',
        '  expected: 200',
        '  received: 404',
        '  request:  GET /offer/o1 -> 404',
        '',
        '[AUTH-FAILURE-STATUS] (drift from pinned profile) answered 403',
        '  expected: 401',
        '  received: 403',
      ].join('\n'),
    );
  });

  test('long values are cut at 400 characters; objects shown as JSON; undefined named', () => {
    const text = formatFailures([
      { clause: 'SUB-SCHEMA', check: 'x', message: 'm', expected: { a: [1, 2] }, received: 'y'.repeat(1000) },
      { clause: 'SUB-SCHEMA', check: 'x', message: 'n', expected: undefined, received: null },
    ]);
    expect(text).toContain('  expected: {"a":[1,2]}');
    expect(text).toContain(`  received: ${'y'.repeat(400)}…`);
    expect(text).not.toContain('y'.repeat(401));
    expect(text).toContain('  expected: undefined');
    expect(text).toContain('  received: null');
  });

  test('no failures reads as zero', () => {
    expect(formatFailures([])).toBe('0 contract deviation(s):');
  });
});

test.describe('answers the client retried instead of returning', () => {
  const attempt = (status: number | null, retryAfter: string | null = null) => ({
    operation: 'offer.list' as const,
    method: 'GET',
    path: '/offer',
    status,
    retryAfter,
    attempt: 1,
    waitMs: 1000,
  });

  test('a retried 429 is a rate-limit answer with its Retry-After, and an observed status; never a failure', () => {
    const v = verdict(true);
    v.inspectRetried(attempt(429, '1'));
    expect(v.failures).toEqual([]);
    expect(v.observations.map((o) => [o.clause, o.key, o.value])).toEqual([
      ['ERR-STATUS-CODES', 'status.offer.list.429', 429],
      ['LIMIT-RATE', 'rateLimit.retryAfter', '1'],
    ]);
  });

  test('a retried 503 is an observed status only; a transport reset has no status to record', () => {
    const v = verdict();
    v.inspectRetried(attempt(503));
    v.inspectRetried(attempt(null));
    expect(v.observations.map((o) => o.key)).toEqual(['status.offer.list.503']);
  });

  test('a muted verdict records nothing', async () => {
    const v = verdict();
    await v.whileMuted(async () => v.inspectRetried(attempt(429, '1')));
    expect(v.observations).toEqual([]);
  });
});

test.describe('exchange checks run off the test path, yet every reader sees them', () => {
  const bad = () => exchange({ operation: 'offer.get', status: 200, body: patched(offer(), { '/offerType': 'spac' }) });

  test('a failure found by the exchange checks is there when read at once, before the event loop turned', () => {
    const v = verdict();
    v.inspect(bad());
    expect(v.failures.map((f) => f.clause)).toEqual(['OFFER-ENUMS']);
  });

  test('the checks also run by themselves once the event loop is free', async () => {
    const v = verdict();
    let ran = 0;
    const spy = new Proxy(bad(), {
      get: (target, name, receiver) => {
        if (name === 'operation') ran++;
        return Reflect.get(target, name, receiver);
      },
    });
    v.inspect(spy);
    expect(ran, 'not yet in the path of the test').toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toBeGreaterThan(0);
    expect(v.failures).toHaveLength(1);
  });

  test("the order of findings is the order of events: an exchange's findings come before a later own check", () => {
    const v = verdict();
    v.inspect(bad());
    v.check('OFFER-GET', false, 'own check after the exchange', { expected: 1, received: 2 });
    expect(v.failures.map((f) => f.clause)).toEqual(['OFFER-ENUMS', 'OFFER-GET']);
  });

  test('a check that throws in the background throws to the next reader', async () => {
    const v = verdict();
    const broken = new Proxy(bad(), {
      get: (target, name, receiver) => {
        if (name === 'status') throw new Error('broken exchange');
        return Reflect.get(target, name, receiver);
      },
    });
    v.inspect(broken);
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => v.failures).toThrow('broken exchange');
  });
});

test("a 429 where a test judged an answer is rate limiting (LIMIT-RATE), not a deviation of the test's clause", () => {
  const v = verdict();
  const limited = exchange({
    operation: 'subscription.create',
    status: 429,
    body: { status: 429, errors: [], message: 'Too Many Requests' },
  });
  v.status(limited, {
    key: 'create',
    profile: DEFAULT_PROFILE,
    observeClause: 'SUB-CREATE-STATUS-CODE',
    contractClause: 'SUB-CREATE',
    contractRule: ['2xx'],
    what: 'POST /subscription with a valid body',
  });
  v.check('SUB-CREATE', false, 'a successful create returns the created subscription', {
    expected: 'the record',
    received: 429,
    exchange: limited,
  });
  expect(v.failures.filter((f) => f.clause === 'SUB-CREATE')).toEqual([]);
  expect(v.observations.map((o) => o.clause)).toContain('LIMIT-RATE');
  const refused = exchange({ operation: 'subscription.create', status: 503, body: {} });
  v.check('SUB-CREATE', false, 'a successful create returns the created subscription', {
    expected: 'the record',
    received: 503,
    exchange: refused,
  });
  expect(v.failures.map((f) => f.clause)).toContain('SUB-CREATE');
});

test("ids unique across the run: a different create given an earlier id fails SUB-CREATE-ID; the same body sent again is SUB-CREATE-NO-DEDUP's", () => {
  const created = exchange({ operation: 'subscription.create', status: 201, body: { id: 'sub-1', status: 'accepted' } });
  const v = verdict();
  const first = { tag: 'osd-suite.run.1-2', id: 'sub-1', status: 'accepted', create: 'osd-suite.run.1-2', body: 'digest-a' };
  // One body sent again (its reference too), given the same id: duplicate detection, not this check's.
  const resent = { ...first, create: 'osd-suite.run.1-3' };
  v.inspectCreated({ exchange: created, id: 'sub-1', tag: first.tag, entry: resent, earlierWithId: [first] });
  expect(v.failures).toEqual([]);
  // Another body given the same id: fails, whether it carried another reference or the same one (two orders of one
  // clientSubscriptionReference, from another worker or property, are two orders).
  for (const tag of ['osd-suite.run.2-7', first.tag]) {
    const other = { tag, id: 'sub-1', status: 'accepted', create: 'osd-suite.run.2-7', body: 'digest-b' };
    const w = verdict();
    w.inspectCreated({ exchange: created, id: 'sub-1', tag, entry: other, earlierWithId: [first] });
    expect(
      w.failures.map((f) => [f.clause, f.check]),
      tag,
    ).toEqual([['SUB-CREATE-ID', 'idUniqueInRun']]);
  }
});
