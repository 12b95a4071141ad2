// Cases for openRecords: a journal's entries and what is still open after them.
import type { JournalEntry, OpenRecords } from '../../src/run/journal.ts';

const at = '2026-01-01T00:00:00.000Z';
const sent = (tag: string): JournalEntry => ({ at, event: 'create-sent', tag });
const created = (tag: string, id: string, status = 'accepted'): JournalEntry => ({ at, event: 'created', tag, id, status });
const refused = (tag: string, httpStatus = 400): JournalEntry => ({ at, event: 'create-refused', tag, httpStatus });
const unknown = (tag: string): JournalEntry => ({ at, event: 'create-unknown', tag, reason: 'GET /x failed: socket hang up' });
const cancelled = (id: string): JournalEntry => ({ at, event: 'cancelled', id, httpStatus: 200 });
const cancelFailed = (id: string, httpStatus: number | null = 503): JournalEntry => ({
  at,
  event: 'cancel-failed',
  id,
  httpStatus,
  reason: 'status 503',
});

export const openRecordCases: Array<{ description: string; entries: JournalEntry[]; expected: OpenRecords }> = [
  { description: 'an empty journal', entries: [], expected: { ids: [], unresolvedTags: [] } },
  {
    description: 'a created, accepted record is open',
    entries: [sent('t1'), created('t1', 'a')],
    expected: { ids: ['a'], unresolvedTags: [] },
  },
  {
    description: 'a created, then cancelled record is closed',
    entries: [sent('t1'), created('t1', 'a'), cancelled('a')],
    expected: { ids: [], unresolvedTags: [] },
  },
  {
    description: 'a record created rejected is final: nothing to cancel',
    entries: [sent('t1'), created('t1', 'a', 'rejected')],
    expected: { ids: [], unresolvedTags: [] },
  },
  {
    description: 'a record created already cancelled is closed',
    entries: [sent('t1'), created('t1', 'a', 'cancelled')],
    expected: { ids: [], unresolvedTags: [] },
  },
  {
    description: 'a refused create left nothing behind',
    entries: [sent('t1'), refused('t1', 429)],
    expected: { ids: [], unresolvedTags: [] },
  },
  {
    description: 'a create sent without an outcome (killed mid-call) is unresolved',
    entries: [sent('t1')],
    expected: { ids: [], unresolvedTags: ['t1'] },
  },
  {
    description: 'a create whose outcome is unknown (transport error) is unresolved',
    entries: [sent('t1'), unknown('t1')],
    expected: { ids: [], unresolvedTags: ['t1'] },
  },
  {
    description: 'a failed cancel leaves the record open',
    entries: [sent('t1'), created('t1', 'a'), cancelFailed('a')],
    expected: { ids: ['a'], unresolvedTags: [] },
  },
  {
    description: 'a cancel that failed, then succeeded, closes it',
    entries: [sent('t1'), created('t1', 'a'), cancelFailed('a', null), cancelled('a')],
    expected: { ids: [], unresolvedTags: [] },
  },
  {
    description: 'a mixed run: only the live records and the unresolved tags remain, in journal order',
    entries: [
      sent('t1'),
      created('t1', 'a'),
      sent('t2'),
      refused('t2'),
      sent('t3'),
      created('t3', 'c', 'rejected'),
      sent('t4'),
      created('t4', 'd'),
      sent('t5'),
      sent('t6'),
      created('t6', 'f'),
      cancelled('f'),
      sent('t7'),
      unknown('t7'),
      sent('t8'),
      created('t8', 'h', 'accepted'),
    ],
    expected: { ids: ['a', 'd', 'h'], unresolvedTags: ['t5', 't7'] },
  },
];
