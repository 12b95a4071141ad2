// The verdict beyond clause failures (a run that did not complete, a failed test naming no clause),
// and the command line of `npm run certify`.
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { clauseRows } from '../../src/certify/clause-rows.ts';
import { clauseGrep, clausePatterns, parseCertifyArgs, selectedClauses } from '../../src/certify/certify-options.ts';
import { clauses } from '../../src/contract/clauses/catalogue.ts';
import { runProblem, suiteArgs } from '../../src/certify/suite-run.ts';
import { decideVerdict } from '../../src/certify/certification-verdict.ts';
import { packageRecord } from '../../src/certify/certification-package.ts';
import { packageConsoleLine, strictnessConsoleLines } from '../../src/certify/certification.ts';
import { ConfigError } from '../../src/config/config-error.ts';
import { clauseResults, type TestOutcome } from '../../src/report/clause-results.ts';

const passed: TestOutcome = {
  title: 'offers › list',
  file: 'conformance/offers.spec.ts',
  project: 'conformance',
  status: 'passed',
  clauses: ['OFFER-LIST'],
  clauseFailures: [],
  observations: [],
  durationMs: 1,
};
const report = (outcomes: TestOutcome[], status: 'passed' | 'failed' | 'interrupted' = 'passed') => ({
  status,
  outcomes,
  results: clauseResults(outcomes),
});

const RUN_CASES: Array<{ description: string; exitCode: number | null; report: ReturnType<typeof report> | null; problem: RegExp | null }> =
  [
    { description: 'a complete, passing run', exitCode: 0, report: report([passed]), problem: null },
    {
      description: 'a run with a failing test',
      exitCode: 1,
      report: report([{ ...passed, status: 'failed', clauseFailures: [{ clause: 'OFFER-LIST', message: 'no' }] }], 'failed'),
      problem: null,
    },
    { description: 'no clause report at all', exitCode: 1, report: null, problem: /wrote no clause report \(exit code 1\)/ },
    { description: 'no tests found', exitCode: 1, report: report([], 'failed'), problem: /ran no tests/ },
    { description: 'an interrupted run', exitCode: 130, report: report([passed], 'interrupted'), problem: /interrupted/ },
    { description: 'exit 1 with every test passing', exitCode: 1, report: report([passed], 'failed'), problem: /although no test failed/ },
  ];

for (const c of RUN_CASES) {
  test(`run health: ${c.description}`, () => {
    const problem = runProblem({ exitCode: c.exitCode, report: c.report });
    if (c.problem) expect(problem).toMatch(c.problem);
    else expect(problem).toBeNull();
  });
}

test('an incomplete run fails the verdict even with no failing clause', () => {
  const rows = clauseRows(clauseResults([passed]), [], [], []).filter((r) => r.id === 'OFFER-LIST');
  expect(decideVerdict(rows, [], { problem: null, outcomes: [passed] }).verdict).toBe('pass');
  const decided = decideVerdict(rows, [], { problem: 'the conformance/fuzz run ran no tests', outcomes: [] });
  expect(decided).toMatchObject({ verdict: 'fail', reasons: expect.arrayContaining(['the conformance/fuzz run ran no tests']) });
});

test('nothing failed but a must clause unconfirmed: INCOMPLETE, naming each clause and why', () => {
  const skippedCancel: TestOutcome = {
    ...passed,
    title: 'cancel',
    status: 'skipped',
    clauses: ['SUB-CANCEL'],
    skipReason: 'The cancel route is not shown in the contract; name it in API_PROFILE ("cancel").',
  };
  const all = clauseRows(clauseResults([passed, skippedCancel]), [], [], []);
  const rows = all.filter((r) => ['OFFER-LIST', 'SUB-CANCEL', 'SUB-GET', 'VER-COMMERCIAL-2'].includes(r.id));
  const decided = decideVerdict(rows, [], { problem: null, outcomes: [passed, skippedCancel] });
  expect(decided.verdict).toBe('incomplete');
  expect([...decided.reasons].sort()).toEqual([
    'SUB-CANCEL not confirmed: The cancel route is not shown in the contract; name it in API_PROFILE ("cancel").',
    'SUB-GET not confirmed: no test of this run covers it',
  ]); // VER-COMMERCIAL-2 is not testable: it never makes a run incomplete
  // Two tests skipped for two reasons: one sentence, the reasons joined by "; " with no full stop before it.
  const skippedAgain: TestOutcome = { ...skippedCancel, title: 'cancel twice', skipReason: 'Needs two open offers.' };
  const twice = clauseRows(clauseResults([passed, skippedCancel, skippedAgain]), [], [], []).filter((r) => r.id === 'SUB-CANCEL');
  expect(decideVerdict(twice, [], { problem: null, outcomes: [passed, skippedCancel, skippedAgain] }).reasons).toEqual([
    'SUB-CANCEL not confirmed: The cancel route is not shown in the contract; name it in API_PROFILE ("cancel"); Needs two open offers.',
  ]);
  const failed: TestOutcome = { ...passed, status: 'failed', clauseFailures: [{ clause: 'OFFER-LIST', message: 'no' }] };
  expect(
    decideVerdict(clauseRows(clauseResults([failed, skippedCancel]), [], [], []), [], { problem: null, outcomes: [failed, skippedCancel] })
      .verdict,
  ).toBe('fail');
});

