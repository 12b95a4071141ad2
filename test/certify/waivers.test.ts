// Waivers: the file is checked strictly (a bad one is a configuration error), and each waiver is
// judged against the run: applied to a failure until its expiry, expired after it, not needed when
// the clause did not fail. A waived failure does not fail the verdict; an expired one does.
import { expect, test } from '@playwright/test';
import { ConfigError } from '../../src/config/config-error.ts';
import { clauseResults, type TestOutcome } from '../../src/report/clause-results.ts';
import { clauseRows } from '../../src/certify/clause-rows.ts';
import { decideVerdict } from '../../src/certify/certification-verdict.ts';
import { isCalendarDate, judgeWaivers, loadWaivers, parseWaivers, type Waiver } from '../../src/certify/waivers.ts';

const ok: Waiver = { clause: 'SUB-CREATE-NO-DEDUP', reason: 'known, fix in 2.1', owner: 'team-a', expires: '2030-06-30' };

const PARSE_CASES: Array<{ description: string; input: unknown; error: RegExp | null }> = [
  { description: 'an array of valid waivers', input: [ok], error: null },
  { description: 'an object with a waivers array', input: { waivers: [ok] }, error: null },
  { description: 'an empty list', input: [], error: null },
  { description: 'not a list', input: { clause: 'X' }, error: /must hold a JSON array of waivers/ },
  { description: 'an entry that is not an object', input: ['SUB-CREATE'], error: /entry 1 is not an object/ },
  { description: 'a missing owner', input: [{ ...ok, owner: undefined }], error: /entry 1 needs a non-empty "owner"/ },
  { description: 'an empty reason', input: [{ ...ok, reason: '  ' }], error: /needs a non-empty "reason"/ },
  { description: 'an unknown field', input: [{ ...ok, until: '2030-01-01' }], error: /unknown field\(s\) until/ },
  { description: 'a clause not in the catalogue', input: [{ ...ok, clause: 'SUB-CREATE-NODEDUP' }], error: /not in the clause catalogue/ },
  { description: 'a date in another format', input: [{ ...ok, expires: '30/06/2030' }], error: /YYYY-MM-DD/ },
  { description: 'a date that does not exist', input: [{ ...ok, expires: '2030-02-29' }], error: /YYYY-MM-DD/ },
  {
    description: 'the same clause twice',
    input: [ok, { ...ok, owner: 'team-b' }],
    error: /entry 2 waives SUB-CREATE-NO-DEDUP a second time/,
  },
];

for (const c of PARSE_CASES) {
  test(`waivers file: ${c.description}`, () => {
    if (c.error === null) {
      expect(parseWaivers(c.input, 'w.json').map((w) => w.clause)).toEqual(
        Array.isArray(c.input) ? c.input.map((w) => (w as Waiver).clause) : [ok.clause],
      );
    } else {
      let caught: unknown;
      try {
        parseWaivers(c.input, 'w.json');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as Error).message).toMatch(c.error);
    }
  });
}

test('calendar dates: leap years and month lengths', () => {
  expect(isCalendarDate('2028-02-29')).toBe(true);
  expect(isCalendarDate('2030-02-29')).toBe(false);
  expect(isCalendarDate('2030-04-31')).toBe(false);
  expect(isCalendarDate('2030-4-01')).toBe(false);
});

