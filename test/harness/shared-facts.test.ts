// The lists read once for every worker (src/harness/shared-facts.ts): what is shared, what never is, and what it
// changes in a run. Before it, every worker read the offers itself, and that read was judged in whichever test asked
// first: on a target whose offers fail their schema, every test that needed an offer failed on OFFER-SCHEMA, one new
// Playwright worker each.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { ApiClient } from '../../src/client/api-client.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { makeRedactor } from '../../src/config/redact.ts';
import { readSharedFacts, shareTargetFacts } from '../../src/harness/shared-facts.ts';
import { runFile } from '../../src/run/run-paths.ts';
import { failingClauses, outcomeTitled, runSuite, tail } from '../selftest/run-suite.ts';

const SECRET = 'sh4red-f4cts-secret';
const redact = makeRedactor([SECRET]);

/** A client answering the two list reads with these bodies (a 200 each, unless `status` says otherwise). */
function clientAnswering(offers: unknown, allocations: unknown, status = 200): ApiClient {
  const answer = (path: string, body: unknown) => async () => ({ method: 'GET', path, status, body }) as unknown as Exchange;
  return { listOffers: answer('/offer', offers), listAllocations: answer('/allocation', allocations) } as unknown as ApiClient;
}

const runId = (name: string) => `shared-facts-${name}-${process.pid}`;

test('the lists are shared when both are arrays, and a run without the file reads nothing from another', async () => {
  const offers = [{ id: 'o-1', details: { status: 'open' } }];
  const allocations = [{ offerId: 'o-1', allocationCount: 0 }];
  const shared = await shareTargetFacts(clientAnswering(offers, allocations), runId('both'), redact);
  expect(shared).toEqual({ offers, allocations });
  expect(readSharedFacts(runId('both'))).toEqual({ offers, allocations });
  expect(readSharedFacts(runId('never-written'))).toEqual({});
});

test('a list that is not a 200 array is not shared (each worker reads it, and its tests report why); a reused RUN_ID loses the old file', async () => {
  const id = runId('reused');
  await shareTargetFacts(clientAnswering([{ id: 'o-1' }], []), id, redact);
  expect(readSharedFacts(id).offers).toHaveLength(1);
  await shareTargetFacts(clientAnswering({ error: 'down' }, { error: 'down' }, 503), id, redact);
  expect(readSharedFacts(id)).toEqual({});
});

test('lists that hold a credential (a target echoing it) are never written to the run folder, and are still handed to the global setup', async () => {
  const id = runId('echo');
  const offers = [{ id: 'o-1', note: `key ${SECRET}` }];
  const read = await shareTargetFacts(clientAnswering(offers, []), id, redact);
  expect(existsSync(runFile.targetFacts(id))).toBe(false);
  expect(readSharedFacts(id)).toEqual({});
  // What was read still reaches the global setup (it settles the run's currencies on the offers), never a file.
  expect(read).toEqual({ offers, allocations: [] });
});

test('against a target whose offers fail their schema, a test that only needs an offer judges its own clauses', async () => {
  test.setTimeout(120_000);
  const run = await runSuite({
    project: 'conformance',
    faults: ['offer-price-as-string'],
    label: 'shared-facts-offer-schema',
    // The offers list's own test, and two that create on an open offer the run listed (they read no offer themselves).
    args: ['--grep=GET /offer returns an array of valid offers|a body with only the required fields|identical bodies sent twice'],
    clauseReportOnly: true,
  });
  const statusOf = (title: RegExp) => outcomeTitled(run, title)?.status;
  expect(statusOf(/GET \/offer returns an array of valid offers/), tail(run)).toBe('failed');
  expect(statusOf(/a body with only the required fields/), tail(run)).toBe('passed');
  expect(statusOf(/identical bodies sent twice/), tail(run)).toBe('passed');
  expect(failingClauses(run)).toEqual(['OFFER-SCHEMA']);
});
