/**
 * The subscription flow under load: create -> read -> cancel, bounded by WRITE_BUDGET (checked before every create
 * against the test-wide iteration number, and by an abortOnFail threshold on subscriptions_created). Every record
 * carries the run tag osd-suite.<RUN_ID>.<seq> in clientSubscriptionReference; each flow cancels its own record and
 * teardown sweeps by run tag whatever is left. Refused against API_ENVIRONMENT=production, and without a profile that
 * names the cancel route (the contract does not show it). The flow of load/subscriptions.ts, written against the
 * port: no k6 import.
 */
import { whyClosed } from '../../src/contract/offer-closed.ts';
import { settlePauses } from '../../src/contract/read-settle.ts';
import { statusMatches } from '../lib/config.ts';
import { cancelEndpointName } from '../lib/names.ts';
import type { LoadPort } from '../lib/port.ts';
import { REQUEST } from '../lib/requests.ts';
import { fail, pass } from '../lib/rules.ts';
import { type CallResult, createRuntime, loadConfigFrom } from '../lib/runtime.ts';
import { buildOptions } from '../lib/scenario-options.ts';
import {
  type CurrencyAnswer,
  currenciesToWriteIn,
  firstOfEachCurrency,
  pickSubscribableOffers,
  recordsToSweep,
  type SubscribableOffer,
} from '../lib/subscription-body.ts';
import { summaryOutputs } from '../lib/summary-outputs.ts';
import type { ScenarioFlow } from './flow.ts';