test('the partner-isolation finding (security, beyond the contract): not exercised is INCOMPLETE with why, failing is FAIL, both named as such', () => {
  const why = "No second partner's credentials (API_SECOND_SUBSCRIPTION_KEY and API_SECOND_SECRET): not checked.";
  const skipped: TestOutcome = { ...passed, title: 'isolation', status: 'skipped', clauses: ['SEC-PARTNER-ISOLATION'], skipReason: why };
  const pick = (outcomes: TestOutcome[]) =>
    clauseRows(clauseResults(outcomes), [], [], []).filter((r) => ['OFFER-LIST', 'SEC-PARTNER-ISOLATION'].includes(r.id));
  const rows = pick([passed, skipped]);
  expect(rows.find((r) => r.id === 'SEC-PARTNER-ISOLATION')).toMatchObject({ kind: 'security', status: 'skipped' });
  expect(rows.find((r) => r.id === 'SEC-PARTNER-ISOLATION')!.notes[0]).toMatch(/^security finding, beyond the contract's words: /);
  expect(decideVerdict(rows, [], { problem: null, outcomes: [passed, skipped] })).toEqual({
    verdict: 'incomplete',
    reasons: [`SEC-PARTNER-ISOLATION (security finding, beyond the contract's words) not confirmed: ${why}`],
  });
  const leaked: TestOutcome = { ...skipped, status: 'failed', clauseFailures: [{ clause: 'SEC-PARTNER-ISOLATION', message: 'listed 1' }] };
  const decided = decideVerdict(pick([passed, leaked]), [], { problem: null, outcomes: [passed, leaked] });
  expect(decided).toEqual({
    verdict: 'fail',
    reasons: ["SEC-PARTNER-ISOLATION (security finding, beyond the contract's words) fails: listed 1"],
  });
});

test('a failed test that names no clause fails the verdict, by name', () => {
  const stray: TestOutcome = { ...passed, title: 'helper blew up', status: 'failed', clauses: [], error: 'TypeError: x is undefined' };
  const rows = clauseRows(clauseResults([passed, stray]), [], [], []);
  const decided = decideVerdict(rows, [], { problem: null, outcomes: [passed, stray] });
  expect(decided.verdict).toBe('fail');
  expect(decided.reasons[0]).toMatch(/test "helper blew up" \(conformance\) failed without naming a clause: TypeError/);
});

test('command line: defaults, and every option', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => {
    const o = parseCertifyArgs(argv, env);
    if (o === 'help') throw new Error('unexpected help');
    return o;
  };
  expect(parse([])).toEqual({
    profile: null,
    waivers: null,
    clauses: null,
    skipLoad: false,
    workers: null,
    out: resolve('reports/certification'),
    deploymentVersion: null,
    sign: null,
    verify: null,
    initProfile: null,
    ofReference: false,
    publicKey: null,
    soakMs: 0,
    explore: false,
  });
  expect(parse(['--init-profile', 'p.json', '--of-reference'])).toMatchObject({ initProfile: resolve('p.json'), ofReference: true });
  expect(parse([], { REPORTS_DIR: '/tmp/r' }).out).toBe('/tmp/r/certification');
  expect(
    parse([
      '--profile',
      'p.json',
      '--waivers',
      'w.json',
      '--skip-load',
      '--out',
      'o',
      '--clauses',
      'sub-*, PAGE-MAX-LIMIT',
      '--workers',
      '3',
      '--deployment-version',
      ' 4.2.0 ',
      '--sign',
      'k.pem',
      '--soak',
      '30m',
    ]),
  ).toEqual({
    profile: resolve('p.json'),
    waivers: resolve('w.json'),
    clauses: ['SUB-*', 'PAGE-MAX-LIMIT'],
    skipLoad: true,
    workers: 3,
    out: resolve('o'),
    deploymentVersion: '4.2.0',
    sign: resolve('k.pem'),
    verify: null,
    initProfile: null,
    ofReference: false,
    publicKey: null,
    soakMs: 1_800_000,
    explore: false,
  });
  expect(parse(['--soak', '90s']).soakMs).toBe(90_000);
  expect(parse(['--soak', '2h']).soakMs).toBe(7_200_000);
  expect(parse(['--soak', '45']).soakMs).toBe(45_000);
  expect(parse([]).soakMs).toBe(0);
  // --explore draws the fuzz seed (FUZZ_SEED=random); with a FUZZ_SEED that sets one, a usage error.
  expect(parse(['--explore']).explore).toBe(true);
  expect(parse(['--explore'], { FUZZ_SEED: 'random' }).explore).toBe(true);
  expect(() => parseCertifyArgs(['--explore'], { FUZZ_SEED: '12' })).toThrow(/--explore draws a new fuzz seed, but FUZZ_SEED=12 sets one/);
  expect(parse(['--verify', 'reports/certification']).verify).toBe(join(resolve('reports'), 'certification'));
  expect(parse(['--verify', 'd', '--public-key', 'p.pem'])).toMatchObject({ verify: resolve('d'), publicKey: resolve('p.pem') });
  expect(parseCertifyArgs(['--help'], {})).toBe('help');
  const bad = [
    ['--nope'],
    ['--profile'],
    ['positional'],
    ['--out', ' '],
    ['--out', '--skip-load'],
    ['--clauses', 'NOPE-*'],
    ['--clauses', 'SUB CREATE'],
    ['--clauses', ','],
    ['--workers', '0'],
    ['--public-key', 'p.pem'],
    ['--verify', 'd', '--sign', 'k.pem'],
    ['--workers', '2.5'],
    ['--workers', 'two'],
    ['--workers', '17'],
    ['--workers', '-1'],
    ['--soak', '0'],
    ['--soak', 'soon'],
    ['--soak', '25h'],
    ['--soak', '-5m'],
  ];
  for (const argv of bad) expect(() => parseCertifyArgs(argv, {}), argv.join(' ')).toThrow(ConfigError);
  expect(() => parseCertifyArgs(['--workers', 'two'], {})).toThrow(
    '--workers must be a whole number from 1 to 16, e.g. --workers 1, got "two".',
  );
  expect(() => parseCertifyArgs(['--soak', 'soon'], {})).toThrow(
    '--soak must be a duration from 1s to 24h (a number with s, m or h, e.g. 30m), got "soon".',
  );
});

