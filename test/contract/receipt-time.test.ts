// The receipt times a valid create body carries (src/contract/receipt-time.ts): inside the offer's period, never to
// come, fixed where the period allows (a recorded case replays with the same bytes).
import { expect, test } from '@playwright/test';
import { receiptTime, receiptWindow } from '../../src/contract/receipt-time.ts';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');
const period = (start?: string, end?: string, earlyClose?: string) => ({
  dates: { offerStartDateTime: start, offerEndDateTime: end, ...(earlyClose ? { offerEarlyClose: earlyClose } : {}) },
});

/** Cases as data: an offer's period, the instant "now", and the window of truthful receipt times. */
const CASES: Array<{ description: string; offer: object; now?: number; earliest: string; latest: string }> = [
  {
    description: 'a period open since 2025: its start up to the fixed latest instant',
    offer: period('2025-03-03T08:30:00.000Z', '2030-01-01T00:00:00.000Z'),
    earliest: '2025-03-03T08:30:00.000Z',
    latest: '2025-12-31T23:59:59.999Z',
  },
  {
    description: 'a period that opened after the fixed latest instant: its first day',
    offer: period('2026-11-20T09:00:00.000Z', '2027-01-01T00:00:00.000Z'),
    earliest: '2026-11-20T09:00:00.000Z',
    latest: '2026-11-21T09:00:00.000Z',
  },
  {
    description: 'a period that opened two hours ago: up to a minute ago, never to come',
    offer: period('2026-11-25T08:00:00.000Z', '2027-01-01T00:00:00.000Z'),
    earliest: '2026-11-25T08:00:00.000Z',
    latest: '2026-11-25T09:59:00.000Z',
  },
  {
    description: 'closed early: never after offerEarlyClose',
    offer: period('2025-03-03T08:30:00.000Z', '2030-01-01T00:00:00.000Z', '2025-06-30T17:00:00.000Z'),
    earliest: '2025-03-03T08:30:00.000Z',
    latest: '2025-06-30T17:00:00.000Z',
  },
  {
    description: 'a period still to come: no truthful instant, the fixed past window',
    offer: period('2026-12-01T09:00:00.000Z', '2027-01-01T00:00:00.000Z'),
    earliest: '2000-01-01T00:00:00.000Z',
    latest: '2025-12-31T23:59:59.999Z',
  },
  {
    description: 'no dates: the fixed past window',
    offer: {},
    earliest: '2000-01-01T00:00:00.000Z',
    latest: '2025-12-31T23:59:59.999Z',
  },
  {
    description: 'a clock before the fixed latest instant: up to a minute ago',
    offer: period('2025-03-03T08:30:00.000Z', '2030-01-01T00:00:00.000Z'),
    now: Date.parse('2025-07-01T00:00:00.000Z'),
    earliest: '2025-03-03T08:30:00.000Z',
    latest: '2025-06-30T23:59:00.000Z',
  },
];

for (const c of CASES)
  test(`receipt window: ${c.description}`, () => {
    const window = receiptWindow(c.offer, c.now ?? NOW);
    expect({ earliest: window.earliest.toISOString(), latest: window.latest.toISOString() }).toEqual({
      earliest: c.earliest,
      latest: c.latest,
    });
    // The deterministic bodies' time: a whole second inside the window.
    const time = receiptTime(c.offer, c.now ?? NOW).getTime();
    expect(time % 1000).toBe(0);
    expect(time).toBeGreaterThanOrEqual(window.earliest.getTime());
    expect(time).toBeLessThanOrEqual(window.latest.getTime());
  });
