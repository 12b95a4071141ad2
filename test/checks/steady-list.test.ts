// judgeOnSteadyList (src/checks/steady-list.ts): a deviation stands when the list did not change under the law; a
// list in motion (its content changed) is judged again as it is now; one that changes under every attempt is not
// judged; the same content in another order is no motion: the deviation stands and PAGE-STABLE-ORDER fails. Cases as
// data; a list is written as its entries, one letter each ('ab': entry a, then entry b).
import { expect, test } from '@playwright/test';
import { judgeOnSteadyList } from '../../src/checks/steady-list.ts';
import { Verdict } from '../../src/checks/test-verdict.ts';
import { DEFAULT_PROFILE } from '../../src/config/target-profile.ts';

interface Case {
  description: string;
  /** The list each attempt's law reads, and whether the law finds a deviation on it. */
  attempts: { list: string; deviates: boolean }[];
  /** The list as read again after each attempt that deviated (null: it could not be read). */
  rereads: (string | null)[];
  expected: { judged: boolean; failures: number; lawRuns: number; clauses?: string[] };
}

const CASES: Case[] = [
  {
    description: 'no deviation: judged, nothing read again',
    attempts: [{ list: 'a', deviates: false }],
    rereads: [],
    expected: { judged: true, failures: 0, lawRuns: 1 },
  },
  {
    description: 'a deviation on a list that held still stands',
    attempts: [{ list: 'a', deviates: true }],
    rereads: ['a'],
    expected: { judged: true, failures: 1, lawRuns: 1 },
  },
  {
    description: 'a deviation while the list changed is judged again; the second attempt finds none',
    attempts: [
      { list: 'a', deviates: true },
      { list: 'b', deviates: false },
    ],
    rereads: ['b'],
    expected: { judged: true, failures: 0, lawRuns: 2 },
  },
  {
    description: 'a deviation found again on the list as it is now, which held still, stands',
    attempts: [
      { list: 'a', deviates: true },
      { list: 'b', deviates: true },
    ],
    rereads: ['b', 'b'],
    expected: { judged: true, failures: 1, lawRuns: 2 },
  },
  {
    description: 'the list changed under every attempt: not judged, no failure',
    attempts: [
      { list: 'a', deviates: true },
      { list: 'b', deviates: true },
      { list: 'c', deviates: true },
    ],
    rereads: ['b', 'c', 'd'],
    expected: { judged: false, failures: 0, lawRuns: 3 },
  },
  {
    description: 'the list cannot be read again: the deviation stands',
    attempts: [{ list: 'a', deviates: true }],
    rereads: [null],
    expected: { judged: true, failures: 1, lawRuns: 1 },
  },
  {
    description: 'the same entries in another order: not in motion; the deviation stands and PAGE-STABLE-ORDER fails',
    attempts: [{ list: 'abc', deviates: true }],
    rereads: ['cab'],
    expected: { judged: true, failures: 2, lawRuns: 1, clauses: ['PAGE-WALK', 'PAGE-STABLE-ORDER'] },
  },
  {
    description: 'reordered on every read: never taken for motion, judged at the first attempt',
    attempts: [
      { list: 'abc', deviates: true },
      { list: 'bca', deviates: true },
      { list: 'cab', deviates: true },
    ],
    rereads: ['bca', 'cab', 'abc'],
    expected: { judged: true, failures: 2, lawRuns: 1, clauses: ['PAGE-WALK', 'PAGE-STABLE-ORDER'] },
  },
  {
    description: 'an entry edited (and the order changed with it): in motion, judged again',
    attempts: [
      { list: 'abc', deviates: true },
      { list: 'Bac', deviates: false },
    ],
    rereads: ['Bac'],
    expected: { judged: true, failures: 0, lawRuns: 2 },
  },
  {
    description: 'an entry added at the end: in motion, judged again',
    attempts: [
      { list: 'abc', deviates: true },
      { list: 'abcd', deviates: false },
    ],
    rereads: ['abcd'],
    expected: { judged: true, failures: 0, lawRuns: 2 },
  },
];

// Each case twice: the law returns its reading, or a function that makes it (made only to compare, after a deviation).
for (const c of CASES)
  for (const form of ['reading', 'lazy reading'] as const)
    test(`${c.description} (${form})`, async () => {
      const verdict = new Verdict({ profile: DEFAULT_PROFILE, strict: false });
      let lawRuns = 0;
      let rereads = 0;
      let readingsMade = 0;
      const outcome = await judgeOnSteadyList({
        verdict,
        what: 'the list',
        law: async (scratch, attempt) => {
          lawRuns++;
          const { list, deviates } = c.attempts[attempt];
          scratch.observe({ clause: 'PAGE-WALK', key: `seen.${list}`, message: `read ${list}`, value: list });
          scratch.check('PAGE-WALK', !deviates, `deviation on ${list}`, { expected: 'none', received: list });
          if (form === 'reading') return [...list];
          return () => {
            readingsMade++;
            return [...list];
          };
        },
        reread: async () => {
          const again = c.rereads[rereads++] ?? null;
          return again === null ? null : [...again];
        },
      });
      expect(outcome.judged).toBe(c.expected.judged);
      expect(lawRuns).toBe(c.expected.lawRuns);
      expect(verdict.failures).toHaveLength(c.expected.failures);
      if (c.expected.clauses) expect(verdict.failures.map((f) => f.clause)).toEqual(c.expected.clauses);
      // What is kept comes from one attempt: the one judged (its observations with it).
      if (c.expected.judged) expect(verdict.observations).toHaveLength(1);
      else expect(verdict.observations).toHaveLength(0);
      if (form === 'lazy reading') expect(readingsMade, 'a reading is made only to compare with a list read again').toBe(rereads);
    });