test('--workers goes to the Playwright run; without it the config decides', () => {
  expect(suiteArgs(null, 1)).toContain('--workers=1');
  expect(suiteArgs().some((a) => a.startsWith('--workers'))).toBe(false);
});

test('--clauses selects by clause tag: the grep matches exactly the tags of the selected clauses', () => {
  const patterns = clausePatterns('SUB-*,PAGE-MAX-LIMIT');
  const grep = new RegExp(clauseGrep(patterns));
  const selected = selectedClauses(patterns);
  expect(selected).toContain('SUB-CREATE-ECHO');
  expect(selected).toContain('PAGE-MAX-LIMIT');
  expect(selected.every((id) => id.startsWith('SUB-') || id === 'PAGE-MAX-LIMIT')).toBe(true);
  // Playwright greps the title path and the tags joined by spaces.
  for (const id of clauses.map((c) => c.id)) expect(grep.test(`offers › a test @read @${id}`), id).toBe(selected.includes(id));
  expect(grep.test('a test @PAGE-MAX-LIMIT-EXTRA'), 'a longer ID is not the selected one').toBe(false);
  expect(suiteArgs(clauseGrep(patterns))).toContain(`--grep=${clauseGrep(patterns)}`);
});

test.describe('the package line states the real reason, for each way a package is not a certification (issue 43, item 3)', () => {
  const facts = { suiteVersion: '1.0.0', contractSha256: 'c'.repeat(64), deploymentVersion: null, signedBy: null };
  const skippedCancel: TestOutcome = {
    ...passed,
    title: 'cancel',
    status: 'skipped',
    clauses: ['SUB-CANCEL'],
    skipReason: 'The cancel route is not shown in the contract; name it in API_PROFILE ("cancel").',
  };
  const noSecondPartner: TestOutcome = {
    ...passed,
    title: 'isolation',
    status: 'skipped',
    clauses: ['SEC-PARTNER-ISOLATION'],
    skipReason: "No second partner's credentials (API_SECOND_SUBSCRIPTION_KEY and API_SECOND_SECRET): not checked.",
  };
  const ways: Array<{ way: string; outcomes: TestOutcome[]; ids: string[]; problem?: string; verdict: string; says: RegExp }> = [
    {
      way: 'a clause fails',
      outcomes: [{ ...passed, status: 'failed', clauseFailures: [{ clause: 'OFFER-LIST', message: 'no' }] }],
      ids: ['OFFER-LIST'],
      verdict: 'fail',
      says: /^1 clause\(s\) fail \(OFFER-LIST\); a certification needs each confirmed/,
    },
    {
      way: 'a must clause is INCOMPLETE',
      outcomes: [passed, skippedCancel],
      ids: ['OFFER-LIST', 'SUB-CANCEL'],
      verdict: 'incomplete',
      says: /^1 must clause\(s\) are INCOMPLETE \(SUB-CANCEL: The cancel route is not shown in the contract; name it in API_PROFILE \("cancel"\)\); a certification needs/,
    },
    {
      way: 'no second partner: the isolation finding is INCOMPLETE',
      outcomes: [passed, noSecondPartner],
      ids: ['OFFER-LIST', 'SEC-PARTNER-ISOLATION'],
      verdict: 'incomplete',
      says: /^1 binding clause\(s\) are INCOMPLETE \(SEC-PARTNER-ISOLATION: No second partner's credentials .*not checked\); .*a security finding left unchecked cannot be waived/,
    },
    {
      way: 'the run did not complete',
      outcomes: [passed],
      ids: ['OFFER-LIST'],
      problem: 'the conformance/fuzz run was stopped by API_RUN_TIMEOUT',
      verdict: 'fail',
      says: /^the run did not complete as a certification: the conformance\/fuzz run was stopped by API_RUN_TIMEOUT; a certification needs a run that completes/,
    },
    {
      way: 'a test failed without naming a clause',
      outcomes: [passed, { ...passed, title: 'helper blew up', status: 'failed', clauses: [], error: 'TypeError: x' }],
      ids: ['OFFER-LIST'],
      verdict: 'fail',
      says: /^the run did not complete as a certification: test "helper blew up" \(conformance\) failed without naming a clause: TypeError: x;/,
    },
  ];
  for (const w of ways)
    test(`${w.way}: evidence only, saying so`, () => {
      const rows = clauseRows(clauseResults(w.outcomes), [], [], []).filter((r) => w.ids.includes(r.id));
      const decided = decideVerdict(rows, [], { problem: w.problem ?? null, outcomes: w.outcomes });
      expect(decided.verdict).toBe(w.verdict);
      const record = packageRecord(decided.verdict, rows, facts, decided.reasons);
      expect(record.status).toBe('evidence-only');
      expect(record.reason).toMatch(w.says);
      expect(record.reason).not.toContain('or a test failed without naming a clause');
      // The console's package line: the sentence in parentheses, its own full stop not doubled into ".)".
      const line = packageConsoleLine(record, false);
      expect(line).toBe(`  package:  evidence only (${record.reason.slice(0, -1)}); not signed (--sign key.pem)`);
      expect(line).not.toMatch(/\.\)/);
    });
  test('the security case, the exact package line: its last aside is not a parenthesis closed twice ("waived))")', () => {
    const rows = clauseRows(clauseResults([passed, noSecondPartner]), [], [], []).filter((r) =>
      ['OFFER-LIST', 'SEC-PARTNER-ISOLATION'].includes(r.id),
    );
    const decided = decideVerdict(rows, [], { problem: null, outcomes: [passed, noSecondPartner] });
    const line = packageConsoleLine(packageRecord(decided.verdict, rows, facts, decided.reasons), false);
    expect(line).toMatch(
      /; a certification needs each confirmed, or waived with a reason and an expiry; a security finding left unchecked cannot be waived\); not signed \(--sign key\.pem\)$/,
    );
  });
});

test("certify's console gives strictness findings their heading, counted by kind, and nothing when there are none", () => {
  const row = (kind: string, title: string) => ({ clause: 'GEN-QUERY-INVALID', kind, title, test: 't', message: 'm', evidence: null });
  const lines = strictnessConsoleLines({
    strictness: [
      row('repeated-parameter', 'a repeated query parameter, answered as one of its values'),
      row('repeated-parameter', 'a repeated query parameter, answered as one of its values'),
      row('trailing-slash', 'a path with a trailing slash, answered as the same route'),
    ],
  });
  expect(lines[0]).toMatch(/^ {2}Strictness: 3 finding\(s\), listed in certification\.md and index\.html\. .*API_STRICT=1/);
  expect(lines.slice(1)).toEqual([
    '    2 × a repeated query parameter, answered as one of its values',
    '    1 × a path with a trailing slash, answered as the same route',
  ]);
  expect(strictnessConsoleLines({ strictness: [] })).toEqual([]);
});
