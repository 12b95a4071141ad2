/**
 * The modifiedAfter polling pattern, as the contract recommends it for new offers: each client
 * keeps a watermark (the latest dates.lastModifiedOn it has seen) and asks for offers modified on or
 * after it. Each poll is checked: only offers modified on or after the instant, and every offer
 * known to qualify is there (the boundary is inclusive, so the offers at the watermark come back).
 * Pure module.
 */
import { type Finding, type PollingRule, fail, pass } from './rules.ts';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of an ISO 8601 timestamp with a zone; null otherwise. */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_TIMESTAMP.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** The contract's request form YYYY-MM-DDTHH:MM:SSZ, floored to the second (never later than `ms`). */
export function toContractInstant(ms: number): string {
  const d = new Date(Math.floor(ms / 1000) * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`;
}

export interface PolledOffer {
  id: string | null;
  lastModifiedMs: number | null;
}

/** The id and lastModifiedOn of each offer in a list body; null when the body is not a list. */
export function readPolledOffers(body: unknown): PolledOffer[] | null {
  if (!Array.isArray(body)) return null;
  return body.map((item) => {
    const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const dates = (typeof o.dates === 'object' && o.dates !== null ? o.dates : {}) as Record<string, unknown>;
    return { id: typeof o.id === 'string' ? o.id : null, lastModifiedMs: parseTimestamp(dates.lastModifiedOn) };
  });
}

/** What one polling client knows: the instant it asks from and the offers that must come back. */
export interface PollerState {
  instant: string;
  instantMs: number;
  expectedIds: string[];
}

function stateAt(instantMs: number, offers: readonly PolledOffer[]): PollerState {
  const floor = Math.floor(instantMs / 1000) * 1000;
  const expectedIds: string[] = [];
  for (const o of offers) if (o.id !== null && o.lastModifiedMs !== null && o.lastModifiedMs >= floor) expectedIds.push(o.id);
  return { instant: toContractInstant(floor), instantMs: floor, expectedIds };
}

/**
 * Starting points for `count` clients, spread over the lastModifiedOn values of the full offer list
 * (read once in setup), so polls return some offers and exclude others. With no dated offer, the
 * clients start from `nowMs` and expect nothing.
 */
export function pickSeeds(offers: readonly PolledOffer[], count: number, nowMs: number): PollerState[] {
  const times = offers.map((o) => o.lastModifiedMs).filter((t): t is number => t !== null).sort((a, b) => a - b);
  const seeds: PollerState[] = [];
  for (let i = 0; i < count; i++) {
    if (times.length === 0) {
      seeds.push(stateAt(nowMs, offers));
      continue;
    }
    // Quantiles (i+1)/(count+1): never the very first value alone, so the filter has something to exclude.
    const index = Math.min(times.length - 1, Math.floor(((i + 1) * times.length) / (count + 1)));
    seeds.push(stateAt(times[index], offers));
  }
  return seeds;
}

export interface PollOutcome {
  findings: Finding<PollingRule>[];
  next: PollerState;
  returned: number;
}

/** Checks one poll made with modifiedAfter = state.instant and moves the watermark on. */
export function checkPoll(state: PollerState, body: unknown): PollOutcome {
  const offers = readPolledOffers(body);
  if (offers === null) {
    return { findings: [fail('poll-is-list', 'a JSON list of offers', `a ${body === null ? 'null' : typeof body} body`)], next: state, returned: 0 };
  }
  const findings: Finding<PollingRule>[] = [pass('poll-is-list')];
  const undated = offers.filter((o) => o.lastModifiedMs === null);
  findings.push(undated.length === 0 ? pass('poll-has-last-modified') : fail('poll-has-last-modified', 'an ISO 8601 dates.lastModifiedOn on every offer', `${undated.length} of ${offers.length} without one`));

  const early = offers.filter((o) => o.lastModifiedMs !== null && o.lastModifiedMs < state.instantMs);
  findings.push(
    early.length === 0
      ? pass('poll-only-on-or-after')
      : fail('poll-only-on-or-after', `only offers modified on or after ${state.instant}`, `${early.length} earlier (first: ${early[0].id ?? '(no id)'} at ${new Date(early[0].lastModifiedMs ?? 0).toISOString()})`),
  );

  const returnedIds: Record<string, true> = {};
  for (const o of offers) if (o.id !== null) returnedIds[o.id] = true;
  const missing = state.expectedIds.filter((id) => !returnedIds[id]);
  findings.push(
    missing.length === 0 ? pass('poll-includes-on-or-after') : fail('poll-includes-on-or-after', `the ${state.expectedIds.length} offers known to be modified on or after ${state.instant}`, `${missing.length} missing (first: ${missing[0]})`),
  );

  let watermark = state.instantMs;
  for (const o of offers) if (o.lastModifiedMs !== null && o.lastModifiedMs > watermark) watermark = o.lastModifiedMs;
  return { findings, next: stateAt(watermark, offers), returned: offers.length };
}
