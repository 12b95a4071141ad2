/**
 * What stands behind each clause of the catalogue: the tests tagged with it (conformance and fuzz, read from
 * Playwright's own listing), the checks that declare it (exchange checks and client checks), the faults of the
 * reference that must trip it, and the k6 rules that re-check it under load. `npm run clauses` prints it; the
 * clause-coverage test judges coverage on the same index, so the two cannot disagree.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULE_CLAUSES } from '../../load/lib/rules.ts';
import { FAULTS } from '../../reference/faults.ts';
import { createChecks } from '../checks/create-checks.ts';
import { exchangeChecks } from '../checks/exchange-checks.ts';
import { clientChecks } from '../client-certification/client-checks.ts';
import { type Clause, clauses, clientClauses } from '../contract/clauses/catalogue.ts';
import { quotesOf } from '../contract/clauses/clause.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface ListedSuite {
  specs?: Array<{ tags?: string[]; title: string; file?: string }>;
  suites?: ListedSuite[];
}

/** A test as Playwright lists it: its file (relative to the repository), its title, its tags (without the `@`). */
export interface ListedTest {
  file: string;
  title: string;
  tags: string[];
}

/** Every test of the conformance and fuzz projects (or of `project`), from `playwright test --list`. */
export function listedTests(root = ROOT, project?: 'conformance' | 'fuzz'): ListedTest[] {
  const args = ['test', '--list', '--reporter=json', ...(project ? [`--project=${project}`] : [])];
  const json = execFileSync(resolve(root, 'node_modules/.bin/playwright'), args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(json) as { suites: ListedSuite[] };
  const tests: ListedTest[] = [];
  const walk = (s: ListedSuite) => {
    for (const spec of s.specs ?? [])
      tests.push({ file: spec.file ?? '', title: spec.title, tags: (spec.tags ?? []).map((t) => t.replace(/^@/, '')) });
    s.suites?.forEach(walk);
  };
  report.suites.forEach(walk);
  return tests;
}

/** Test titles by tag (without the `@`), from `playwright test --list` over the conformance and fuzz projects. */
export function testsByTag(root = ROOT): Map<string, string[]> {
  const byTag = new Map<string, string[]>();
  for (const test of listedTests(root)) {
    const title = test.file ? `${test.file} › ${test.title}` : test.title;
    for (const tag of test.tags) byTag.set(tag, [...(byTag.get(tag) ?? []), title]);
  }
  return byTag;
}

export interface ClauseIndexEntry {
  clause: Clause;
  tests: string[];
  checks: string[];
  faults: string[];
  loadRules: string[];
}

/** One entry per clause of the catalogue (service clauses, then client clauses). */
export function clauseIndex(tests: Map<string, string[]>): ClauseIndexEntry[] {
  return [...clauses, ...clientClauses].map((clause: Clause) => ({
    clause,
    tests: tests.get(clause.id) ?? [],
    checks: [
      ...exchangeChecks.filter((c) => (c.clauses as readonly string[]).includes(clause.id)).map((c) => `exchange check ${c.name}`),
      ...createChecks.filter((c) => (c.clauses as readonly string[]).includes(clause.id)).map((c) => `create check ${c.name}`),
      ...clientChecks.filter((c) => c.clause === clause.id).map((c) => `client check ${c.name}`),
    ],
    faults: FAULTS.filter((f) => (f.clauses as readonly string[]).includes(clause.id)).map((f) => `${f.name} (caught by ${f.catchBy})`),
    loadRules: Object.entries(RULE_CLAUSES)
      .filter(([, id]) => id === clause.id)
      .map(([rule]) => rule),
  }));
}

/** The entry as a person reads it in a terminal. */
export function describeEntry(e: ClauseIndexEntry): string {
  const c = e.clause;
  const part = (label: string, items: readonly string[]) =>
    items.length === 0 ? [`  ${label}: none`] : [`  ${label} (${items.length}):`, ...items.map((i) => `    - ${i}`)];
  return [
    `${c.id} (${c.kind}) · ${c.section}`,
    `  ${c.summary}`,
    ...(quotesOf(c).length ? ['  the contract:', ...quotesOf(c).map((q) => `    > ${q}`)] : []),
    ...(c.beyondContract ? [`  beyond the contract's words: ${c.beyondContract}`] : []),
    ...(c.notTestable ? [`  not testable: ${c.notTestable}`] : []),
    ...part('tests', e.tests),
    ...part('checks', e.checks),
    ...part('faults that must trip it', e.faults),
    ...part('load rules', e.loadRules),
  ].join('\n');
}
