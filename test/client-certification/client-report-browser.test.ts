// The client certification's index.html as a reader sees it, in Debian's chromium at 1280 px and 390 px: no word of a
// header or of the Contract column is broken across lines ("Contrac t", "Statu s": issue 32, item 4; a break after a
// hyphen is a line break, not a broken word), the page does not scroll sideways, and nothing is loaded beyond the file.
// Screenshots in reports/project-tests/screenshots/.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { buildClientReport } from '../../src/client-certification/certify-client.ts';
import { DEFAULT_SETTINGS } from '../../src/client-certification/client-checks.ts';
import { SESSION_FORMAT, type Session } from '../../src/client-certification/recorded-session.ts';
import { renderClientHtml } from '../../src/client-certification/report/writers.ts';
import { horizontalOverflow, openFile, SCREENSHOTS, useChromium, WIDTHS } from '../browser.ts';
import { ex } from './client-checks.cases.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const chromium = useChromium('client-report-');

// A session that fails a clause (offers read again and again without modifiedAfter), so the findings column is full.
const session: Session = {
  header: {
    type: 'session',
    format: SESSION_FORMAT,
    startedAt: '2026-01-01T10:00:00.000Z',
    target: 'http://t',
    bundledReference: true,
    profile: {},
  },
  exchanges: Array.from({ length: 8 }, (_, i) => ex(i + 1, i * 1000)),
  end: null,
};

/** Words of the table's header cells and Contract cells that the layout broke across two lines. */
function brokenWords(page: Page): Promise<string[]> {
  // A string: the project's tsconfig has no DOM types.
  return page.evaluate(`(() => {
    const cells = [...document.querySelectorAll('#client-clause-table th, #client-clause-table td:nth-child(4)')];
    const broken = [];
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/[^\\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  })()`) as Promise<string[]>;
}

test('headers and the Contract column keep their words whole at 1280 and 390 px', async () => {
  const file = join(chromium.dir(), 'client.html');
  writeFileSync(file, renderClientHtml(buildClientReport(session, 'session.jsonl', DEFAULT_SETTINGS, ROOT)));
  for (const viewport of Object.values(WIDTHS)) {
    const { page, errors, requests } = await openFile(chromium.browser(), file, viewport);
    await expect(page.locator('#client-clause-table tbody tr').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, `client-certification-${viewport.width}.png`), fullPage: true });
    expect(await brokenWords(page), `words broken mid-word at ${viewport.width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `scrolls sideways at ${viewport.width} px`).toBe(0);
    expect(errors).toEqual([]);
    expect(requests).toEqual([`file://${file}`]);
    await page.close();
  }
});
