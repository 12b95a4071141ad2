/**
 * Pagination under load: walks offers, subscriptions and allocations (the allocation record of an
 * offer) with several page sizes at a constant arrival rate of page requests, and checks on every
 * page that it holds at most limit items, ids never repeat within a walk, pages are full until the
 * last and the walk ends. Latency is tagged per endpoint (`name`) and page size (`page_size`).
 *
 *   k6 run load/pagination.ts      (env: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_PROFILE,
 *                                   PAGE_RATE, PAGE_SIZES, PAGE_RESOURCES, ... see load/README.md)
 */
import exec from 'k6/execution';
import type { Options } from 'k6/options';
import { checkAnswer, isOk, recordFindings } from './lib/k6-checks.ts';
import { loadConfig, runIdFor } from './lib/k6-env.ts';
import { call, pace, readWithRetry } from './lib/k6-http.ts';
import { walksListChanged, walksCompleted } from './lib/k6-metrics.ts';
import { summaryOutputs } from './lib/summary-outputs.ts';
import { TAG } from './lib/names.ts';
import { buildOptions } from './lib/scenario-options.ts';
import { REQUEST } from './lib/requests.ts';
import {
  type PageOutcome,
  type PageRequest,
  type WalkPlanEntry,
  type WalkState,
  acceptPage,
  listChangedUnderWalk,
  nextRequest,
  planWalks,
  startWalk,
  walkReachedEnd,
  withdrawRepeat,
} from './lib/pages.ts';

const config = loadConfig('pagination');

export const options: Options = buildOptions(config);

interface SetupData {
  runId: string;
  startedAt: string;
  plan: WalkPlanEntry[];
  notes: string[];
}

/** Offers whose allocation record has the most entries (the allocations walks page through them). */
function allocationOfferIds(): string[] {
  if (config.pagination.resources.indexOf('allocations') < 0) return [];
  const res = readWithRetry(config, REQUEST.setupAllocations());
  if (!Array.isArray(res.json)) return [];
  const records = res.json
    .map((r) => (typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {}))
    .filter((r) => typeof r.offerId === 'string' && Array.isArray(r.allocations))
    .sort((a, b) => (b.allocations as unknown[]).length - (a.allocations as unknown[]).length);
  return records.slice(0, 3).map((r) => r.offerId as string);
}

export function setup(): SetupData {
  const ids = allocationOfferIds();
  pace(config);
  const plan = planWalks(config.pagination.resources, config.pagination.pageSizes, config.profile.maxLimit, ids);
  if (plan.entries.length === 0) throw new Error(`pagination: nothing to walk (${plan.notes.join('; ')}).`);
  return { runId: runIdFor(config), startedAt: new Date().toISOString(), plan: plan.entries, notes: plan.notes };
}

// Each VU keeps one walk between its iterations; one iteration fetches one page.
let walk: WalkState | null = null;
let planIndex = -1;

export function pagination(data: SetupData): void {
  if (walk === null) {
    planIndex = planIndex < 0 ? (exec.vu.idInTest - 1) % data.plan.length : (planIndex + 1) % data.plan.length;
    walk = startWalk(data.plan[planIndex]);
  }
  const req = nextRequest(walk);
  const result = call(config, REQUEST.page(req));
  if (result.limited) return; // same page next time; the 429 is counted in rate_limited
  if (!checkAnswer(req.name, result, isOk, '200', true)) {
    walk = null; // a failed page ends the walk; http_req_failed and checks carry it
    return;
  }
  const outcome = steadyOutcome(req, acceptPage(walk, result.json, config.pagination.maxPages));
  recordFindings('pagination', outcome.findings);
  walk = outcome.done ? null : outcome.state;
  if (outcome.done && walkReachedEnd(outcome.state))
    walksCompleted.add(1, { [TAG.resource]: req.resource, [TAG.pageSize]: String(req.pageSize) });
}

/**
 * A page that repeats an id from earlier pages: the whole list is read once (as the walk's check, named apart from
 * the pages), and when it no longer begins with what the walk held, the list changed under the walk (a live service)
 * and the repeat is withdrawn, counted in pagination_walks_list_changed; otherwise it stands.
 */
function steadyOutcome(req: PageRequest, outcome: PageOutcome): PageOutcome {
  if (outcome.repeated.length === 0 || req.resource === 'allocations') return outcome;
  const full = call(config, REQUEST.walkCheck(req));
  if (full.limited || full.status !== 200) return outcome;
  if (!listChangedUnderWalk(outcome.state.walked.slice(0, outcome.walkedBefore), full.json)) return outcome;
  walksListChanged.add(1, { [TAG.resource]: req.resource });
  return withdrawRepeat(outcome);
}

export function handleSummary(data: unknown): Record<string, string> {
  const setup = (data as { setup_data?: { notes?: string[] } }).setup_data;
  return summaryOutputs(config, data, setup?.notes ?? []);
}
