// Strictness apart from deviation (src/checks/strictness.ts, src/checks/test-verdict.ts lenient): an invalid create
// accepted and recorded exactly as the valid request it stands for is a strictness finding, recorded otherwise a
// deviation; strict mode and a profile that pins the kind strict make the finding a failure, one that pins it lenient
// keeps it a finding. An invalid read answered as one of the requests it stands for is strictness, otherwise a
// deviation, and a list in motion is not judged. Cases as data.
import { expect, test } from '@playwright/test';
import { judgeInvalidCreate, judgeInvalidRead } from '../../src/checks/strictness.ts';
import { Verdict } from '../../src/checks/test-verdict.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { DEFAULT_PROFILE, type TargetProfile } from '../../src/config/target-profile.ts';
import type { StrictnessKind } from '../../src/contract/strictness.ts';
import { exchange, subscription } from './samples.ts';

const valid = subscription();
const { id: _id, status: _status, ...validBody } = valid;
const record = (changes: Record<string, unknown>) => ({ ...valid, ...changes });
const without = (body: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));

const CREATES: ReadonlyArray<{
  description: string;
  sent: Record<string, unknown>;
  kind: StrictnessKind;
  status: number;
  answered: Record<string, unknown> | null;
  judged: 'refused' | 'strictness' | 'deviation';
  /** The valid request it stands for (default: the valid body; for a null, the sent body without the field). */
  standsFor?: Record<string, unknown>;
}> = [
  {
    description: 'refused',
    sent: { ...validBody, amountRequested: '750' },
    kind: 'numeric-string',
    status: 400,
    answered: null,
    judged: 'refused',
  },
  {
    description: '"750.25" recorded as 750.25',
    sent: { ...validBody, amountRequested: '750.25' },
    kind: 'numeric-string',
    status: 201,
    answered: record({ amountRequested: 750.25 }),
    judged: 'strictness',
    standsFor: { ...validBody, amountRequested: 750.25 },
  },
  {
    description: '"750.25" recorded as 750 (cut)',
    sent: { ...validBody, amountRequested: '750.25' },
    kind: 'numeric-string',
    status: 201,
    answered: record({ amountRequested: 750 }),
    judged: 'deviation',
    standsFor: { ...validBody, amountRequested: 750.25 },
  },
  {
    description: '"Retail" recorded as "retail"',
    sent: { ...validBody, subscriptionCategory: 'Retail' },
    kind: 'enum-case',
    status: 201,
    answered: record({}),
    judged: 'strictness',
  },
  {
    description: '"Retail" recorded as sent, outside the enum',
    sent: { ...validBody, subscriptionCategory: 'Retail' },
    kind: 'enum-case',
    status: 201,
    answered: record({ subscriptionCategory: 'Retail' }),
    judged: 'deviation',
  },
  {
    description: 'a null membershipCode recorded without it',
    sent: { ...validBody, membershipCode: null },
    kind: 'null-as-absent',
    status: 201,
    answered: record({}),
    judged: 'strictness',
  },
  {
    description: 'a null membershipCode recorded with a default code',
    sent: { ...validBody, membershipCode: null },
    kind: 'null-as-absent',
    status: 201,
    answered: record({ membershipCode: 'DEFAULT' }),
    judged: 'deviation',
  },
  {
    description: 'an offset timestamp recorded as the same instant in UTC',
    sent: { ...validBody, clientSubscriptionTimestamp: '2024-05-01T11:00:00.000+01:00' },
    kind: 'offset-timestamp',
    status: 201,
    answered: record({}),
    judged: 'strictness',
  },
  {
    description: 'an offset timestamp recorded as the local time in UTC (the offset dropped)',
    sent: { ...validBody, clientSubscriptionTimestamp: '2024-05-01T11:00:00.000+01:00' },
    kind: 'offset-timestamp',
    status: 201,
    answered: record({ clientSubscriptionTimestamp: '2024-05-01T11:00:00.000Z' }),
    judged: 'deviation',
  },
];

const createAnswer = (status: number, body: unknown): Exchange => exchange({ operation: 'subscription.create', status, body });

for (const c of CREATES) {
  test(`an invalid create, ${c.description}: ${c.judged}`, () => {
    const verdict = new Verdict({ profile: DEFAULT_PROFILE, strict: false });
    const standsFor = { kind: c.kind, body: c.standsFor ?? (c.kind === 'null-as-absent' ? without(c.sent, 'membershipCode') : validBody) };
    const ex = createAnswer(c.status, c.answered ?? { status: 400, errors: [], message: 'Bad Request' });
    const judged = judgeInvalidCreate(verdict, ex, { clause: 'SUB-CREATE-VALIDATION', what: c.description, sent: c.sent, standsFor });
    expect(judged).toBe(c.judged);
    expect(verdict.strictness.map((x) => x.kind)).toEqual(c.judged === 'strictness' ? [c.kind] : []);
    expect(verdict.failures.map((f) => f.clause)).toEqual(c.judged === 'deviation' ? ['SUB-CREATE-VALIDATION'] : []);
  });
}

