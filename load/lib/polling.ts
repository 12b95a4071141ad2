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

const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** The contract's request form YYYY-MM-DDTHH:MM:SSZ, floored to the second (never later than `ms`). */
export function toContractInstant(ms: number): string {
  const d = new Date(Math.floor(ms / 1000) * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`;
}

export interface PolledOffer {
  id: string | null;
  lastModifiedMs: number | null;
  /** dates.lastModifiedOn as the service wrote it. */
  lastModifiedText: string | null;
}

/** The id and lastModifiedOn of each offer in a list body; null when the body is not a list. */
export function readPolledOffers(body: unknown): PolledOffer[] | null {
  if (!Array.isArray(body)) return null;
  return body.map((item) => {
    const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const dates = (typeof o.dates === 'object' && o.dates !== null ? o.dates : {}) as Record<string, unknown>;
    const lastModifiedMs = parseTimestamp(dates.lastModifiedOn);
    return {
      id: typeof o.id === 'string' ? o.id : null,
      lastModifiedMs,
      lastModifiedText: lastModifiedMs === null ? null : (dates.lastModifiedOn as string),
    };
  });
}

/** What one polling client knows: the instant it asks from and the offers that must come back. */
export interface PollerState {
  instant: string;
  instantMs: number;
  expectedIds: string[];
}

/**
 * The state of a client asking from an offer's lastModifiedOn. A client polls with the value exactly as
 * the service wrote it (when it is UTC with Z), so the offers at that instant test the inclusive
 * boundary; otherwise (or with no offer) with the instant floored to the second in the contract's form.
 */
function stateAt(instantMs: number, instantText: string | null, offers: readonly PolledOffer[]): PollerState {
  const exact = instantText !== null && UTC_TIMESTAMP.test(instantText);
  const from = exact ? instantMs : Math.floor(instantMs / 1000) * 1000;
  const expectedIds: string[] = [];
  for (const o of offers) if (o.id !== null && o.lastModifiedMs !== null && o.lastModifiedMs >= from) expectedIds.push(o.id);
  return { instant: exact ? (instantText as string) : toContractInstant(from), instantMs: from, expectedIds };
}

/**
 * Starting points for `count` clients, spread over the lastModifiedOn values of the full offer list
 * (read once in setup), so polls return some offers and exclude others. With no dated offer, the
 * clients start from `nowMs` and expect nothing.
 */
export function pickSeeds(offers: readonly PolledOffer[], count: number, nowMs: number): PollerState[] {
  const dated = offers.filter((o) => o.lastModifiedMs !== null).sort((a, b) => (a.lastModifiedMs as number) - (b.lastModifiedMs as number));
  const seeds: PollerState[] = [];
  for (let i = 0; i < count; i++) {
    if (dated.length === 0) {
      seeds.push(stateAt(nowMs, null, offers));
      continue;
    }
    // Quantiles (i+1)/(count+1): never the very first value alone, so the filter has something to exclude.
    const at = dated[Math.min(dated.length - 1, Math.floor(((i + 1) * dated.length) / (count + 1)))];
    seeds.push(stateAt(at.lastModifiedMs as number, at.lastModifiedText, offers));
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
    return {
      findings: [fail('poll-is-list', 'a JSON list of offers', `a ${body === null ? 'null' : typeof body} body`)],
      next: state,
      returned: 0,
    };
  }
  const findings: Finding<PollingRule>[] = [pass('poll-is-list')];
  const undated = offers.filter((o) => o.lastModifiedMs === null);
  findings.push(
    undated.length === 0
      ? pass('poll-has-last-modified')
      : fail(
          'poll-has-last-modified',
          'an ISO 8601 dates.lastModifiedOn on every offer',
          `${undated.length} of ${offers.length} without one`,
        ),
  );

  const early = offers.filter((o) => o.lastModifiedMs !== null && o.lastModifiedMs < state.instantMs);
  findings.push(
    early.length === 0
      ? pass('poll-only-on-or-after')
      : fail(
          'poll-only-on-or-after',
          `only offers modified on or after ${state.instant}`,
          `${early.length} earlier (first: ${early[0].id ?? '(no id)'} at ${new Date(early[0].lastModifiedMs ?? 0).toISOString()})`,
        ),
  );

  const returnedIds: Record<string, true> = {};
  for (const o of offers) if (o.id !== null) returnedIds[o.id] = true;
  const missing = state.expectedIds.filter((id) => !returnedIds[id]);
  findings.push(
    missing.length === 0
      ? pass('poll-includes-on-or-after')
      : fail(
          'poll-includes-on-or-after',
          `the ${state.expectedIds.length} offers known to be modified on or after ${state.instant}`,
          `${missing.length} missing (first: ${missing[0]})`,
        ),
  );

  // The watermark moves to the latest lastModifiedOn returned; with nothing later, the client asks again from the same instant.
  let latest: PolledOffer | null = null;
  for (const o of offers) if (o.lastModifiedMs !== null && o.lastModifiedMs > (latest?.lastModifiedMs ?? state.instantMs)) latest = o;
  let next: PollerState;
  if (latest === null) {
    // Same instant: what was expected still is, with whatever qualifying offer came back besides.
    const again = stateAt(state.instantMs, state.instant, offers).expectedIds.filter((id) => state.expectedIds.indexOf(id) < 0);
    next = { ...state, expectedIds: state.expectedIds.concat(again) };
  } else {
    next = stateAt(latest.lastModifiedMs as number, latest.lastModifiedText, offers);
  }
  return { findings, next, returned: offers.length };
}
