/**
 * k6 glue: the custom metrics, created once per VU at init (k6 requires metrics to exist before
 * thresholds name them). Names and types come from names.ts.
 */
import { Counter, Rate, Trend } from 'k6/metrics';
import { METRIC } from './names.ts';

export const rateLimited = new Rate(METRIC.rateLimited);
export const retryAfterPresent = new Rate(METRIC.retryAfterPresent);
export const retryAfterSeconds = new Trend(METRIC.retryAfterSeconds);
export const rateLimitJsonBody = new Rate(METRIC.rateLimitJsonBody);
export const redirectsRefused = new Counter(METRIC.redirectsRefused);
export const contractViolations = new Counter(METRIC.contractViolations);
export const walksCompleted = new Counter(METRIC.walksCompleted);
export const walksListChanged = new Counter(METRIC.walksListChanged);
export const pollsChecked = new Counter(METRIC.pollsChecked);
export const subscriptionsCreated = new Counter(METRIC.subscriptionsCreated);
export const subscriptionsCancelled = new Counter(METRIC.subscriptionsCancelled);
export const cancelRefused = new Counter(METRIC.cancelRefused);
export const offersClosed = new Counter(METRIC.offersClosed);
export const setupCreates = new Counter(METRIC.setupCreates);
export const writeBudgetSkipped = new Counter(METRIC.writeBudgetSkipped);
export const subscriptionsSwept = new Counter(METRIC.subscriptionsSwept);
export const subscriptionsLeft = new Counter(METRIC.subscriptionsLeft);
export const probe429 = new Counter(METRIC.probe429);
export const probeLimitedShare = new Rate(METRIC.probeLimitedShare);
export const probeRecovered = new Rate(METRIC.probeRecovered);
export const probeRecoveryMs = new Trend(METRIC.probeRecoveryMs, true);
