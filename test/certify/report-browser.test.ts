// index.html of a certification as a reader sees it, in Debian's chromium at 1280 px and 390 px:
// PASS, FAIL, INCOMPLETE and waived reports (fabricated), screenshots in reports/project-tests/screenshots/
// (looked at by a person; the test checks what can be checked). Failures and unconfirmed clauses are one
// click from the banner, the page never scrolls sideways, the filters keep the rows they name, the curl
// script of a failing exchange downloads and replays the exchange with credentials as placeholders, and
// nothing is loaded beyond the file.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { renderHtml } from '../../src/certify/report/html-writer.ts';
import type { CertificationReport } from '../../src/certify/report/report-model.ts';
import { horizontalOverflow, openFile, SCREENSHOTS, useChromium, WIDTHS } from '../browser.ts';
import { BLOCKED_BY_OFFER_SCHEMA, oneFaultReport, verdictReports } from './report-fixtures.ts';

const chromium = useChromium('certification-report-');
const reports = verdictReports();

function write(name: string, report: CertificationReport): string {
  const file = join(chromium.dir(), `${name}.html`);
  writeFileSync(file, renderHtml(report));
  return file;
}

/** At both widths: the verdict shows, the page does not scroll sideways, a screenshot is taken, nothing else is loaded. */
async function checkBothWidths(name: string, report: CertificationReport, atDesktop?: (page: Page) => Promise<void>): Promise<void> {
  const file = write(name, report);
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    const { page, errors, requests } = await openFile(chromium.browser(), file, viewport);
    await expect(page.locator('#verdict')).toHaveAttribute('data-verdict', report.verdict);
    await expect(page.locator('#verdict h1')).toHaveText(`Certification verdict: ${report.verdict.toUpperCase()}`);
    expect(await horizontalOverflow(page), `${name} at ${viewport.width} px scrolls sideways`).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, `certification-${name}-${viewport.width}.png`) });
    if (label === 'desktop' && atDesktop) await atDesktop(page);
    expect(errors, 'console errors').toEqual([]);
    expect(requests, 'requests beyond the file itself').toEqual([`file://${file}`]);
    await page.close();
  }
}

/** Each banner link lands on its clause's row, in view, in one click. */
async function bannerLinksReachRows(page: Page, listId: string, ids: string[], linkCount = ids.length): Promise<void> {
  const links = page.locator(`#${listId} a`);
  await expect(links).toHaveCount(linkCount);
  for (const id of ids) {
    await page.locator(`#${listId} a[href="#clause-${id}"]`).click();
    const row = page.locator(`#clause-table tr[data-clause="${id}"]`);
    await expect(row).toBeInViewport();
    expect(new URL(page.url()).hash).toBe(`#clause-${id}`);
  }
}

test('PASS: verdict, folded test lists, links to the Playwright report and every evidence file', async () => {
  const report = reports.pass;
  expect(report.verdict).toBe('pass');
  await checkBothWidths('pass', report, async (page) => {
    await expect(page.locator('#banner-failures')).toHaveCount(0);
    // A passing report leads with what it confirmed, not with LIMIT-RATE "not covered" (never provoked).
    const groups = await page.locator('#clause-table tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-group')));
    expect(groups[0]).toBe('pass');
    expect(groups.indexOf('not-covered')).toBe(groups.length - 1);
    const echo = page.locator('#clause-table tr[data-clause="SUB-CREATE-ECHO"] td[data-label="Tests"] details');
    await expect(echo.locator('summary')).toHaveText('6 tests');
    await expect(echo).not.toHaveAttribute('open', '');
    await expect(page.locator('#verdict a', { hasText: 'Playwright report' })).toHaveAttribute('href', 'suite/conformance/html/index.html');
    const evidence = await page.locator('#evidence-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(evidence).toEqual(['suite/conformance/html/index.html', ...report.evidence.files]);
  });
});

