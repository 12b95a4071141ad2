// k6 summaries of the shipped scenarios as they run today against the bundled reference (`npm run load --
// <scenario>` with its local defaults), for the comparison test (baselines.test.ts). No k6 summary of a real run is
// kept in the repository, and this machine has no k6 to make one, so each is rebuilt from the real run a shipped
// baseline recorded (k6 2.2.0, 2026-11-22, figures per endpoint as measured); each says so in `provenance`. That the
// work of each shipped baseline is today's work is held by baselines.test.ts, which drives each scenario now.
import type { Baseline } from '../../load/lib/compare.ts';
import { type ScenarioName, SCENARIO_KEY } from '../../load/lib/names.ts';
import { counter, k6Summary, rate, trend } from './fixtures.ts';

export interface RunToday {
  provenance: string;
  /** The k6 handleSummary object such a run hands over. */
  summary: unknown;
}

interface WorkToday {
  provenance: string;
  /** Iterations run, and of them those that did the scenario's work (the rest found the write budget spent). */
  iterations: number;
  worked: number;
  setupCreates: number;
  /** Requests per second of the scenario's requests, as measured. */
  requestsPerSecond: number;
}

const RECORDED = 'rebuilt from the real run recorded in load/baselines/<scenario>.json (k6 2.2.0, 2026-11-22), its latencies per endpoint';

const TODAY: Record<'pagination' | 'polling', (b: Baseline) => WorkToday> = {
  pagination: (b) => ({
    provenance: `${RECORDED}; pagination's work is what it was (the walk check reads a list only when a page repeats an id, which the reference's lists never do at rest)`,
    iterations: b.work?.iterationsDone ?? 0,
    worked: b.work?.iterationsDone ?? 0,
    setupCreates: 0,
    requestsPerSecond: b.totals.httpRequestsPerSecond,
  }),
  polling: (b) => ({
    provenance: `${RECORDED}; polling's work is what it was`,
    iterations: b.work?.iterationsDone ?? 0,
    worked: b.work?.iterationsDone ?? 0,
    setupCreates: 0,
    requestsPerSecond: b.totals.httpRequestsPerSecond,
  }),
};

export const SCENARIOS_WITH_A_BASELINE = Object.keys(TODAY) as Array<keyof typeof TODAY>;

/** The summary `npm run load -- <scenario>` would hand over today, against the run `baseline` recorded. */
export function runToday(scenario: ScenarioName, baseline: Baseline): RunToday {
  if (!(scenario in TODAY)) throw new Error(`${scenario} has no baseline to rebuild a run from`);
  const today = TODAY[scenario as keyof typeof TODAY](baseline);
  const key = SCENARIO_KEY[scenario];
  const share = today.worked / Math.max(1, baseline.work?.iterationsDone ?? today.worked);
  const requests = Object.values(baseline.endpoints).reduce((n, e) => n + Math.round(e.count * share), 0);
  const seconds = requests / today.requestsPerSecond;
  const metrics: Record<string, ReturnType<typeof counter>> = {
    [`http_req_duration{scenario:${key}}`]: trend(0, baseline.totals.p95, baseline.totals.p99, requests),
    [`http_reqs{scenario:${key}}`]: counter(requests, seconds),
    [`http_req_failed{scenario:${key}}`]: rate(0, requests),
    [`checks{scenario:${key}}`]: rate(requests, 0),
    [`rate_limited{scenario:${key}}`]: rate(0, requests),
    iterations: counter(today.iterations, seconds),
  };
  for (const [endpoint, e] of Object.entries(baseline.endpoints)) {
    // "GET /offer limit=25" is the sub-metric {name:GET /offer,page_size:25}.
    const m = /^(.*) limit=(\d+)$/.exec(endpoint);
    const tags = m ? `name:${m[1]},page_size:${m[2]}` : `name:${endpoint}`;
    const count = Math.round(e.count * share);
    metrics[`http_req_duration{scenario:${key},${tags}}`] = trend(e.med, e.p95, e.p99, count);
    metrics[`http_reqs{scenario:${key},${tags}}`] = counter(count, seconds);
  }
  return { provenance: today.provenance, summary: k6Summary(metrics, [], Math.round(seconds * 1000)) };
}
