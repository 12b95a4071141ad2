/**
 * From what the target did (discovery probes and the conformance run's observations) to an observed
 * profile in the target-profile format, and item by item against a pinned profile: drift. Pure module.
 *
 * Observed values are facts, never guesses: an item nobody observed stays out of the observed profile
 * (the widest reading then applies) and is never drift.
 */
import { compareCodeUnits } from '../../load/lib/order.ts';
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import { describeExpectation, statusMatches, type RouteSpec, type StatusKey, type TargetProfile } from '../config/target-profile.ts';
import type { DriftRow, ProfileItemRow } from './report/report-model.ts';

/** A line of observations.jsonl (src/harness/fixtures.ts writes them). */
export interface RunObservation {
  test?: string;
  clause: string;
  key: string;
  message: string;
  value?: unknown;
}

/** What one probe or one run saw for one item. */
export type ItemValue =
  | { kind: 'status'; codes: number[] }
  | { kind: 'route'; route: RouteSpec; statuses: number[] }
  | { kind: 'maxLimit'; exact: number | null; atLeast: number | null }
  | { kind: 'retryAfter'; values: Array<string | null> };

type ItemKind = ItemValue['kind'];

interface ItemSpec<K extends ItemKind = ItemKind> {
  item: string;
  label: string;
  clause: ClauseId;
  kind: K;
  statusKey?: StatusKey;
  route?: 'cancel' | 'health';
}

/** The contract's "not shown" items a certification reports, one row each. */
export const PROFILE_ITEMS: readonly ItemSpec[] = [
  { item: 'status.create', label: 'Create: success status code', clause: 'SUB-CREATE-STATUS-CODE', kind: 'status', statusKey: 'create' },
  {
    item: 'status.missingCredentials',
    label: 'Status without credentials',
    clause: 'AUTH-FAILURE-STATUS',
    kind: 'status',
    statusKey: 'missingCredentials',
  },
  {
    item: 'status.wrongCredentials',
    label: 'Status with wrong credentials',
    clause: 'AUTH-FAILURE-STATUS',
    kind: 'status',
    statusKey: 'wrongCredentials',
  },
  { item: 'status.unknownId', label: 'Status for an unknown id', clause: 'ERR-STATUS-CODES', kind: 'status', statusKey: 'unknownId' },
  { item: 'cancel', label: 'Cancel: method and path', clause: 'SUB-CANCEL-ROUTE', kind: 'route', route: 'cancel' },
  { item: 'status.cancel', label: 'Cancel: success status code', clause: 'SUB-CANCEL-ROUTE', kind: 'status', statusKey: 'cancel' },
  {
    item: 'status.cancelNotCancellable',
    label: 'Cancel of a cancelled record',
    clause: 'SUB-CANCEL-REPEAT',
    kind: 'status',
    statusKey: 'cancelNotCancellable',
  },
  { item: 'health', label: 'Health check: method and path', clause: 'HEALTH-ROUTE', kind: 'route', route: 'health' },
  { item: 'maxLimit', label: 'Maximum page size', clause: 'PAGE-MAX-LIMIT-VALUE', kind: 'maxLimit' },
  { item: 'status.rateLimited', label: 'Status when rate limited', clause: 'LIMIT-RATE', kind: 'status', statusKey: 'rateLimited' },
  { item: 'retryAfter', label: 'Retry-After on 429', clause: 'LIMIT-RATE', kind: 'retryAfter' },
];

export type Source = 'discovery' | 'run';

export interface ItemObservation {
  source: Source;
  value: ItemValue;
}

const is2xx = (status: number) => status >= 200 && status < 300;
/** A redirect is never an outcome of the contract: the suite does not follow it (issue 29, item 4). */
const is3xx = (status: number) => status >= 300 && status < 400;
const uniqueSorted = (codes: number[]) => [...new Set(codes)].sort((a, b) => a - b);
const routeText = (r: RouteSpec) => `${r.method} ${r.path}`;

