// A staging environment may list only one or two offers. The pagination laws need 3 entries: on the offers list they
// are then not judged (the test is skipped, saying why), never failed for want of entries. Found 2026-11-26: against a
// target listing no offers, eight PAGE clauses failed as test errors ("needs at least 3 entries ..., has 0").
import { failingClauses, runSuite, tail } from '../selftest/run-suite.ts';
import { CANARY, expect, test } from './hostile-front.ts';

test('a target listing two offers: the offers pagination test is skipped, saying why, and fails no clause', async ({ hostile }) => {
  const headers = { 'service-api-subscription': CANARY.subscriptionKey, 'service-api-secret': CANARY.secret };
  const two = ((await (await fetch(`${hostile.reference.url}/offer`, { headers })).json()) as unknown[]).slice(0, 2);
  // Every read of the offers list, whole or a page of it, answers from the two (a consistent target, only a small one).
  hostile.misbehave = (request, upstream) => {
    const url = new URL(request.url, 'http://front');
    if (request.method !== 'GET' || url.pathname !== '/offer' || upstream.status !== 200) return null;
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : two.length;
    return { status: 200, body: JSON.stringify(two.slice(offset, offset + limit)) };
  };
  const run = await runSuite({
    project: 'conformance',
    label: 'few-offers',
    args: ['-g', 'offers paginate by offset and limit'],
    env: {
      API_BASE_URL: hostile.url,
      API_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
      API_SECRET: CANARY.secret,
      API_PROFILE: 'reference/profile.json',
    },
  });
  expect(failingClauses(run), tail(run)).toEqual([]);
  expect(run.output).toContain('offers: needs at least 3 entries to check pagination, has 2: the laws are not judged on it.');
  expect(run.output).toMatch(/1 skipped/);
  expect(run.exitCode, tail(run)).toBe(0);
});
