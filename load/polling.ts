/**
 * Polling under load: the contract's recommended way to learn of new offers, GET /offer with
 * modifiedAfter, by POLL_CLIENTS clients every POLL_INTERVAL. Each client keeps a watermark (the
 * latest lastModifiedOn it has seen); each poll must return only offers modified on or after the
 * instant, and every offer known to qualify (the boundary is inclusive).
 *
 *   k6 run load/polling.ts         (env: API_BASE_URL, credentials, POLL_INTERVAL, POLL_CLIENTS, ...)
 */
import exec from 'k6/execution';
import type { Options } from 'k6/options';
import { checkAnswer, isOk, recordFindings } from './lib/k6-checks.ts';
import { loadConfig, runIdFor } from './lib/k6-env.ts';
import { call, readWithRetry } from './lib/k6-http.ts';
import { pollsChecked } from './lib/k6-metrics.ts';
import { summaryOutputs } from './lib/summary-outputs.ts';
import { ENDPOINT } from './lib/names.ts';
import { buildOptions } from './lib/scenario-options.ts';
import { REQUEST } from './lib/requests.ts';
import { type PollerState, checkPoll, pickSeeds, readPolledOffers } from './lib/polling.ts';

const config = loadConfig('polling');

export const options: Options = buildOptions(config);

interface SetupData {
  runId: string;
  startedAt: string;
  seeds: PollerState[];
}

export function setup(): SetupData {
  // Omitting offset and limit returns every offer: the starting points spread over their dates.
  const res = readWithRetry(config, REQUEST.setupOffers());
  const offers = readPolledOffers(res.json);
  if (offers === null) throw new Error(`polling: GET /offer answered ${res.status} without a list of offers; nothing to poll against.`);
  return { runId: runIdFor(config), startedAt: new Date().toISOString(), seeds: pickSeeds(offers, config.polling.clients, Date.now()) };
}

// Each VU is one polling client and keeps its watermark between iterations.
let poller: PollerState | null = null;

export function polling(data: SetupData): void {
  if (poller === null) poller = data.seeds[(exec.vu.idInTest - 1) % data.seeds.length];
  const result = call(config, REQUEST.poll(poller.instant));
  if (result.limited) return;
  if (!checkAnswer(ENDPOINT.offersModifiedAfter, result, isOk, '200', true)) return;
  const outcome = checkPoll(poller, result.json);
  recordFindings('polling', outcome.findings);
  poller = outcome.next;
  pollsChecked.add(1);
}

export function handleSummary(data: unknown): Record<string, string> {
  return summaryOutputs(config, data);
}
