// SUB-CREATE-ECHO's notion of "the value sent", as cases (src/checks/echo.ts).
import { expect, test } from '@playwright/test';
import { echoes, fieldsNotEchoed, fieldsWithheld } from '../../src/checks/echo.ts';

const CASES: ReadonlyArray<{ description: string; field: string; sent: unknown; got: unknown; echoed: boolean }> = [
  {
    description: 'the same spelling',
    field: 'clientSubscriptionTimestamp',
    sent: '2026-01-15T09:30:00.000Z',
    got: '2026-01-15T09:30:00.000Z',
    echoed: true,
  },
  {
    description: "one instant without milliseconds (the contract example's spelling)",
    field: 'clientSubscriptionTimestamp',
    sent: '2026-01-15T09:30:00.000Z',
    got: '2026-01-15T09:30:00Z',
    echoed: true,
  },
  {
    description: 'one instant with more digits',
    field: 'clientSubscriptionTimestamp',
    sent: '2026-01-15T09:30:00Z',
    got: '2026-01-15T09:30:00.000000Z',
    echoed: true,
  },
  {
    description: 'kept to the second by a target that shows no fraction',
    field: 'clientSubscriptionTimestamp',
    sent: '2026-01-15T09:30:00.250Z',
    got: '2026-01-15T09:30:00Z',
    echoed: true,
  },
  {
    description: 'another millisecond, shown with a fraction',
    field: 'clientSubscriptionTimestamp',
    sent: '2026-01-15T09:30:00.250Z',
    got: '2026-01-15T09:30:00.000Z',
    echoed: false,
  },
  {
    description: 'another second',
    field: 'clientSubscriptionTimestamp',
    sent: '2026-01-15T09:30:00Z',
    got: '2026-01-15T09:30:01Z',
    echoed: false,
  },
  {
    description: 'another hour (a zone applied)',
    field: 'clientSubscriptionTimestamp',
    sent: '2026-01-15T09:30:00Z',
    got: '2026-01-15T10:30:00Z',
    echoed: false,
  },
  { description: 'not a timestamp at all', field: 'clientSubscriptionTimestamp', sent: '2026-01-15T09:30:00Z', got: 'soon', echoed: false },
  {
    description: 'a timestamp-like value of a text field compares exactly',
    field: 'investorReference',
    sent: '2026-01-15T09:30:00Z',
    got: '2026-01-15T09:30:00.000Z',
    echoed: false,
  },
  { description: 'numbers by value', field: 'amountRequested', sent: 1.1, got: 1.1, echoed: true },
  { description: 'a rounded amount', field: 'amountRequested', sent: 1.123456, got: 1.12346, echoed: false },
  { description: 'a number spelled as text', field: 'amountRequested', sent: 100, got: '100', echoed: false },
];

for (const c of CASES) {
  test(`echo: ${c.description}`, () => {
    expect(echoes(c.field, c.sent, c.got), `${JSON.stringify(c.sent)} -> ${JSON.stringify(c.got)}`).toBe(c.echoed);
  });
}

/** Whole records: a field optional in a response may be left out (withheld, observed); a required one may not. */
const RECORD_CASES: ReadonlyArray<{
  description: string;
  sent: Record<string, unknown>;
  record: Record<string, unknown>;
  notEchoed: string[];
  withheld: string[];
}> = [
  {
    description: "the investor's identifiers left out (optional in a response)",
    sent: { offerId: 'o1', amountRequested: 100, investorReferenceType: 'nino', investorReference: 'QQ123456C', membershipCode: 'M-1' },
    record: { offerId: 'o1', amountRequested: 100 },
    notEchoed: [],
    withheld: ['investorReferenceType', 'investorReference', 'membershipCode'],
  },
  {
    description: 'an optional field sent back with another value',
    sent: { offerId: 'o1', investorReference: 'QQ123456C' },
    record: { offerId: 'o1', investorReference: 'QQ000000A' },
    notEchoed: ['investorReference'],
    withheld: [],
  },
  {
    description: 'an optional field sent back as null is not left out',
    sent: { offerId: 'o1', accountType: 'tax_efficient' },
    record: { offerId: 'o1', accountType: null },
    notEchoed: ['accountType'],
    withheld: [],
  },
  {
    description: 'a field a response requires, left out',
    sent: { offerId: 'o1', amountRequested: 100, currency: 'GBP' },
    record: { offerId: 'o1', currency: 'GBP' },
    notEchoed: ['amountRequested'],
    withheld: [],
  },
];

for (const c of RECORD_CASES) {
  test(`echo of a record: ${c.description}`, () => {
    expect({ notEchoed: fieldsNotEchoed(c.sent, c.record), withheld: fieldsWithheld(c.sent, c.record) }).toEqual({
      notEchoed: c.notEchoed,
      withheld: c.withheld,
    });
  });
}
