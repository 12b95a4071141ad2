// Fabricated certifications for the report tests (writers, schema, browser): one failing conformance
// clause with a hostile-looking exchange, one failing fuzz property, a load smoke; and the four
// verdicts a reader meets, built on a run where every clause of the catalogue has a test.
import { clauseResults, type TestOutcome } from '../../src/report/clause-results.ts';
import { assembleReport, type ReportInputs } from '../../src/certify/assemble-report.ts';
import { clauses, type ClauseId } from '../../src/contract/clauses/catalogue.ts';
import type { CertificationReport, LoadSection } from '../../src/certify/report/report-model.ts';

export const HOSTILE = '<script>alert("x")</script> | `tick` ``` &amp;';

export const outcomes: TestOutcome[] = [
  {
    title: 'create › identical bodies',
    file: 'conformance/subscriptions.spec.ts',
    project: 'conformance',
    status: 'failed',
    clauses: ['SUB-CREATE-NO-DEDUP'],
    clauseFailures: [{ clause: 'SUB-CREATE-NO-DEDUP', message: 'two identical bodies returned the same record' }],
    observations: [],
    durationMs: 12,
  },
  {
    title: 'offers › list',
    file: 'conformance/offers.spec.ts',
    project: 'conformance',
    status: 'passed',
    clauses: ['OFFER-LIST'],
    clauseFailures: [],
    observations: [],
    durationMs: 3,
  },
  {
    title: 'amounts round-trip',
    file: 'fuzz/amounts.spec.ts',
    project: 'fuzz',
    status: 'failed',
    clauses: ['SUB-CREATE-ECHO'],
    clauseFailures: [{ clause: 'SUB-CREATE-ECHO', message: 'amount 0.1 came back as 0.10000001' }],
    observations: [],
    durationMs: 30,
  },
  {
    title: 'page walks',
    file: 'fuzz/pages.spec.ts',
    project: 'fuzz',
    status: 'passed',
    clauses: ['PAGE-WALK'],
    clauseFailures: [],
    observations: [],
    durationMs: 30,
  },
];

const load: LoadSection = {
  status: 'run',
  reason: null,
  scenarios: [
    {
      scenario: 'pagination',
      passed: true,
      valid: true,
      reasons: [],
      durationMs: 10_000,
      requests: 480,
      requestsPerSecond: 48,
      errorRate: 0,
      p95: 31.5,
      p99: 44,
      rateLimited: 0,
      droppedIterations: 2,
      thresholds: [
        { metric: 'http_req_duration{scenario:pagination}', expression: 'p(95)<500', ok: true },
        { metric: 'dropped_iterations{scenario:pagination}', expression: 'count==0', ok: false },
      ],
      endpoints: [
        { name: 'GET /offer (page 10)', count: 300, avg: 12, med: 10, p90: 20, p95: 25, p99: 40, max: 61 },
        { name: `GET /allocation/{offerId} ${HOSTILE}`, count: 180, avg: 14, med: 11, p90: 22, p95: 30, p99: 44, max: 70 },
      ],
    },
  ],
};

