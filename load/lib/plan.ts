/**
 * Open-model planning: arrival rates as k6 needs them (whole numbers per time unit) and VU
 * pre-allocation sized from rate and latency. Pure module.
 */
import { parseDurationMs } from './durations.ts';

export interface ArrivalRate {
  /** Whole iterations per `timeUnit` (k6 requires an integer). */
  rate: number;
  timeUnit: string;
}

/** k6 wants an integer rate, so a fractional rate per second is expressed per minute (or per hour). */
export function toArrivalRate(perSecond: number): ArrivalRate {
  if (!(perSecond > 0)) throw new Error(`arrival rate must be positive, got ${perSecond}`);
  if (Number.isInteger(perSecond)) return { rate: perSecond, timeUnit: '1s' };
  const perMinute = perSecond * 60;
  if (Math.abs(perMinute - Math.round(perMinute)) < 1e-9 || perMinute >= 60)
    return { rate: Math.max(1, Math.round(perMinute)), timeUnit: '1m' };
  return { rate: Math.max(1, Math.round(perSecond * 3600)), timeUnit: '1h' };
}

/** Iterations per second that an ArrivalRate really starts. */
export function perSecond(rate: ArrivalRate): number {
  const unitMs = parseDurationMs(rate.timeUnit);
  if (unitMs === null || unitMs <= 0) throw new Error(`bad timeUnit ${rate.timeUnit}`);
  return (rate.rate * 1000) / unitMs;
}

export interface VuSizing {
  preAllocatedVUs: number;
  /** Equal to preAllocatedVUs: k6 advises against allocating VUs mid-test (it skews results). */
  maxVUs: number;
}

/**
 * preAllocatedVUs = iterations/s x iteration time x 2 (headroom for latency spikes) + 2, where the
 * iteration time is requests per iteration x expected latency. Too few VUs show up as
 * dropped_iterations, which marks the run invalid rather than passing it.
 */
export function sizeVUs(
  iterationsPerSecond: number,
  requestsPerIteration: number,
  expectedLatencyMs: number,
  extraIterationMs = 0,
): VuSizing {
  const iterationSeconds = (requestsPerIteration * expectedLatencyMs + extraIterationMs) / 1000;
  const vus = Math.ceil(iterationsPerSecond * iterationSeconds * 2) + 2;
  return { preAllocatedVUs: vus, maxVUs: vus };
}
