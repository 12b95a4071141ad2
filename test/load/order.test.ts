// Names in reports are ordered the same under k6 and Node (issue 51, item 5): k6's runtime has no Intl, so
// localeCompare's numeric option is ignored there; load/lib/order.ts compares by code units and digit runs by value.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildLoadReport, renderJUnit } from '../../load/lib/report.ts';
import { compareCodeUnits, compareNames } from '../../load/lib/order.ts';
import { normaliseK6Summary } from '../../load/lib/summary.ts';
import { config, counter, k6Summary } from './fixtures.ts';

const ROOT = join(import.meta.dirname, '..', '..');

// Cases as data: a list in the order wanted, and the same list shuffled.
const ORDERS: ReadonlyArray<{ title: string; sorted: string[] }> = [
  { title: 'target rates by value', sorted: ['target_rps:2', 'target_rps:10', 'target_rps:20', 'target_rps:100'] },
  { title: 'digits beyond a Number', sorted: ['n:9', 'n:99999999999999999999', 'n:100000000000000000000'] },
  { title: 'leading zeros after the shorter spelling', sorted: ['p:2', 'p:02', 'p:3'] },
  { title: 'letters by code unit, upper case first', sorted: ['Zeta', 'alpha', 'beta'] },
  { title: 'a prefix first', sorted: ['http_req_duration', 'http_req_duration{name:GET /offer}', 'http_req_failed'] },
];

for (const c of ORDERS)
  test(`compareNames: ${c.title}`, () => {
    expect([...c.sorted].reverse().sort(compareNames)).toEqual(c.sorted);
    expect([...c.sorted].sort(compareNames)).toEqual(c.sorted);
  });

test('compareCodeUnits is the default sort order', () => {
  const names = ['b', 'B', 'a10', 'a2', 'é', 'e'];
  expect([...names].sort(compareCodeUnits)).toEqual([...names].sort());
});

test('the report and its JUnit file list target_rps:2 before target_rps:10, whatever order k6 gave them in', () => {
  const data = k6Summary({
    'rate_probe_429{target_rps:10}': counter(0, 10, { 'count<5': { ok: true } }),
    'rate_probe_429{target_rps:2}': counter(0, 10, { 'count<3': { ok: true } }),
  });
  const report = buildLoadReport(config('rate-probe'), normaliseK6Summary(data), data, {
    engine: 'k6',
    runId: 'order',
    k6Version: null,
    generatedAt: '2026-11-29T00:00:00Z',
    startedAt: null,
  });
  const probe = report.thresholds.map((t) => t.metric).filter((m) => m.startsWith('rate_probe_429'));
  expect(probe).toEqual(['rate_probe_429{target_rps:2}', 'rate_probe_429{target_rps:10}']);
  const junit = renderJUnit(report);
  expect(junit.indexOf('target_rps:2}')).toBeGreaterThan(-1);
  expect(junit.indexOf('target_rps:2}')).toBeLessThan(junit.indexOf('target_rps:10}'));
});

test("no localeCompare in the load scripts, their helpers or the report writers (k6 ignores its locale options; a certification's files must not depend on the machine's locale either)", () => {
  const folders = ['load/lib', 'load/flows', 'load', 'src/report', 'src/k6', 'src/certify'];
  const found = folders.flatMap((folder) =>
    readdirSync(join(ROOT, folder))
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => readFileSync(join(ROOT, folder, f), 'utf8').includes('localeCompare('))
      .map((f) => `${folder}/${f}`),
  );
  expect(found).toEqual([]);
});
