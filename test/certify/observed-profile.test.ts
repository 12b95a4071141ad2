// The observed profile and drift: what the target did (probes, run observations) becomes a valid
// target profile; against a pinned profile, each item that differs is drift showing both values, and
// an item nobody observed is never drift.
import { expect, test } from '@playwright/test';
import { parseProfile, type TargetProfile } from '../../src/config/target-profile.ts';
import {
  compareWithPinned,
  extraFields,
  itemsFromRun,
  mergeItems,
  observedProfile,
  retryAfterText,
  valuesBeyondSeen,
  type ItemObservation,
  type ItemValue,
  type RunObservation,
} from '../../src/certify/observed-profile.ts';

const REFERENCE: TargetProfile = {
  name: 'reference',
  cancel: { method: 'POST', path: '/subscription/{subscriptionId}/cancel' },
  health: { method: 'GET', path: '/health' },
  status: {
    create: [201],
    missingCredentials: [401],
    wrongCredentials: [401],
    unknownId: [404],
    cancelNotCancellable: [409],
    rateLimited: [429],
  },
  maxLimit: 100,
};

const obs = (key: string, value: unknown, message = `${key}: ${String(value)}`, clause = 'ERR-STATUS-CODES'): RunObservation => ({
  clause,
  key,
  message,
  value,
});

const discovery = (entries: Array<[string, ItemValue]>) => {
  const map = new Map<string, ItemObservation[]>();
  for (const [item, value] of entries) map.set(item, [...(map.get(item) ?? []), { source: 'discovery', value }]);
  return map;
};

test('run observations become profile items: status keys exactly, not per-operation status observations', () => {
  const items = itemsFromRun([
    obs('status.create', 201),
    obs('status.subscription.create.201', 201),
    obs('status.unknownId', 404),
    obs('status.unknownId', 400),
    obs('maxLimit', 100),
    obs('maxLimit.atLeast.offers', 36),
  ]);
  expect(items.get('status.create')?.[0].value).toEqual({ kind: 'status', codes: [201] });
  expect(items.get('status.unknownId')?.[0].value).toEqual({ kind: 'status', codes: [400, 404] });
  expect(items.get('maxLimit')?.[0].value).toEqual({ kind: 'maxLimit', exact: 100, atLeast: 36 });
  expect(items.has('status.subscription.create.201')).toBe(false);
});

test('routes come from the run too: the cancel status and the health observation', () => {
  const items = itemsFromRun([
    obs('status.cancel', 200, 'POST /subscription/{subscriptionId}/cancel: 200', 'SUB-CANCEL-ROUTE'),
    obs('health.route', 'GET /health', 'GET /health answered 200', 'HEALTH-ROUTE'),
  ]);
  expect(items.get('cancel')?.[0].value).toEqual({ kind: 'route', route: REFERENCE.cancel, statuses: [200] });
  expect(items.get('health')?.[0].value).toEqual({ kind: 'route', route: REFERENCE.health, statuses: [200] });
});

test('a 429 in the request log is a rate-limit status; Retry-After values come from what was seen', () => {
  const items = mergeItems(itemsFromRun([obs('rateLimit.retryAfter', '1', '429 reached the test', 'LIMIT-RATE')], [200, 429, 200]));
  expect(items.find((i) => i.spec.item === 'status.rateLimited')?.value).toEqual({ kind: 'status', codes: [429] });
  expect(retryAfterText(items)).toBe('seen on 429: "1"');
  expect(retryAfterText(mergeItems())).toMatch(/^not observed/);
});

test('429s the client retried count too: their status and their Retry-After', () => {
  const items = mergeItems(itemsFromRun([], [200, 429, 429, 200], ['2', null]));
  expect(items.find((i) => i.spec.item === 'status.rateLimited')?.value).toEqual({ kind: 'status', codes: [429] });
  expect(retryAfterText(items)).toMatch(/"2"/);
  expect(retryAfterText(items)).toMatch(/absent|without/i);
});

test('the observed profile is a valid target profile, with only what was observed', () => {
  const items = mergeItems(
    discovery([
      ['status.create', { kind: 'status', codes: [201] }],
      ['cancel', { kind: 'route', route: REFERENCE.cancel!, statuses: [200] }],
      ['health', { kind: 'route', route: { method: 'GET', path: '/healthz' }, statuses: [404] }],
      ['maxLimit', { kind: 'maxLimit', exact: null, atLeast: 36 }],
    ]),
    itemsFromRun([obs('status.missingCredentials', 401)]),
  );
  const profile = observedProfile(items, 'observed: test');
  expect(() => parseProfile(profile, 'observed')).not.toThrow();
  expect(profile).toEqual({
    name: 'observed: test',
    cancel: REFERENCE.cancel,
    health: null,
    status: { create: [201], missingCredentials: [401] },
    maxLimit: null,
  });
});

