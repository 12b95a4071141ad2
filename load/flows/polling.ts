/**
 * Polling under load: the contract's recommended way to learn of new offers, GET /offer with modifiedAfter, by
 * POLL_CLIENTS clients every POLL_INTERVAL. Each client (a VU) keeps a watermark (the latest lastModifiedOn it has
 * seen); each poll must return only offers modified on or after the instant, and every offer known to qualify (the
 * boundary is inclusive). The flow of load/polling.ts, written against the port: no k6 import.
 */
import { ENDPOINT } from '../lib/names.ts';
import { checkPoll, type PollerState, pickSeeds, readPolledOffers } from '../lib/polling.ts';
import type { LoadPort } from '../lib/port.ts';
import { REQUEST } from '../lib/requests.ts';
import { createRuntime, isOk, loadConfigFrom } from '../lib/runtime.ts';
import { buildOptions } from '../lib/scenario-options.ts';
import { summaryOutputs } from '../lib/summary-outputs.ts';
import type { ScenarioFlow } from './flow.ts';

export interface PollingSetup {
  runId: string;
  startedAt: string;
  seeds: PollerState[];
}

export function pollingFlow(port: LoadPort): ScenarioFlow<PollingSetup> {
  const config = loadConfigFrom(port, 'polling');
  const rt = createRuntime(port, config);
  // Each VU is one polling client and keeps its watermark between iterations.
  let poller: PollerState | null = null;

  return {
    scenario: 'polling',
    config,
    options: buildOptions(config),
    setup() {
      // Omitting offset and limit returns every offer: the starting points spread over their dates.
      const res = rt.readWithRetry(REQUEST.setupOffers());
      const offers = readPolledOffers(res.json);
      if (offers === null) throw new Error(`polling: GET /offer answered ${res.status} without a list of offers; nothing to poll against.`);
      return {
        runId: rt.runId(),
        startedAt: new Date(port.now()).toISOString(),
        seeds: pickSeeds(offers, config.polling.clients, port.now()),
      };
    },
    iteration(data) {
      if (poller === null) poller = data.seeds[(port.execution().vu - 1) % data.seeds.length];
      const result = rt.call(REQUEST.poll(poller.instant));
      if (result.limited) return;
      if (!rt.checkAnswer(ENDPOINT.offersModifiedAfter, result, isOk, '200', true)) return;
      const outcome = checkPoll(poller, result.json);
      rt.recordFindings('polling', outcome.findings);
      poller = outcome.next;
      rt.metrics.pollsChecked.add(1);
    },
    teardown() {},
    handleSummary(data) {
      return summaryOutputs(config, data, [], port.engine);
    },
  };
}
