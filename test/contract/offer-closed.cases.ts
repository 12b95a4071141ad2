// Whether an offer takes orders now, as data: the one rule (whyClosed, src/contract/offer-closed.ts) that the suite and
// the k6 subscriptions scenario both import.
export const NOW = Date.parse('2026-11-25T09:00:00Z');
const OPEN = { details: { status: 'open_for_subscription' }, dates: { offerEndDateTime: '2026-12-31T17:00:00Z' } };

export interface OfferClosedCase {
  description: string;
  offer: unknown;
  /** null: open (orders taken); else a pattern of the reason. */
  closed: RegExp | null;
}

export const OFFER_CLOSED_CASES: OfferClosedCase[] = [
  { description: 'open, its period running', offer: OPEN, closed: null },
  {
    description: 'closed_for_subscription',
    offer: { ...OPEN, details: { status: 'closed_for_subscription' } },
    closed: /^is closed_for_subscription now$/,
  },
  { description: 'a status beyond those seen', offer: { ...OPEN, details: { status: 'suspended' } }, closed: /^is suspended now$/ },
  {
    description: 'still marked open, but closed early',
    offer: { ...OPEN, dates: { ...OPEN.dates, offerEarlyClose: '2026-11-25T08:59:00Z' } },
    closed: /^closed early at 2026-11-25T08:59:00Z$/,
  },
  {
    description: 'still marked open, its period over',
    offer: { ...OPEN, dates: { offerEndDateTime: '2026-11-25T08:00:00Z' } },
    closed: /^its period ended at 2026-11-25T08:00:00Z$/,
  },
  {
    description: 'offerEarlyClose null: not closed early',
    offer: { ...OPEN, dates: { ...OPEN.dates, offerEarlyClose: null } },
    closed: null,
  },
  {
    description: 'no end date given: judged by its status',
    offer: { details: { status: 'open_for_subscription' }, dates: {} },
    closed: null,
  },
];