function parseRoute(text: unknown): RouteSpec | null {
  const m = typeof text === 'string' ? /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(text) : null;
  return m ? { method: m[1] as RouteSpec['method'], path: m[2].replace(/\?.*$/, '') } : null;
}

/**
 * The items the conformance run observed, by item. `requestStatuses` are the statuses of every answer
 * of the run (requests.jsonl, retried ones included): a 429 there is a rate-limit answer. The
 * Retry-After of each 429 the client retried is in `retriedRetryAfter`.
 */
export function itemsFromRun(
  observations: readonly RunObservation[],
  requestStatuses: readonly number[] = [],
  retriedRetryAfter: readonly (string | null)[] = [],
): Map<string, ItemObservation[]> {
  const out = new Map<string, ItemObservation[]>();
  const add = (item: string, value: ItemValue) => out.set(item, [...(out.get(item) ?? []), { source: 'run', value }]);
  for (const spec of PROFILE_ITEMS) {
    if (spec.kind === 'status') {
      const codes = observations
        .filter((o) => o.key === `status.${spec.statusKey}` && typeof o.value === 'number')
        .map((o) => o.value as number);
      if (spec.statusKey === 'rateLimited') codes.push(...requestStatuses.filter((s) => s === 429));
      if (codes.length) add(spec.item, { kind: 'status', codes: uniqueSorted(codes) });
    }
  }
  const exact = observations.filter((o) => o.key === 'maxLimit' && typeof o.value === 'number').map((o) => o.value as number);
  const atLeast = observations
    .filter((o) => o.key.startsWith('maxLimit.atLeast.') && typeof o.value === 'number')
    .map((o) => o.value as number);
  if (exact.length || atLeast.length)
    add('maxLimit', {
      kind: 'maxLimit',
      exact: exact.length ? Math.min(...exact) : null,
      atLeast: atLeast.length ? Math.max(...atLeast) : null,
    });
  const retryAfter = observations
    .filter((o) => o.key === 'rateLimit.retryAfter')
    .map((o) => (o.value === null || o.value === undefined ? null : String(o.value)));
  retryAfter.push(...retriedRetryAfter);
  if (retryAfter.length) add('retryAfter', { kind: 'retryAfter', values: retryAfter });
  for (const o of observations.filter((x) => x.key === 'health.route')) {
    const route = parseRoute(o.value);
    const status = /answered (\d{3})/.exec(o.message)?.[1];
    if (route && status) add('health', { kind: 'route', route, statuses: [Number(status)] });
  }
  const cancelCodes = observations.filter((o) => o.key === 'status.cancel' && typeof o.value === 'number').map((o) => o.value as number);
  const cancelRoute = parseRoute(observations.find((o) => o.key === 'status.cancel')?.message.replace(/: \d{3}$/, ''));
  if (cancelRoute && cancelCodes.length) add('cancel', { kind: 'route', route: cancelRoute, statuses: uniqueSorted(cancelCodes) });
  return out;
}

/** One value per item, merged over every source that observed it. */
export interface MergedItem {
  spec: ItemSpec;
  value: ItemValue | null;
  sources: Source[];
}

function mergeValues(kind: ItemKind, values: ItemValue[]): ItemValue | null {
  if (values.length === 0) return null;
  switch (kind) {
    case 'status':
      return { kind, codes: uniqueSorted(values.flatMap((v) => (v.kind === 'status' ? v.codes : []))) };
    case 'route': {
      const routes = values.filter((v): v is Extract<ItemValue, { kind: 'route' }> => v.kind === 'route');
      // A route that worked anywhere wins; otherwise the one that was tried.
      const chosen = routes.find((r) => r.statuses.some(is2xx)) ?? routes[0];
      const same = routes.filter((r) => routeText(r.route) === routeText(chosen.route));
      return { kind, route: chosen.route, statuses: uniqueSorted(same.flatMap((r) => r.statuses)) };
    }
    case 'maxLimit': {
      const m = values.filter((v): v is Extract<ItemValue, { kind: 'maxLimit' }> => v.kind === 'maxLimit');
      const exact = m.map((v) => v.exact).filter((v): v is number => v !== null);
      const atLeast = m.map((v) => v.atLeast).filter((v): v is number => v !== null);
      return { kind, exact: exact.length ? Math.min(...exact) : null, atLeast: atLeast.length ? Math.max(...atLeast) : null };
    }
    case 'retryAfter':
      return { kind, values: [...new Set(values.flatMap((v) => (v.kind === 'retryAfter' ? v.values : [])))] };
  }
}