export function inputs(over: Partial<ReportInputs> = {}): ReportInputs {
  return {
    startedAt: new Date('2030-01-15T10:00:00Z'),
    finishedAt: new Date('2030-01-15T10:02:03Z'),
    suite: { name: 'offer-subscription-api-suite', version: '0.1.0' },
    schemaDigest: 'a'.repeat(64),
    target: {
      baseUrl: 'https://staging.example.com/api',
      environment: 'staging',
      runId: '20300115T100000-abcdef',
      bundledReference: false,
      faults: [],
    },
    pinned: null,
    clauseReport: { status: 'failed', outcomes, results: clauseResults(outcomes) },
    runProblem: null,
    failures: [
      {
        test: 'create › identical bodies',
        clause: 'SUB-CREATE-NO-DEDUP',
        check: 'test',
        message: 'two identical bodies returned the same record',
        expected: 'two different ids',
        received: ['id-1', 'id-1'],
        evidence: {
          request: 'POST /subscription',
          requestBody: '{"offerId":"o-1"}',
          status: 201,
          contentType: 'application/json',
          responseBody: `{"id":"id-1","note":${JSON.stringify(HOSTILE)}}`,
        },
      },
    ],
    observations: [],
    requestStatuses: [200, 201],
    discovery: { items: new Map(), notes: new Map() },
    waivers: [],
    today: '2030-01-15',
    fuzz: {
      records: [
        {
          property: 'amounts round-trip',
          seed: -123456,
          path: '0:1:2',
          runs: 100,
          counterexample: '[0.1]',
          replay: 'FUZZ_SEED=-123456 FUZZ_PATH=0:1:2 npm run fuzz -- -g "amounts round-trip"',
        },
        { property: 'page walks', seed: 42, path: null, runs: 50, counterexample: null, replay: null },
      ],
      notRun: null,
    },
    load,
    requestCoverage: {
      note: 'What the run sent.',
      rows: [
        {
          operation: 'offer.list',
          requests: 12,
          credentials: ['valid (10)', 'none (1)', 'wrong-secret (1)'],
          parameters: ['offset (4)', 'limit (4)', 'combined:modifiedAfter+offset (2)'],
          invalidValues: ['offset:negative (1)', `modifiedAfter:${HOSTILE} (1)`],
          body: [],
          missing: ['credentials:no-key', `invalid:limit:${HOSTILE}`],
        },
      ],
    },
    phases: [{ name: 'preflight', status: 'ok', durationMs: 12, detail: 'target answers' }],
    evidence: {
      directory: 'evidence',
      manifest: 'manifest.json',
      versions: { node: process.version, npm: '10.0.0', suite: '0.1.0', packages: { ajv: '8.20.0' }, k6: null },
      schemaDigest: 'a'.repeat(64),
      configDigest: 'b'.repeat(64),
      config: { target: 'https://staging.example.com/api' },
      requestCount: 2,
      files: ['evidence/requests.jsonl'],
      playwrightReport: 'suite/conformance/html/index.html',
    },
    package: { suiteVersion: '0.1.0', contractSha256: 'c'.repeat(64), deploymentVersion: 'staging-2026.11.3', signedBy: null },
    ...over,
  };
}

/** One passing test per testable clause of the catalogue (a few clauses get many tests, to fold); every must clause is confirmed. */
export function catalogueOutcomes(): TestOutcome[] {
  return clauses
    .filter((c) => !('notTestable' in c && c.notTestable))
    .flatMap((c) => {
      const count = c.id === 'SUB-CREATE-ECHO' ? 6 : 1;
      return Array.from(
        { length: count },
        (_, n): TestOutcome => ({
          title: `${c.id.toLowerCase().replace(/-/g, ' ')} › case ${n + 1} with a title as long as the suite's real ones tend to be`,
          file: 'conformance/x.spec.ts',
          project: 'conformance',
          status: 'passed',
          clauses: [c.id as ClauseId],
          clauseFailures: [],
          observations: [],
          durationMs: 5,
        }),
      );
    });
}

/**
 * The catalogue run with some tests changed: failing on a clause (with the failure's evidence), skipped for a reason,
 * failing on another clause (`blockedBy`: one fault that every test meets, as offer prices sent as strings fail every
 * test that reads offers on OFFER-SCHEMA), or not run at all (`drop`: an observe clause the run had no occasion to see);
 * `waive` waives each failing and each skipped clause (with a reason and an expiry).
 */