const JUDGE_CASES: Array<{
  description: string;
  expires: string;
  verdict: 'fail' | 'pass' | 'skipped';
  /** A must clause no passing test confirmed (INCOMPLETE): a waiver covers it too. */
  unconfirmed?: boolean;
  state: string;
}> = [
  { description: 'a failing clause, waiver in force', expires: '2030-06-30', verdict: 'fail', state: 'applied' },
  { description: 'a failing clause, waiver expiring today (still in force)', expires: '2030-01-15', verdict: 'fail', state: 'applied' },
  { description: 'a failing clause, waiver expired yesterday', expires: '2030-01-14', verdict: 'fail', state: 'expired' },
  { description: 'a clause that now passes', expires: '2030-06-30', verdict: 'pass', state: 'not-needed' },
  { description: 'a clause that was skipped (not a must clause)', expires: '2030-06-30', verdict: 'skipped', state: 'not-needed' },
  {
    description: 'an unconfirmed must clause, waiver in force',
    expires: '2030-06-30',
    verdict: 'skipped',
    unconfirmed: true,
    state: 'applied',
  },
  {
    description: 'an unconfirmed must clause, waiver expired',
    expires: '2030-01-14',
    verdict: 'skipped',
    unconfirmed: true,
    state: 'expired',
  },
  { description: 'an expired waiver on a passing clause', expires: '2029-01-01', verdict: 'pass', state: 'expired' },
];

for (const c of JUDGE_CASES) {
  test(`judging a waiver: ${c.description} -> ${c.state}`, () => {
    const unconfirmed = new Set(c.unconfirmed ? [ok.clause] : []);
    const [row] = judgeWaivers([{ ...ok, expires: c.expires }], new Map([[ok.clause, c.verdict]]), '2030-01-15', unconfirmed);
    expect(row.state).toBe(c.state);
    expect(row.note.length).toBeGreaterThan(10);
  });
}

/** A run in which the no-dedup test failed on its clause and everything else passed. */
function failingRun(): TestOutcome[] {
  return [
    {
      title: 'identical bodies',
      file: 'conformance/subscriptions.spec.ts',
      project: 'conformance',
      status: 'failed',
      clauses: ['SUB-CREATE-NO-DEDUP'],
      clauseFailures: [{ clause: 'SUB-CREATE-NO-DEDUP', message: 'two identical bodies returned the same record' }],
      observations: [],
      durationMs: 5,
    },
    {
      title: 'lists offers',
      file: 'conformance/offers.spec.ts',
      project: 'conformance',
      status: 'passed',
      clauses: ['OFFER-LIST'],
      clauseFailures: [],
      observations: [],
      durationMs: 5,
    },
  ];
}

test('a waived failure shows as waived and the verdict passes; an expired one fails it', () => {
  const outcomes = failingRun();
  const results = clauseResults(outcomes);
  const verdicts = new Map(clauseRows(results, [], [], []).map((r) => [r.id, r.verdict]));

  const inForce = judgeWaivers([ok], verdicts, '2030-01-15');
  // Only the clauses this run covers: the rest of the catalogue, unconfirmed, would make it INCOMPLETE.
  const rows = clauseRows(results, [], [], inForce).filter((r) => r.id === ok.clause || r.id === 'OFFER-LIST');
  expect(rows.find((r) => r.id === ok.clause)).toMatchObject({ status: 'waived', verdict: 'fail' });
  expect(decideVerdict(rows, inForce, { problem: null, outcomes }).verdict).toBe('pass');

  const expired = judgeWaivers([{ ...ok, expires: '2029-12-31' }], verdicts, '2030-01-15');
  const rowsExpired = clauseRows(results, [], [], expired);
  expect(rowsExpired.find((r) => r.id === ok.clause)?.status).toBe('fail');
  const decided = decideVerdict(rowsExpired, expired, { problem: null, outcomes });
  expect(decided.verdict).toBe('fail');
  expect(decided.reasons.join('\n')).toMatch(/waiver for SUB-CREATE-NO-DEDUP: expired on 2029-12-31/);
});

test('waivers.example.json is a valid waivers file', () => {
  const example = loadWaivers(new URL('../../waivers.example.json', import.meta.url).pathname);
  expect(example.length).toBeGreaterThan(0);
  // A copied example must not have expired (issue 43, item 7): each expiry is more than a year ahead of today.
  const yearAhead = new Date(Date.now() + 366 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  for (const w of example) expect(w.expires > yearAhead, `${w.clause} expires ${w.expires}`).toBe(true);
});
