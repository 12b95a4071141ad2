/**
 * Pagination under load: walks offers, subscriptions and allocations (the allocation record of an offer) with several
 * page sizes, and checks on every page that it holds at most limit items, ids never repeat within a walk, pages are
 * full until the last and the walk ends. Latency is tagged per endpoint (`name`) and page size (`page_size`).
 * The flow of load/pagination.ts, written against the port: no k6 import.
 */
import { TAG } from '../lib/names.ts';
import {
  acceptPage,
  listChangedUnderWalk,
  nextRequest,
  type PageOutcome,
  type PageRequest,
  planWalks,
  startWalk,
  type WalkPlanEntry,
  type WalkState,
  walkReachedEnd,
  withdrawRepeat,
} from '../lib/pages.ts';
import type { LoadPort } from '../lib/port.ts';
import { REQUEST } from '../lib/requests.ts';
import { createRuntime, isOk, loadConfigFrom } from '../lib/runtime.ts';
import { buildOptions } from '../lib/scenario-options.ts';
import { summaryOutputs } from '../lib/summary-outputs.ts';
import type { ScenarioFlow } from './flow.ts';

export interface PaginationSetup {
  runId: string;
  startedAt: string;
  plan: WalkPlanEntry[];
  notes: string[];
}

export function paginationFlow(port: LoadPort): ScenarioFlow<PaginationSetup> {
  const config = loadConfigFrom(port, 'pagination');
  const rt = createRuntime(port, config);

  /** Offers whose allocation record has the most entries (the allocations walks page through them). */
  function allocationOfferIds(): string[] {
    if (config.pagination.resources.indexOf('allocations') < 0) return [];
    const res = rt.readWithRetry(REQUEST.setupAllocations());
    if (!Array.isArray(res.json)) return [];
    const records = res.json
      .map((r) => (typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {}))
      .filter((r) => typeof r.offerId === 'string' && Array.isArray(r.allocations))
      .sort((a, b) => (b.allocations as unknown[]).length - (a.allocations as unknown[]).length);
    return records.slice(0, 3).map((r) => r.offerId as string);
  }

  // Each VU keeps one walk between its iterations; one iteration fetches one page.
  let walk: WalkState | null = null;
  let planIndex = -1;

  /**
   * A page that repeats an id from earlier pages: the whole list is read once (as the walk's check, named apart from
   * the pages), and when it no longer begins with what the walk held, the list changed under the walk (a live
   * service) and the repeat is withdrawn, counted in pagination_walks_list_changed; otherwise it stands.
   */
  function steadyOutcome(req: PageRequest, outcome: PageOutcome): PageOutcome {
    if (outcome.repeated.length === 0 || req.resource === 'allocations') return outcome;
    const full = rt.call(REQUEST.walkCheck(req));
    if (full.limited || full.status !== 200) return outcome;
    if (!listChangedUnderWalk(outcome.state.walked.slice(0, outcome.walkedBefore), full.json)) return outcome;
    rt.metrics.walksListChanged.add(1, { [TAG.resource]: req.resource });
    return withdrawRepeat(outcome);
  }

  return {
    scenario: 'pagination',
    config,
    options: buildOptions(config),
    setup() {
      const ids = allocationOfferIds();
      rt.pace();
      const plan = planWalks(config.pagination.resources, config.pagination.pageSizes, config.profile.maxLimit, ids);
      if (plan.entries.length === 0) throw new Error(`pagination: nothing to walk (${plan.notes.join('; ')}).`);
      return { runId: rt.runId(), startedAt: new Date(port.now()).toISOString(), plan: plan.entries, notes: plan.notes };
    },
    iteration(data) {
      if (walk === null) {
        planIndex = planIndex < 0 ? (port.execution().vu - 1) % data.plan.length : (planIndex + 1) % data.plan.length;
        walk = startWalk(data.plan[planIndex]);
      }
      const req = nextRequest(walk);
      const result = rt.call(REQUEST.page(req));
      if (result.limited) return; // same page next time; the 429 is counted in rate_limited
      if (!rt.checkAnswer(req.name, result, isOk, '200', true)) {
        walk = null; // a failed page ends the walk; http_req_failed and checks carry it
        return;
      }
      const outcome = steadyOutcome(req, acceptPage(walk, result.json, config.pagination.maxPages));
      rt.recordFindings('pagination', outcome.findings);
      walk = outcome.done ? null : outcome.state;
      if (outcome.done && walkReachedEnd(outcome.state))
        rt.metrics.walksCompleted.add(1, { [TAG.resource]: req.resource, [TAG.pageSize]: String(req.pageSize) });
    },
    teardown() {},
    handleSummary(data) {
      const setup = (data as { setup_data?: { notes?: string[] } }).setup_data;
      return summaryOutputs(config, data, setup?.notes ?? [], port.engine);
    },
  };
}