export function reportWith(change: {
  fail?: ClauseId[];
  skip?: Array<[ClauseId, string]>;
  waive?: boolean;
  blockedBy?: { clause: ClauseId; tests: ClauseId[] };
  drop?: ClauseId[];
  /** The clause whose test ran first (its failures come first in failures.jsonl). */
  runFirst?: ClauseId;
}): CertificationReport {
  const failing = new Set(change.fail ?? []);
  const skipped = new Map(change.skip ?? []);
  const blocked = new Set(change.blockedBy?.tests ?? []);
  const all = catalogueOutcomes()
    .filter((o) => !change.drop?.includes(o.clauses[0]))
    .sort((a, b) => Number(b.clauses[0] === change.runFirst) - Number(a.clauses[0] === change.runFirst))
    .map((o): TestOutcome => {
      const id = o.clauses[0];
      if (change.blockedBy && blocked.has(id))
        return {
          ...o,
          status: 'failed',
          clauseFailures: [
            { clause: change.blockedBy.clause, message: `${change.blockedBy.clause}: GET /offer: offerPrice must be number, got "60.7"` },
          ],
          // A hard stop after the soft OFFER-SCHEMA finding: the test's own checks never ran. (A test that only met the
          // soft finding ran every check, and its clauses pass: src/report/clause-results.ts.)
          error: 'Error: no open offer to subscribe to: the offers list failed its schema',
        };
      if (failing.has(id))
        return {
          ...o,
          status: 'failed',
          clauseFailures: [{ clause: id, message: `${id}: the answer deviates from the contract` }],
          error: '1 contract deviation',
        };
      if (skipped.has(id)) return { ...o, status: 'skipped', skipReason: skipped.get(id) };
      return o;
    });
  const failures = all.flatMap((o) =>
    o.clauseFailures.map((f) => ({
      test: o.title,
      clause: f.clause,
      check: 'test',
      message: f.message,
      expected: 'a record echoing every field',
      received: { amount: '0.10000001' },
      evidence: {
        request: "POST /subscription?note=it's",
        requestBody: '{"offerId":"o-1","amount":"0.1"}',
        status: 201,
        contentType: 'application/json',
        responseBody: `{"id":"id-1","note":${JSON.stringify(HOSTILE)}}`,
      },
    })),
  );
  const waivers = change.waive
    ? [...new Set([...failing, ...skipped.keys()])].map((clause) => ({
        clause,
        reason: 'Known on staging until release 2.4 (OPS-1234).',
        owner: 'integration@example.com',
        expires: '2030-12-31',
      }))
    : [];
  const clauseReport = { status: failing.size ? ('failed' as const) : ('passed' as const), outcomes: all, results: clauseResults(all) };
  return assembleReport(inputs({ clauseReport, failures, waivers })).report;
}

/** Must clauses whose tests fail on OFFER-SCHEMA in the one-fault report, in catalogue order; ALLOC-ONE-PER-OFFER's test runs first. */
export const BLOCKED_BY_OFFER_SCHEMA: ClauseId[] = clauses
  .filter(
    (c) =>
      c.kind === 'must' && !('notTestable' in c && c.notTestable) && /^(GEN|AUTH|OFFER|ALLOC|SUB)-/.test(c.id) && c.id !== 'OFFER-SCHEMA',
  )
  .map((c) => c.id as ClauseId);

/**
 * One fault, many red tests: OFFER-SCHEMA fails in its own test and in the tests of the clauses above (the first of them
 * an allocations test, run before the offers test), so each of those is not confirmed for the same reason.
 */
export function oneFaultReport(): CertificationReport {
  return reportWith({
    fail: ['OFFER-SCHEMA'],
    blockedBy: { clause: 'OFFER-SCHEMA', tests: BLOCKED_BY_OFFER_SCHEMA },
    drop: ['LIMIT-RATE'],
    runFirst: 'ALLOC-ONE-PER-OFFER',
  });
}

/** The four verdicts a reader meets, assembled from fabricated runs: PASS, FAIL, INCOMPLETE (unconfirmed must clauses) and a pass with waived failures. */
export function verdictReports(): Record<'pass' | 'fail' | 'incomplete' | 'waived', CertificationReport> {
  const failing: ClauseId[] = ['SUB-CREATE-ECHO', 'PAGE-MAX-LIMIT'];
  const unconfirmed: Array<[ClauseId, string]> = [
    ['SUB-CANCEL', 'the profile names no cancel route, so nothing is created on a shared environment'],
    ['SUB-CREATE-ECHO', 'FUZZ_MAX_WRITES (50) spent: the remaining writing properties did not run'],
  ];
  const incomplete = reportWith({ skip: unconfirmed });
  return {
    pass: reportWith({ drop: ['LIMIT-RATE'] }),
    fail: reportWith({ fail: failing }),
    incomplete,
    waived: reportWith({ fail: failing, waive: true }),
  };
}
