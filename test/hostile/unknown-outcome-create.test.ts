// Issue 10, defect 2: a create answered 5xx after the service saved it must be journalled as of unknown
// outcome, found by its run tag and cancelled by the sweep (teardown and `npm run cleanup` share it);
// only a 4xx is a refusal. Against the real reference behind a front that answers 502/503/504 after saving.
import { cancelOpenRecords } from '../../src/run/cleanup.ts';
import { openRecords } from '../../src/run/journal.ts';
import { minimalCreateBody } from '../reference/helpers.ts';
import { expect, liveWithTag, test } from './hostile-front.ts';

for (const status of [502, 503, 504, 500]) {
  test(`defect 2: a create saved by the service but answered ${status} is swept: 0 live records after cleanup`, async ({
    hostile,
    api,
  }) => {
    hostile.misbehave = (request) =>
      request.method === 'POST' && request.url === '/subscription' ? { status, body: '{"message":"upstream timed out"}' } : null;
    const { exchange, tag } = await api.client.createSubscription(minimalCreateBody());
    expect(exchange.status).toBe(status);
    expect(hostile.passed.find((p) => p.method === 'POST')?.status, 'the reference saved the order').toBe(201);
    expect(await liveWithTag(hostile.reference.url, tag)).toHaveLength(1);

    const entries = api.journal.entries();
    expect(entries.map((e) => e.event)).toEqual(['create-sent', 'create-unknown']);
    expect(openRecords(entries).unresolvedTags).toEqual([tag]);

    const summary = await cancelOpenRecords(api.client, entries);
    expect(summary.errors).toEqual([]);
    expect(summary.cancelled).toHaveLength(1);
    expect(await liveWithTag(hostile.reference.url, tag)).toEqual([]);
  });
}

test('defect 2: a 4xx is a clear refusal: journalled as refused, nothing to list or cancel', async ({ hostile, api }) => {
  const { exchange } = await api.client.createSubscription(minimalCreateBody(undefined, { currency: 'XXX' }));
  expect(exchange.status).toBe(400);
  const entries = api.journal.entries();
  expect(entries.map((e) => e.event)).toEqual(['create-sent', 'create-refused']);
  expect(openRecords(entries)).toEqual({ ids: [], unresolvedTags: [] });
  expect(hostile.passed).toHaveLength(1);
});