export function mergeItems(...sources: Array<Map<string, ItemObservation[]>>): MergedItem[] {
  return PROFILE_ITEMS.map((spec) => {
    const seen = sources.flatMap((s) => s.get(spec.item) ?? []);
    return {
      spec,
      value: mergeValues(
        spec.kind,
        seen.map((s) => s.value),
      ),
      sources: [...new Set(seen.map((s) => s.source))],
    };
  });
}

/** The observed profile: usable as a pinned API_PROFILE for later runs. */
export function observedProfile(items: readonly MergedItem[], name: string): TargetProfile {
  const profile: TargetProfile = { name, cancel: null, health: null, status: {}, maxLimit: null };
  for (const { spec, value } of items) {
    if (!value) continue;
    // A redirect stays out: a profile pinned from this one would otherwise accept a redirect as the answer.
    const codes = value.kind === 'status' ? value.codes.filter((c) => !is3xx(c)) : [];
    if (value.kind === 'status' && spec.statusKey && codes.length) profile.status![spec.statusKey] = codes;
    if (value.kind === 'route' && spec.route && value.statuses.some(is2xx)) profile[spec.route] = value.route;
    if (value.kind === 'maxLimit' && value.exact !== null) profile.maxLimit = value.exact;
  }
  return profile;
}

export function describeValue(value: ItemValue | null): string {
  if (!value) return 'not observed';
  switch (value.kind) {
    case 'status':
      return value.codes.join(', ');
    case 'route':
      return `${routeText(value.route)} (answered ${value.statuses.join(', ')})`;
    case 'maxLimit':
      return value.exact !== null ? String(value.exact) : `not determinable: every list fit in one page (at least ${value.atLeast})`;
    case 'retryAfter':
      return value.values.map((v) => (v === null ? 'absent' : `"${v}"`)).join(', ');
  }
}

function pinnedOf(spec: ItemSpec, pinned: TargetProfile): string {
  if (spec.kind === 'status') {
    const e = pinned.status?.[spec.statusKey!];
    return e ? describeExpectation(e) : 'not pinned';
  }
  if (spec.kind === 'route') {
    const r = pinned[spec.route!];
    return r ? routeText(r) : 'not pinned';
  }
  if (spec.kind === 'maxLimit') return typeof pinned.maxLimit === 'number' ? String(pinned.maxLimit) : 'not pinned';
  return 'not part of a profile';
}

/** A difference between the pinned profile and what the target did, or null. */
function driftOf(spec: ItemSpec, value: ItemValue | null, pinned: TargetProfile): DriftRow | null {
  if (!value) return null;
  const row = (observed: string, message: string): DriftRow => ({
    item: spec.item,
    clause: spec.clause,
    pinned: pinnedOf(spec, pinned),
    observed,
    message: `${spec.label}: ${message}`,
  });
  if (value.kind === 'status') {
    const expected = pinned.status?.[spec.statusKey!];
    if (!expected) return null;
    const off = value.codes.filter((c) => !statusMatches(expected, c));
    return off.length
      ? row(
          value.codes.join(', '),
          `the pinned profile says ${describeExpectation(expected)}, the target answered ${off.map((c) => (is3xx(c) ? `${c} (a redirect, not followed)` : c)).join(', ')}`,
        )
      : null;
  }
  if (value.kind === 'route') {
    const route = pinned[spec.route!];
    if (!route || routeText(route) !== routeText(value.route) || value.statuses.some(is2xx)) return null;
    return row(describeValue(value), `the pinned route ${routeText(route)} no longer works (answered ${value.statuses.join(', ')})`);
  }
  if (value.kind === 'maxLimit') {
    const max = pinned.maxLimit;
    if (typeof max !== 'number') return null;
    if (value.exact !== null && value.exact !== max)
      return row(String(value.exact), `the pinned profile says ${max}, the target capped pages at ${value.exact}`);
    if (value.exact === null && value.atLeast !== null && value.atLeast > max)
      return row(`at least ${value.atLeast}`, `the pinned profile says ${max}, the target returned ${value.atLeast} entries in one page`);
  }
  return null;
}

