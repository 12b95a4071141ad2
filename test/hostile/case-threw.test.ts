// A fuzz case that gets no answer at all (the connection closed under it: an independent server whose JSON parser
// overflowed on a body nested 1,000 deep, seen 2026-11-29) fails the clauses its property names, and the finding every
// report shows says what happened. It read "test error: Error: Property "..." failed." before: the cause was only in
// the test's error context, which no report links to.
import { failingClauses, runSuite, tail } from '../selftest/run-suite.ts';
import { CANARY, expect, test } from './hostile-front.ts';

test('a fuzz case whose connection is closed under it: the finding names the property and the error', { tag: '@long' }, async ({
  hostile,
}) => {
  // Every refused create is answered by closing the connection instead (the reference refused it: a 4xx).
  hostile.misbehave = (request, upstream) =>
    request.method === 'POST' && request.url === '/subscription' && upstream.status >= 400 ? (res) => res.destroy() : null;
  const run = await runSuite({
    project: 'fuzz',
    label: 'case-threw',
    args: ['-g', 'no 5xx for bodies that are not JSON'],
    clauseReportOnly: true,
    env: {
      API_BASE_URL: hostile.url,
      API_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
      API_SECRET: CANARY.secret,
      API_PROFILE: 'reference/profile.json',
      FUZZ_RUNS: '3',
    },
  });
  expect(failingClauses(run), tail(run)).toContain('GEN-FAILURE-4XX');
  const finding = run.report?.results.find((r) => r.clause.id === 'GEN-FAILURE-4XX')?.failures[0]?.message ?? '';
  expect(finding).toMatch(
    /^test error: Error: Property "no 5xx for bodies that are not JSON" failed on a case that threw: POST \/subscription /,
  );
  expect(finding).toMatch(/closed|socket|reset/i);
});
