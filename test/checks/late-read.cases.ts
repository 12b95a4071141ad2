// How the late read judges a record read again (src/checks/late-read.ts), as cases: the confirmed state, what the
// late read shows, and the findings expected (kind, clause, failure or observation).
import type { ConfirmedRecord } from '../../src/checks/late-read.ts';

export const CONFIRMED_ACCEPTED: ConfirmedRecord = {
  id: 'S-1',
  tag: 'osd-suite.run.1-1',
  offerId: 'O-1',
  echoed: {
    offerId: 'O-1',
    amountRequested: 1250.5,
    clientSubscriptionTimestamp: '2026-01-15T09:30:00.000Z',
    clientSubscriptionReference: 'osd-suite.run.1-1',
    investorReference: 'AB123456C',
  },
  status: 'accepted',
  confirmedBy: 'create',
  confirmedAt: '2026-01-15T09:30:01.000Z',
};

export const CONFIRMED_CANCELLED: ConfirmedRecord = { ...CONFIRMED_ACCEPTED, status: 'cancelled', confirmedBy: 'cancel' };

const read = (record: ConfirmedRecord, change: Record<string, unknown> = {}) => ({
  id: record.id,
  status: record.status,
  ...record.echoed,
  ...change,
});

export const COMPARE_CASES: ReadonlyArray<{
  description: string;
  confirmed: ConfirmedRecord;
  got: Record<string, unknown> | undefined;
  findings: Array<{ kind: string; clause: string; binding: boolean }>;
}> = [
  { description: 'read as confirmed', confirmed: CONFIRMED_ACCEPTED, got: read(CONFIRMED_ACCEPTED), findings: [] },
  {
    description: 'one instant respelled without milliseconds is the same value',
    confirmed: CONFIRMED_ACCEPTED,
    got: read(CONFIRMED_ACCEPTED, { clientSubscriptionTimestamp: '2026-01-15T09:30:00Z' }),
    findings: [],
  },
  {
    description: 'gone',
    confirmed: CONFIRMED_ACCEPTED,
    got: undefined,
    findings: [{ kind: 'vanished', clause: 'SUB-CREATED-LASTS', binding: true }],
  },
  {
    description: 'an amount rounded by a later job',
    confirmed: CONFIRMED_ACCEPTED,
    got: read(CONFIRMED_ACCEPTED, { amountRequested: 1251 }),
    findings: [{ kind: 'field-changed', clause: 'SUB-CREATED-LASTS', binding: true }],
  },
  {
    description: 'a reference cut short by the store',
    confirmed: CONFIRMED_ACCEPTED,
    got: read(CONFIRMED_ACCEPTED, { clientSubscriptionReference: 'osd-suite.ru' }),
    findings: [{ kind: 'field-changed', clause: 'SUB-CREATED-LASTS', binding: true }],
  },
  {
    description: 'a required echoed field left out',
    confirmed: CONFIRMED_ACCEPTED,
    got: Object.fromEntries(Object.entries(read(CONFIRMED_ACCEPTED)).filter(([k]) => k !== 'amountRequested')),
    findings: [{ kind: 'field-changed', clause: 'SUB-CREATED-LASTS', binding: true }],
  },
  {
    description: 'an optional echoed field left out later (a response may leave it out)',
    confirmed: CONFIRMED_ACCEPTED,
    got: Object.fromEntries(Object.entries(read(CONFIRMED_ACCEPTED)).filter(([k]) => k !== 'investorReference')),
    findings: [{ kind: 'field-withheld', clause: 'SUB-CREATE-ECHO', binding: false }],
  },
  {
    description: 'an accepted order rejected later by the service on its own: no trigger shown, none forbidden',
    confirmed: CONFIRMED_ACCEPTED,
    got: read(CONFIRMED_ACCEPTED, { status: 'rejected' }),
    findings: [{ kind: 'status-changed', clause: 'SUB-STATUS-UNPROMPTED', binding: false }],
  },
  {
    description: 'an accepted order cancelled by someone else',
    confirmed: CONFIRMED_ACCEPTED,
    got: read(CONFIRMED_ACCEPTED, { status: 'cancelled' }),
    findings: [{ kind: 'status-changed', clause: 'SUB-STATUS-UNPROMPTED', binding: false }],
  },
  {
    description: 'a confirmed cancel read accepted again',
    confirmed: CONFIRMED_CANCELLED,
    got: read(CONFIRMED_CANCELLED, { status: 'accepted' }),
    findings: [{ kind: 'cancel-undone', clause: 'SUB-CANCELLED-STAYS', binding: true }],
  },
];