/** Drift cases as data: what was observed for one item, what the pinned profile says, whether it drifts. */
const DRIFT_CASES: Array<{
  description: string;
  item: string;
  value: ItemValue | null;
  pinned: TargetProfile;
  drift: { pinned: string; observed: string } | null;
}> = [
  {
    description: 'create answers 201, pinned 200',
    item: 'status.create',
    value: { kind: 'status', codes: [201] },
    pinned: { ...REFERENCE, status: { ...REFERENCE.status, create: [200] } },
    drift: { pinned: '200', observed: '201' },
  },
  {
    description: 'create answers 201, pinned 201',
    item: 'status.create',
    value: { kind: 'status', codes: [201] },
    pinned: REFERENCE,
    drift: null,
  },
  {
    description: 'create answers 201, pinned the class 2xx',
    item: 'status.create',
    value: { kind: 'status', codes: [201] },
    pinned: { status: { create: ['2xx'] } },
    drift: null,
  },
  {
    description: 'unknown ids answer 400 and 404, pinned 404',
    item: 'status.unknownId',
    value: { kind: 'status', codes: [400, 404] },
    pinned: REFERENCE,
    drift: { pinned: '404', observed: '400, 404' },
  },
  {
    description: 'missing credentials answer 403, pinned 401',
    item: 'status.missingCredentials',
    value: { kind: 'status', codes: [403] },
    pinned: REFERENCE,
    drift: { pinned: '401', observed: '403' },
  },
  {
    description: 'the status is not pinned',
    item: 'status.cancel',
    value: { kind: 'status', codes: [204] },
    pinned: REFERENCE,
    drift: null,
  },
  { description: 'the item was not observed', item: 'status.cancelNotCancellable', value: null, pinned: REFERENCE, drift: null },
  {
    description: 'the pinned cancel route answers 404',
    item: 'cancel',
    value: { kind: 'route', route: REFERENCE.cancel!, statuses: [404] },
    pinned: REFERENCE,
    drift: { pinned: 'POST /subscription/{subscriptionId}/cancel', observed: 'POST /subscription/{subscriptionId}/cancel (answered 404)' },
  },
  {
    description: 'the health route answers only with credentials (it exists)',
    item: 'health',
    value: { kind: 'route', route: REFERENCE.health!, statuses: [200, 401] },
    pinned: REFERENCE,
    drift: null,
  },
  {
    description: 'pages are capped at 50, pinned 100',
    item: 'maxLimit',
    value: { kind: 'maxLimit', exact: 50, atLeast: null },
    pinned: REFERENCE,
    drift: { pinned: '100', observed: '50' },
  },
  {
    description: 'one page held 120 entries, pinned 100',
    item: 'maxLimit',
    value: { kind: 'maxLimit', exact: null, atLeast: 120 },
    pinned: REFERENCE,
    drift: { pinned: '100', observed: 'at least 120' },
  },
  {
    description: 'every list fit in one page of 36, pinned 100',
    item: 'maxLimit',
    value: { kind: 'maxLimit', exact: null, atLeast: 36 },
    pinned: REFERENCE,
    drift: null,
  },
];

for (const c of DRIFT_CASES) {
  test(`drift: ${c.description} -> ${c.drift ? 'drift' : 'no drift'}`, () => {
    const items = mergeItems(discovery(c.value ? [[c.item, c.value]] : []));
    const { rows, drift } = compareWithPinned(items, c.pinned);
    const row = rows.find((r) => r.item === c.item)!;
    if (c.drift) {
      expect(drift).toEqual([expect.objectContaining({ item: c.item, pinned: c.drift.pinned, observed: c.drift.observed })]);
      expect(row.drift).toBe(true);
      expect(drift[0].message).toContain(c.drift.pinned);
    } else {
      expect(drift).toEqual([]);
      expect(row.drift).toBe(false);
    }
  });
}

test('issue 29, item 4: a redirect is never an outcome in the observed profile; its row and its drift say it was a redirect', () => {
  const items = mergeItems(
    discovery([['status.unknownId', { kind: 'status', codes: [307, 404] }]]),
    itemsFromRun([obs('status.missingCredentials', 302)]),
  );
  const profile = observedProfile(items, 'observed');
  expect(profile.status).toEqual({ unknownId: [404] });
  expect(parseProfile(profile, 'observed')).toEqual(profile);
  const { rows } = compareWithPinned(items, null);
  expect(rows.find((r) => r.item === 'status.unknownId')).toMatchObject({
    observed: '307, 404',
    note: '307: a redirect, not followed (credentials withheld); never an outcome of the contract, so not in observed-profile.json',
  });
  expect(rows.find((r) => r.item === 'status.missingCredentials')?.note).toMatch(/^302: a redirect/);
  const { drift } = compareWithPinned(items, REFERENCE);
  expect(drift.map((d) => d.message)).toEqual([
    'Status without credentials: the pinned profile says 401, the target answered 302 (a redirect, not followed)',
    'Status for an unknown id: the pinned profile says 404, the target answered 307 (a redirect, not followed)',
  ]);
});

test('without a pinned profile nothing is drift and the pinned column is empty', () => {
  const { rows, drift } = compareWithPinned(mergeItems(discovery([['status.create', { kind: 'status', codes: [200] }]])), null);
  expect(drift).toEqual([]);
  expect(rows.every((r) => r.pinned === null)).toBe(true);
});

test('values beyond those seen and undocumented fields are read from their observation keys', () => {
  const observations = [
    obs('values.offer/details/type.spac', 'spac', '/details/type = "spac"', 'OFFER-VALUES-SEEN'),
    obs('values.offer/details/type.spac', 'spac', 'again', 'OFFER-VALUES-SEEN'),
    obs('extraField.offer.list./*/details/rating', '/*/details/rating', 'offer.list carries undocumented field', 'GEN-EXTRA-FIELDS'),
  ];
  expect(valuesBeyondSeen(observations)).toEqual([{ clause: 'OFFER-VALUES-SEEN', field: 'offer/details/type', value: 'spac' }]);
  expect(extraFields(observations)).toEqual([{ operation: 'offer.list', field: '/*/details/rating' }]);
});