test('FAIL: each failing clause one click from the banner; filters by status and area; the curl script replays the exchange', async () => {
  const report = reports.fail;
  const failing = report.clauses.filter((c) => c.status === 'fail').map((c) => c.id);
  expect(report.verdict).toBe('fail');
  expect(failing.sort()).toEqual(['PAGE-MAX-LIMIT', 'SUB-CREATE-ECHO']);
  await checkBothWidths('fail', report, async (page) => {
    // Failing rows come first in the table.
    expect(
      await page.locator('#clause-table tbody tr').evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute('data-group'))),
    ).toEqual(['fail', 'fail']);
    await bannerLinksReachRows(page, 'banner-failures', failing);
    await page.screenshot({ path: join(SCREENSHOTS, 'certification-fail-1280-after-banner-click.png') });

    const visible = () => page.locator('#clause-table tbody tr:visible');
    await page.locator('label[for="status-fail"]').click();
    expect(await visible().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-clause')).sort())).toEqual(failing);
    await page.locator('label[for="area-SUB"]').click();
    expect(await visible().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-clause')))).toEqual(['SUB-CREATE-ECHO']);
    await page.locator('label[for="status-all"]').click();
    const sub = report.clauses.filter((c) => c.id.startsWith('SUB-')).length;
    await expect(visible()).toHaveCount(sub);
    await page.locator('label[for="area-all"]').click();
    await expect(visible()).toHaveCount(report.clauses.length);

    const row = page.locator('#clause-table tr[data-clause="SUB-CREATE-ECHO"]');
    await row.locator('summary', { hasText: 'reproduce with curl' }).first().click();
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('a.download').first().click()]);
    expect(download.suggestedFilename()).toBe('SUB-CREATE-ECHO-1.sh');
    const script = readFileSync((await download.path())!, 'utf8');
    expect(script).toContain('"service-api-subscription: $API_SUBSCRIPTION_KEY"');
    // Run it with curl replaced by a function that prints its arguments: the request comes out exactly.
    const args = execFileSync('sh', ['-c', `curl() { printf '%s\\n' "$@"; }; . "$0"`, (await download.path())!], {
      env: { PATH: process.env.PATH, API_SUBSCRIPTION_KEY: 'key-from-env', API_SECRET: 'secret-from-env' },
      encoding: 'utf8',
    }).split('\n');
    expect(args.slice(0, 15)).toEqual([
      '-sS',
      '-i',
      '--path-as-is',
      '-X',
      'POST',
      "https://staging.example.com/api/subscription?note=it's",
      '-H',
      'service-api-subscription: key-from-env',
      '-H',
      'service-api-secret: secret-from-env',
      '-H',
      'accept: application/json',
      '-H',
      'content-type: application/json',
      '--data-raw',
    ]);
    expect(args[15]).toBe('{"offerId":"o-1","amount":"0.1"}');
  });
});

test('INCOMPLETE: each unconfirmed must clause one click from the banner, with its reason', async () => {
  const report = reports.incomplete;
  const unconfirmed = report.clauses
    .filter((c) => c.kind === 'must' && (c.status === 'skipped' || c.status === 'not-covered'))
    .map((c) => c.id);
  expect(report.verdict).toBe('incomplete');
  expect(unconfirmed.sort()).toEqual(['SUB-CANCEL', 'SUB-CREATE-ECHO']);
  await checkBothWidths('incomplete', report, async (page) => {
    await expect(page.locator('#banner-unconfirmed li', { hasText: 'SUB-CANCEL' })).toContainText(
      'SUB-CANCEL the profile names no cancel route',
    );
    await expect(page.locator('#banner-unconfirmed li', { hasText: 'SUB-CREATE-ECHO' })).toContainText('FUZZ_MAX_WRITES (50) spent');
    await expect(page.locator('#verdict > ul'), "the verdict's reasons are not repeated beside the links").toHaveCount(0);
    await bannerLinksReachRows(page, 'banner-unconfirmed', unconfirmed);
    await page.locator('label[for="status-incomplete"]').click();
    await expect(page.locator('#clause-table tbody tr:visible')).toHaveCount(unconfirmed.length);
  });
});

test('waived: a pass that names each waived failure in the banner, one click from its row', async () => {
  const report = reports.waived;
  const waived = report.clauses.filter((c) => c.status === 'waived').map((c) => c.id);
  expect(report.verdict).toBe('pass');
  expect(waived.sort()).toEqual(['PAGE-MAX-LIMIT', 'SUB-CREATE-ECHO']);
  await checkBothWidths('waived', report, async (page) => {
    await expect(page.locator('#banner-waived li').first()).toContainText('waived until 2030-12-31 (owner integration@example.com)');
    await bannerLinksReachRows(page, 'banner-waived', waived);
  });
});

test('one fault: the cause in the banner, the clauses it left unconfirmed said once and folded, each one click away', async () => {
  const report = oneFaultReport();
  await checkBothWidths('one-fault', report, async (page) => {
    await expect(page.locator('#banner-failures li')).toHaveCount(1);
    const folded = page.locator('#banner-unconfirmed > li');
    await expect(folded).toHaveCount(1);
    await expect(folded.locator('summary')).toHaveText(
      `${BLOCKED_BY_OFFER_SCHEMA.length} clauses not confirmed: their tests failed on OFFER-SCHEMA`,
    );
    await expect(folded.locator('details')).not.toHaveAttribute('open', '');
    await expect(folded.locator('a').first()).toBeHidden();
    // The banner fits the first screen: the clause table starts within it.
    const tableTop = await page.locator('#clauses').evaluate((e) => e.getBoundingClientRect().top);
    expect(tableTop).toBeLessThan(900);
    await folded.locator('summary').click();
    await page.screenshot({ path: join(SCREENSHOTS, 'certification-one-fault-1280-unfolded.png') });
    await bannerLinksReachRows(page, 'banner-unconfirmed', BLOCKED_BY_OFFER_SCHEMA.slice(0, 3), BLOCKED_BY_OFFER_SCHEMA.length);
  });
});