test('an invalid create accepted that stands for no valid request is a deviation', () => {
  const verdict = new Verdict({ profile: DEFAULT_PROFILE, strict: false });
  const judged = judgeInvalidCreate(verdict, createAnswer(201, valid), {
    clause: 'SUB-CREATE-VALIDATION',
    what: 'currency missing',
    sent: without(validBody, 'currency'),
  });
  expect(judged).toBe('deviation');
  expect(verdict.strictness).toEqual([]);
});

const MODES: ReadonlyArray<{ description: string; strict: boolean; pinned?: 'strict' | 'lenient'; fails: boolean; drift?: boolean }> = [
  { description: 'by default a finding, never a failure', strict: false, fails: false },
  { description: 'in strict mode a failure', strict: true, fails: true },
  { description: 'pinned strict by the profile: drift', strict: false, pinned: 'strict', fails: true, drift: true },
  { description: 'pinned lenient by the profile: a finding even in strict mode', strict: true, pinned: 'lenient', fails: false },
];

for (const m of MODES) {
  test(`a strictness finding, ${m.description}`, () => {
    const profile: TargetProfile = { ...DEFAULT_PROFILE, ...(m.pinned ? { strictness: { 'enum-case': m.pinned } } : {}) };
    const verdict = new Verdict({ profile, strict: m.strict });
    verdict.lenient({ clause: 'SUB-CREATE-VALIDATION', kind: 'enum-case', message: '"Retail" recorded as "retail"' });
    expect(verdict.failures.length).toBe(m.fails ? 1 : 0);
    expect(verdict.strictness.length).toBe(m.fails ? 0 : 1);
    if (m.fails) {
      expect(verdict.failures[0]).toMatchObject({ clause: 'SUB-CREATE-VALIDATION', check: 'strictness', drift: m.drift === true });
      expect(verdict.failures[0].message).toMatch(/^an enum value in another letter case/);
    }
  });
}

/** A read answered from a table of paths (each read again gives the next answer in its list, the last one kept). */
function reads(answers: Record<string, unknown[]>) {
  const served = new Map<string, number>();
  return async (path: string): Promise<Exchange> => {
    const list = answers[path] ?? [];
    const i = served.get(path) ?? 0;
    served.set(path, i + 1);
    return { ...exchange({ operation: 'offer.list', status: 200, body: list[Math.min(i, list.length - 1)] }), path };
  };
}

const READS: ReadonlyArray<{ description: string; answers: Record<string, unknown[]>; judged: string }> = [
  {
    description: 'answered as the first value',
    answers: { '/offer?limit=1': [[1]], '/offer?limit=2': [[1, 2]], '/offer?limit=1&limit=2': [[1]] },
    judged: 'strictness',
  },
  {
    description: 'answered as the last value',
    answers: { '/offer?limit=1': [[1]], '/offer?limit=2': [[1, 2]], '/offer?limit=1&limit=2': [[1, 2]] },
    judged: 'strictness',
  },
  {
    description: 'answered as neither',
    answers: { '/offer?limit=1': [[1]], '/offer?limit=2': [[1, 2]], '/offer?limit=1&limit=2': [[1, 2, 3]] },
    judged: 'deviation',
  },
  {
    description: 'a list in motion under every read',
    answers: {
      '/offer?limit=1': [[1], [2], [3], [4], [5], [6], [7]],
      '/offer?limit=2': [[1], [2], [3], [4], [5], [6], [7]],
      '/offer?limit=1&limit=2': [[9]],
    },
    judged: 'not-judged',
  },
];

for (const r of READS) {
  test(`a repeated parameter ${r.description}: ${r.judged}`, async () => {
    const verdict = new Verdict({ profile: DEFAULT_PROFILE, strict: false });
    const read = reads(r.answers);
    const first = await read('/offer?limit=1&limit=2');
    const judged = await judgeInvalidRead(verdict, first, {
      clause: 'GEN-QUERY-INVALID',
      what: 'GET /offer?limit=1&limit=2',
      kind: 'repeated-parameter',
      candidates: ['/offer?limit=1', '/offer?limit=2'],
      read,
    });
    expect(judged).toBe(r.judged);
    expect(verdict.failures.length).toBe(r.judged === 'deviation' ? 1 : 0);
    expect(verdict.strictness.length).toBe(r.judged === 'strictness' ? 1 : 0);
  });
}
