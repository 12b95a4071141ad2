// The exchange checks on fabricated responses: each case names exactly the clause failures (and the
// check that finds each) and the observations its response must produce.
import { expect, test } from '@playwright/test';
import { clauseForSchemaIssue, exchangeChecks, runExchangeChecks } from '../../src/checks/exchange-checks.ts';
import { DEFAULT_PROFILE } from '../../src/config/target-profile.ts';
import { exchangeCheckCases } from './exchange-checks.cases.ts';
import { exchange, offer, offers, patched } from './samples.ts';

const ctx = (strict = false) => ({ profile: DEFAULT_PROFILE, strict });

test.describe('exchange checks', () => {
  for (const c of exchangeCheckCases) {
    test(`${c.description}${c.strict ? ' (strict)' : ''}`, () => {
      const ex = exchange(c.response);
      const { failures, observations } = runExchangeChecks(ex, ctx(c.strict));
      const found = failures.map((f) => [f.clause, f.check]);
      expect(found.sort()).toEqual([...c.fails].sort());
      // Every failure reads well: a message, what was expected and received, and the exchange.
      for (const f of failures) {
        expect(f.message.length).toBeGreaterThan(0);
        expect(f.expected).not.toBeUndefined();
        expect(f.evidence).toMatchObject({ request: `${ex.method} ${ex.path}`, status: ex.status });
      }
      for (const o of c.observes ?? []) {
        expect(observations, `observation ${o.clause} ${o.key ?? ''}`).toContainEqual(
          expect.objectContaining(o.key ? { clause: o.clause, key: o.key } : { clause: o.clause }),
        );
      }
      for (const clause of c.neverObserves ?? []) {
        expect(
          observations.filter((o) => o.clause === clause),
          `no ${clause} observation`,
        ).toEqual([]);
      }
    });
  }
});

test('every check of the registry is proven to fire by some case', () => {
  const firing = new Set<string>();
  for (const c of exchangeCheckCases) {
    for (const check of exchangeChecks) {
      const own = check.run(exchange(c.response), ctx(c.strict));
      if ((own.failures?.length ?? 0) + (own.observations?.length ?? 0) > 0) firing.add(check.name);
    }
  }
  expect(exchangeChecks.map((c) => c.name).filter((name) => !firing.has(name))).toEqual([]);
});

test('every clause a check declares is reached by some case', () => {
  const reached = new Set<string>();
  for (const c of exchangeCheckCases) {
    const r = runExchangeChecks(exchange(c.response), ctx(c.strict));
    for (const f of r.failures) reached.add(f.clause);
    for (const o of r.observations) reached.add(o.clause);
  }
  const declared = [...new Set(exchangeChecks.flatMap((c) => c.clauses))];
  expect(declared.filter((clause) => !reached.has(clause))).toEqual([]);
});

test('a failure quotes the schema violation readably, with the pointer of the offending value', () => {
  const ex = exchange({ operation: 'offer.list', status: 200, body: patched(offers(), { '/2/offerType': 'spac' }) });
  const [failure] = runExchangeChecks(ex, ctx()).failures;
  expect(failure.message).toContain('/2/offerType');
  expect(failure.message).toContain('"spac"');
  expect(failure.received).toEqual([expect.stringContaining('/2/offerType')]);
});

test('one extra field on many list items is one observation', () => {
  const ex = exchange({ operation: 'offer.list', status: 200, body: offers(5).map((o) => ({ ...o, riskRating: 'high' })) });
  const extra = runExchangeChecks(ex, ctx()).observations.filter((o) => o.clause === 'GEN-EXTRA-FIELDS');
  expect(extra).toHaveLength(1);
});

test('clauseForSchemaIssue: timestamps and closed enums have clauses of their own', () => {
  const cases: Array<[Parameters<typeof clauseForSchemaIssue>, string]> = [
    [
      ['offer', { path: '/dates/lastModifiedOn', keyword: 'format', message: 'must be a UTC date-time YYYY-MM-DDTHH:MM:SS[.fraction]Z' }],
      'GEN-TIMESTAMP-UTC',
    ],
    [
      ['subscription', { path: '/clientSubscriptionTimestamp', keyword: 'format', message: 'must be a UTC date-time' }],
      'GEN-TIMESTAMP-UTC',
    ],
    [['offer', { path: '/0/offerType', keyword: 'enum', message: 'must be one of …' }], 'OFFER-ENUMS'],
    [['offer', { path: '/offerSubType', keyword: 'enum', message: 'must be one of …' }], 'OFFER-ENUMS'],
    [
      ['offer', { path: '/details/offeringDocuments/0/documentUrl', keyword: 'format', message: 'must match format "uri"' }],
      'OFFER-SCHEMA',
    ],
    [['subscription', { path: '/status', keyword: 'enum', message: 'must be one of …' }], 'SUB-STATUS-ENUM'],
    [['subscription', { path: '/status', keyword: 'type', message: 'must be string' }], 'SUB-SCHEMA'],
    [['subscription', { path: '/currency', keyword: 'enum', message: 'must be one of …' }], 'SUB-SCHEMA'],
    [['offer', { path: '/status', keyword: 'enum', message: 'must be one of …' }], 'OFFER-SCHEMA'],
    [['allocation-record', { path: '/priceCurrency', keyword: 'enum', message: 'must be one of …' }], 'ALLOC-SCHEMA'],
    [['health-check-result', { path: '/details', keyword: 'required', message: 'is required' }], 'HEALTH-SCHEMA'],
  ];
  for (const [args, clause] of cases) expect(clauseForSchemaIssue(...args), JSON.stringify(args)).toBe(clause);
});

test('a sample offer from the seed is a plain baseline (guards the cases above)', () => {
  const { failures, observations } = runExchangeChecks(exchange({ operation: 'offer.get', status: 200, body: offer() }), ctx(true));
  expect(failures).toEqual([]);
  expect(observations.map((o) => o.clause)).toEqual(['OFFER-STATUS-TRANSITIONS']);
});

// Issue 29, item 4: a redirect is not followed, and the failure says where it pointed (the origin, never the path).
const REDIRECTS: Array<{ location: string | undefined; says: string }> = [
  {
    location: 'https://elsewhere.example/moved/offer/o1?token=abc',
    says: 'redirect to https://elsewhere.example not followed (credentials withheld)',
  },
  {
    location: 'https://user:pw@elsewhere.example:8443/x',
    says: 'redirect to https://elsewhere.example:8443 not followed (credentials withheld)',
  },
  { location: '/offer/o2', says: 'redirect to a path of the same origin not followed (credentials withheld)' },
  { location: undefined, says: 'redirect without a Location, not followed' },
];
for (const r of REDIRECTS)
  test(`a 307 ${r.location === undefined ? 'without a Location' : `to ${r.location}`} is named in the failure and the observation`, () => {
    const ex = exchange({
      operation: 'offer.get',
      status: 307,
      body: {},
      headers: r.location === undefined ? {} : { location: r.location },
    });
    const { failures, observations } = runExchangeChecks(ex, ctx());
    const failure = failures.find((f) => f.check === 'noServerError')!;
    expect(failure.message).toBe(`GET /offer/o1 answered 307: ${r.says}; a call either succeeds or fails with a 4xx`);
    expect(failure.message).not.toMatch(/token|user|pw@|moved/);
    expect(observations.find((o) => o.key === 'status.offer.get.307')?.message).toBe(`offer.get answered 307 (${r.says})`);
  });