const SOURCE_TEXT: Record<string, string> = {
  discovery: 'discovery probe',
  run: 'conformance run',
  'discovery,run': 'discovery probe and conformance run',
};

/** Why a status the target answered is not in observed-profile.json: it was a redirect. */
function redirectsNote(value: ItemValue | null): string | null {
  const codes = value?.kind === 'status' ? value.codes : value?.kind === 'route' ? value.statuses : [];
  const redirects = codes.filter(is3xx);
  return redirects.length
    ? `${redirects.join(', ')}: a redirect, not followed (credentials withheld); never an outcome of the contract, so not in observed-profile.json`
    : null;
}

/** One row per item, and the drift, against the pinned profile (null: nothing pinned, no drift). */
export function compareWithPinned(
  items: readonly MergedItem[],
  pinned: TargetProfile | null,
  notes: ReadonlyMap<string, string> = new Map(),
): { rows: ProfileItemRow[]; drift: DriftRow[] } {
  const drift: DriftRow[] = [];
  const rows = items.map(({ spec, value, sources }): ProfileItemRow => {
    const d = pinned ? driftOf(spec, value, pinned) : null;
    if (d) drift.push(d);
    return {
      item: spec.item,
      label: spec.label,
      clause: spec.clause,
      observed: describeValue(value),
      pinned: pinned ? pinnedOf(spec, pinned) : null,
      source: SOURCE_TEXT[[...sources].sort().join(',')] ?? 'not observed',
      drift: d !== null,
      note: d?.message ?? notes.get(spec.item) ?? redirectsNote(value),
    };
  });
  return { rows, drift };
}

/** Values of "values seen" fields beyond those the contract lists (observation keys `values.*`). */
export function valuesBeyondSeen(observations: readonly RunObservation[]): Array<{ clause: string; field: string; value: string }> {
  const out = new Map<string, { clause: string; field: string; value: string }>();
  for (const o of observations) {
    if (!o.key.startsWith('values.') || o.value === undefined) continue;
    const value = String(o.value);
    const field = o.key.slice('values.'.length, o.key.length - value.length - 1);
    out.set(o.key, { clause: o.clause, field, value });
  }
  return [...out.values()].sort((a, b) => compareCodeUnits(a.field + a.value, b.field + b.value));
}

/** Fields the contract does not list (observation keys `extraField.<operation>.<field>`). */
export function extraFields(observations: readonly RunObservation[]): Array<{ operation: string; field: string }> {
  const out = new Map<string, { operation: string; field: string }>();
  for (const o of observations) {
    if (!o.key.startsWith('extraField.') || typeof o.value !== 'string') continue;
    const operation = o.key.slice('extraField.'.length, o.key.length - o.value.length - 1);
    out.set(o.key, { operation, field: o.value });
  }
  return [...out.values()].sort((a, b) => compareCodeUnits(a.operation + a.field, b.operation + b.field));
}

/** Retry-After as the report states it: the values seen on 429s, or "not observed". */
export function retryAfterText(items: readonly MergedItem[]): string {
  const v = items.find((i) => i.spec.item === 'retryAfter')?.value;
  return v && v.kind === 'retryAfter' && v.values.length
    ? `seen on 429: ${describeValue(v)}`
    : 'not observed (no 429 reached the suite; the certification does not probe rate limits)';
}