export interface SubscriptionsSetup {
  runId: string;
  startedAt: string;
  offers: SubscribableOffer[];
  /** Creates setup sent to learn the currencies the target takes (they count against WRITE_BUDGET). */
  probeCreates: number;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

export function subscriptionsFlow(port: LoadPort): ScenarioFlow<SubscriptionsSetup> {
  const config = loadConfigFrom(port, 'subscriptions');
  const rt = createRuntime(port, config);
  const { metrics } = rt;
  // loadConfig refuses a profile without a cancel route for this scenario.
  const cancelRoute = config.profile.cancel ?? { method: 'POST', path: '/subscription/{subscriptionId}/cancel' };
  const cancelName = cancelEndpointName(cancelRoute.method, cancelRoute.path);

  /**
   * Without SUB_CURRENCY, one create on the first offer of each currency (tagged and swept like the others): a target
   * that holds the client to one currency refuses the others with a 4xx, and offers in those are not written to.
   */
  function currencyProbe(offers: SubscribableOffer[], runId: string): { offers: SubscribableOffer[]; creates: number } {
    const answers: CurrencyAnswer[] = [];
    let creates = 0;
    for (const offer of firstOfEachCurrency(offers)) {
      if (creates >= config.subscriptions.writeBudget) break;
      rt.pace();
      const created = rt.call(REQUEST.currencyProbe(offer, runId, port.now()));
      creates++;
      metrics.setupCreates.add(1);
      if (created.status >= 200 && created.status < 300) metrics.subscriptionsCreated.add(1);
      answers.push({ currency: offer.currency, status: created.status });
    }
    const writable = currenciesToWriteIn(answers);
    if (writable === null) return { offers, creates };
    const refused = answers.filter((a) => writable.indexOf(a.currency) < 0).map((a) => `${a.currency} (${a.status})`);
    console.log(
      `subscriptions: the target refused a create in ${refused.join(', ')}: it holds the client to ${writable.join(', ')}; offers in other currencies are not written to (set SUB_CURRENCY to say so).`,
    );
    return { offers: offers.filter((o) => writable.indexOf(o.currency) >= 0), creates };
  }

  function cancel(id: string, name: string): CallResult {
    return rt.call(REQUEST.cancel(cancelRoute, id, name));
  }

  function cancelled(result: CallResult): boolean {
    return !result.limited && statusMatches(config.profile.status.cancel, result.status);
  }

  /** Offers this VU found closed since setup listed them open (a live service closes offers): it writes to them no more. */
  const closedOffers: string[] = [];

  /**
   * A create refused with a 4xx: when its offer, read again, takes no orders now, the refusal may be the closing, not
   * a deviation (as in the suite: src/contract/offer-closed.ts). Returns true when it closed (the offer is left out).
   */
  function closedSinceSetup(offerId: string, status: number): boolean {
    if (status < 400 || status >= 500 || status === 429) return false;
    const now = rt.call(REQUEST.readOffer(offerId));
    if (now.limited || now.status !== 200 || whyClosed(now.json, port.now()) === null) return false;
    closedOffers.push(offerId);
    metrics.offersClosed.add(1);
    return true;
  }

  /** Lists this run's records that are not cancelled yet (GET /subscription without offset/limit returns all). */
  function leftovers(runId: string): ReturnType<typeof recordsToSweep> | null {
    const res = rt.readWithRetry(REQUEST.teardownSubscriptions());
    return Array.isArray(res.json) ? recordsToSweep(res.json, runId) : null;
  }

  return {
    scenario: 'subscriptions',
    config,
    options: buildOptions(config),
    setup() {
      const res = rt.readWithRetry(REQUEST.setupOffers());
      const picked = pickSubscribableOffers(res.json, config.subscriptions.currency);
      if (picked.length === 0)
        throw new Error(
          `subscriptions: no offer is open_for_subscription with a usable order range (GET /offer answered ${res.status}); nothing to subscribe to.`,
        );
      const runId = rt.runId();
      const { offers, creates } = config.subscriptions.currency === null ? currencyProbe(picked, runId) : { offers: picked, creates: 0 };
      return { runId, startedAt: new Date(port.now()).toISOString(), offers: offers.slice(0, 10), probeCreates: creates };
    },
    iteration(data) {
      const seq = port.execution().iterationInTest;
      if (seq >= config.subscriptions.writeBudget - data.probeCreates) {
        metrics.writeBudgetSkipped.add(1);
        return;
      }
      const open = data.offers.filter((o) => closedOffers.indexOf(o.id) < 0);
      if (open.length === 0) return; // every offer closed under this VU: offersClosed says so
      const offer = open[seq % open.length];
      // A refusal is judged below (create-status), after its offer is read again: not a failed request by itself.
      const created = rt.call(REQUEST.create(offer, data.runId, seq, port.now()));
      if (created.limited) return; // not created; a create is never retried
      const createOk = statusMatches(config.profile.status.create, created.status);
      if (!createOk && closedSinceSetup(offer.id, created.status)) return;
      rt.recordFindings('subscriptions', [
        createOk
          ? pass('create-status')
          : fail('create-status', `status ${config.profile.status.create.join(' or ')}`, String(created.status)),
      ]);
      if (created.status < 200 || created.status >= 300) return;
      metrics.subscriptionsCreated.add(1);

      const id = field(created.json, 'id');
      const status = field(created.json, 'status');
      const recordOk = typeof id === 'string' && id !== '' && field(created.json, 'offerId') === offer.id && typeof status === 'string';
      rt.recordFindings('subscriptions', [
        recordOk
          ? pass('created-record')
          : fail(
              'created-record',
              `an id, a status and offerId ${offer.id}`,
              created.parsed ? 'a record without them' : 'a body that is not JSON',
            ),
      ]);
      if (typeof id !== 'string' || id === '') return; // the teardown sweep finds it by run tag

      const settleMs = config.subscriptions.readSettleMs;
      // Within API_READ_SETTLE a 404 is a replica that does not show the record yet: the check below judges the last read.
      const readOnce = () => rt.call(REQUEST.readSubscription(id, settleMs));
      const shows = (r: CallResult) => r.status === 200 && field(r.json, 'id') === id && field(r.json, 'offerId') === offer.id;
      let read = readOnce();
      // A read that does not show the record yet is read again within API_READ_SETTLE (a replica shows a write a moment later).
      for (const pause of read.limited || shows(read) ? [] : settlePauses(settleMs)) {
        port.sleep(pause / 1000);
        read = readOnce();
        if (read.limited || shows(read)) break;
      }
      if (!read.limited) {
        const readOk = shows(read);
        rt.recordFindings('subscriptions', [
          readOk
            ? pass('read-after-create')
            : fail(
                'read-after-create',
                `200 with id ${id} and offerId ${offer.id}`,
                `${read.status}${read.parsed ? '' : ' (body not JSON)'}`,
              ),
        ]);
      }

      if (status === 'cancelled') {
        metrics.subscriptionsCancelled.add(1);
        return;
      }
      const result = cancel(id, cancelName);
      if (cancelled(result)) {
        metrics.subscriptionsCancelled.add(1);
        if (status === 'accepted') rt.recordFindings('subscriptions', [pass('cancel-accepted')]);
      } else if (status === 'accepted' && !result.limited) {
        rt.recordFindings('subscriptions', [
          fail('cancel-accepted', `status ${config.profile.status.cancel.join(' or ')}`, String(result.status)),
        ]);
      } else if (!result.limited) {
        metrics.cancelRefused.add(1); // cancelling from another state: allowed states are not shown, so observed only
      }
    },
    teardown(data) {
      if (data === undefined || data === null) return;
      // A record the list still shows open may be one cancelled a moment ago, on a replica that shows it later
      // (API_READ_SETTLE): the list is read again after the window before a record counts as left open.
      const settled = (): ReturnType<typeof leftovers> => {
        const now = leftovers(data.runId);
        if (now === null || now.length === 0 || config.subscriptions.readSettleMs <= 0) return now;
        port.sleep(config.subscriptions.readSettleMs / 1000);
        return leftovers(data.runId);
      };
      let left = settled();
      for (let round = 0; round < 3 && left !== null && left.length > 0; round++) {
        for (const record of left) {
          rt.pace();
          if (cancelled(cancel(record.id, `teardown ${cancelName}`))) metrics.subscriptionsSwept.add(1);
        }
        rt.pace();
        left = settled();
      }
      if (left === null) {
        console.error('subscriptions teardown: the subscription list could not be read; records of this run may be left uncancelled.');
        metrics.subscriptionsLeft.add(1);
        return;
      }
      metrics.subscriptionsLeft.add(left.length);
      rt.recordFindings('subscriptions', [
        left.length === 0
          ? pass('none-left-open')
          : fail('none-left-open', 'every record of the run cancelled', `${left.length} still open after the sweep`),
      ]);
      if (left.length > 0)
        console.error(
          `subscriptions teardown: ${left.length} records of run ${data.runId} are still not cancelled (ids: ${left
            .map((r) => r.id)
            .slice(0, 10)
            .join(', ')}).`,
        );
    },
    handleSummary(data) {
      return summaryOutputs(config, data, [], port.engine);
    },
  };
}
