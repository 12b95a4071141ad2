// The load smoke: where k6 is, whether the smoke runs, and how a load report (osd-suite/load-report@1,
// written by the load helper) becomes report figures. No k6 is needed for these.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readLoadReports, runLoadSmoke, scenarioRow } from '../../src/certify/load-smoke.ts';
import { findK6 } from '../../src/k6/k6-binary.ts';

/** A load report as the load helper writes it (load/lib/report.ts LoadReport), trimmed to what is read. */
const LOAD_REPORT = {
  schema: 'osd-suite/load-report@1',
  scenario: 'pagination',
  run: {
    runId: 'r1',
    k6Version: 'k6 v1.3.0',
    generatedAt: '2030-01-15T10:00:10Z',
    startedAt: '2030-01-15T10:00:00Z',
    summaryFormat: 'legacy',
    testRunDurationMs: 10_012,
  },
  verdict: { valid: true, passed: false, reasons: ['threshold crossed: http_req_duration p(95)<500'], stoppedByDesign: null },
  totals: {
    httpRequests: 480,
    httpRequestsPerSecond: 47.9,
    iterations: 48,
    iterationsPerSecond: 4.8,
    droppedIterations: 0,
    errorRate: 0.002,
    checkRate: 1,
    p95: 612.5,
    p99: 880,
    rateLimited: { count: 3, share: 0.006 },
  },
  endpoints: [
    { name: 'GET /offer', pageSize: 10, key: 'GET /offer|10', count: 480, avg: 120, med: 100, p90: 400, p95: 612.5, p99: 880, max: 990 },
  ],
  thresholds: [
    { metric: 'http_req_duration{scenario:pagination}', expression: 'p(95)<500', ok: false },
    { metric: 'dropped_iterations{scenario:pagination}', expression: 'count==0', ok: true },
    { metric: 42, expression: 'not a threshold', ok: true },
  ],
};

test('a load report becomes a scenario row; anything else is ignored', () => {
  expect(scenarioRow(LOAD_REPORT)).toEqual({
    scenario: 'pagination',
    passed: false,
    valid: true,
    reasons: ['threshold crossed: http_req_duration p(95)<500'],
    durationMs: 10_012,
    requests: 480,
    requestsPerSecond: 47.9,
    errorRate: 0.002,
    p95: 612.5,
    p99: 880,
    rateLimited: 3,
    droppedIterations: 0,
    thresholds: [
      { metric: 'http_req_duration{scenario:pagination}', expression: 'p(95)<500', ok: false },
      { metric: 'dropped_iterations{scenario:pagination}', expression: 'count==0', ok: true },
    ],
    endpoints: [{ name: 'GET /offer (page 10)', count: 480, avg: 120, med: 100, p90: 400, p95: 612.5, p99: 880, max: 990 }],
  });
  expect(scenarioRow({ ...LOAD_REPORT, schema: 'something-else' })).toBeNull();
  expect(scenarioRow({ metrics: {} })).toBeNull();
  const dir = mkdtempSync(join(tmpdir(), 'load-'));
  writeFileSync(join(dir, 'pagination.json'), JSON.stringify(LOAD_REPORT));
  writeFileSync(join(dir, 'broken.json'), '{');
  writeFileSync(join(dir, 'pagination.junit.xml'), '<testsuites/>');
  expect(readLoadReports(dir).map((r) => r.scenario)).toEqual(['pagination']);
});

test('k6 is found through K6_BIN, else PATH, and only when executable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'k6-'));
  const fakeK6 = (path: string): string => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '#!/bin/sh\necho k6\n');
    return path;
  };
  const bin = fakeK6(join(dir, 'path', 'k6'));
  expect(findK6({ PATH: dirname(bin) })).toMatchObject({ found: false }); // not executable yet
  chmodSync(bin, 0o755);
  expect(findK6({ PATH: `/nonexistent:${dirname(bin)}` })).toEqual({ found: true, path: bin });
  expect(findK6({ PATH: '', K6_BIN: bin })).toEqual({ found: true, path: bin });
  const other = fakeK6(join(dir, 'other', 'k6'));
  chmodSync(other, 0o755);
  expect(findK6({ PATH: dirname(bin), K6_BIN: other })).toEqual({ found: true, path: other }); // K6_BIN wins over PATH
  expect(findK6({ PATH: dirname(bin), K6_BIN: join(dir, 'missing') })).toMatchObject({
    found: false,
    reason: expect.stringContaining('K6_BIN names'),
  });
});

const NOT_RUN_CASES = [
  { description: '--skip-load', skip: true, path: '/nonexistent', hasLoadScript: true, reason: /--skip-load/ },
  {
    description: 'no k6 binary',
    skip: false,
    path: '/nonexistent',
    hasLoadScript: true,
    reason: /^no k6 \(K6_BIN \/ PATH\): K6_BIN is not set and there is no k6 on PATH; the load smoke needs the user's own k6/,
  },
];

for (const c of NOT_RUN_CASES) {
  test(`the smoke is not run with ${c.description}, and says why`, async () => {
    const section = await runLoadSmoke({
      skip: c.skip,
      reportDir: mkdtempSync(join(tmpdir(), 'load-')),
      cwd: tmpdir(),
      env: { PATH: c.path },
      hasLoadScript: c.hasLoadScript,
    });
    expect(section).toEqual({ status: 'not-run', reason: expect.stringMatching(c.reason), scenarios: [] });
  });
}
