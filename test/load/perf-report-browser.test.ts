// reports/perf-regression.html as a reader sees it, in Debian's chromium: it loads from disk with no
// console error and no request beyond the file, the status and the charts are visible, and the
// regressed rows stand out; at 1280 px and 390 px it never scrolls sideways (screenshots of both).
// Fabricated runs: a 20% p95 regression of one endpoint.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { watchedPage } from '../chromium.ts';
import { horizontalOverflow, SCREENSHOTS, useChromium, WIDTHS } from '../browser.ts';
import { type ComparableRun, compareRuns } from '../../load/lib/compare.ts';
import { comparableRun } from './fixtures.ts';
import { renderHtml } from '../../src/report/perf-regression-render.ts';

/** Two endpoints; the first one's p95 is `endpointP95`. */
function run(endpointP95: number): ComparableRun {
  const base = comparableRun({ runId: `r-${endpointP95}` }, 60, endpointP95);
  return {
    ...base,
    endpoints: { ...base.endpoints, 'GET /subscription limit=1': { count: 90, med: 20, p95: 30, p99: 45 } },
    work: {
      executor: 'constant-arrival-rate',
      plannedRatePerSecond: 8,
      plannedDurationMs: 10_000,
      iterationsPlanned: 80,
      iterationsDone: 81,
      setupCreates: 0,
      writeBudget: null,
      budgetSkipped: 0,
    },
  };
}

const chromium = useChromium('perf-report-');

test('the regression report loads on its own, shows the status and both charts, and marks the regressed rows', async () => {
  const comparison = compareRuns(run(100), run(80));
  expect(comparison.status).toBe('regression');
  const file = join(chromium.dir(), 'perf-regression.html');
  writeFileSync(file, renderHtml(comparison, { dashboard: 'load/pagination.dashboard.html' }));

  const { page, errors, requests } = await watchedPage(chromium.browser());
  await page.goto(`file://${file}`);

  await expect(page.locator('.status')).toHaveAttribute('data-status', 'regression');
  await expect(page.locator('.status')).toBeVisible();
  for (const chart of ['#latency-chart svg', '#throughput-chart svg']) {
    await expect(page.locator(chart)).toBeVisible();
    const box = await page.locator(chart).boundingBox();
    expect(box && box.width > 100 && box.height > 40, `${chart} has a size`).toBe(true);
  }
  // Baseline and current bars for each percentile of each endpoint.
  expect(await page.locator('#latency-chart svg rect').count()).toBeGreaterThanOrEqual(2 * 3 * 2);
  const barTitles = await page.locator('#latency-chart svg rect title').allTextContents();
  expect(barTitles.filter((t) => t.startsWith('GET /offer limit=25 · ')).length, barTitles.join('\n')).toBe(6);
  // The regressed bar (current p95 of that endpoint) is the only one drawn in the regression colour.
  const regressedBars = await page
    .locator('#latency-chart svg rect', { has: page.locator('title') })
    .evaluateAll((rects) =>
      rects.filter((r) => /\(regressed\)/.test(r.textContent ?? '')).map((r) => [r.textContent, r.getAttribute('fill')]),
    );
  expect(regressedBars).toHaveLength(1);
  expect(regressedBars[0][0]).toMatch(/^GET \/offer limit=25 · current p95 \(regressed\): 100\.00 ms$/);
  const otherFills = await page
    .locator('#latency-chart svg rect', { has: page.locator('title') })
    .evaluateAll((rects) => rects.filter((r) => !/\(regressed\)/.test(r.textContent ?? '')).map((r) => r.getAttribute('fill')));
  expect(otherFills, 'no other bar in the regression colour').not.toContain(regressedBars[0][1]);
  const regressed = page.locator('tr.bad');
  await expect(regressed.first()).toBeVisible();
  await expect(regressed.filter({ hasText: 'GET /offer limit=25' })).not.toHaveCount(0);
  await expect(page.locator('tr.bad', { hasText: 'GET /subscription limit=1' })).toHaveCount(0);
  // The work of both runs side by side, and throughput shown beside the baseline's, not judged.
  await expect(page.locator('#work')).toBeVisible();
  await expect(page.locator('#work tr', { hasText: 'iterations planned' })).toContainText('80');
  await expect(page.locator('tr', { hasText: 'throughput' })).toContainText('shown, not judged');
  // k6's own report of the run, linked relative to this one (load:compare passes the link when the run wrote it).
  await expect(page.locator('#k6-dashboard')).toBeVisible();
  expect(await page.locator('#k6-dashboard').evaluate((a) => (a as unknown as { href: string }).href)).toBe(
    `file://${join(chromium.dir(), 'load', 'pagination.dashboard.html')}`,
  );

  for (const viewport of [WIDTHS.desktop, WIDTHS.phone]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENSHOTS, `perf-regression-${viewport.width}.png`), fullPage: true });
    expect(await horizontalOverflow(page), `scrolls sideways at ${viewport.width} px`).toBe(0);
  }
  expect(errors, 'console errors').toEqual([]);
  expect(requests, 'requests beyond the file itself').toEqual([`file://${file}`]);
  await page.close();
});
