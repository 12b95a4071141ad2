// Every `must` clause of the catalogue is checked by at least one test of the suite (a tag naming it),
// or is marked not testable with a reason; and every clause tag names a clause that exists.
import { expect, test } from '@playwright/test';
import { clauses, clientClauses, isClauseId } from '../../src/contract/clauses/catalogue.ts';
import { exchangeChecks } from '../../src/checks/exchange-checks.ts';
import { clientChecks } from '../../src/client-certification/client-checks.ts';
import { clauseIndex, describeEntry, testsByTag } from '../../src/cli/clause-index.ts';
import { clauseResults } from '../../src/report/clause-results.ts';

// The same listing `npm run clauses` prints from (src/cli/clause-index.ts), read once for the file.
let tags: Map<string, string[]> | null = null;
const listedTags = (): Map<string, string[]> => {
  tags ??= testsByTag();
  return tags;
};

test('every must clause is covered by a test or marked not testable', () => {
  const tags = listedTags();
  const uncovered = clauses.filter((c) => c.kind === 'must' && !('notTestable' in c && c.notTestable) && !tags.has(c.id)).map((c) => c.id);
  expect(uncovered, `must clauses with no test naming them: ${uncovered.join(', ')}`).toEqual([]);
});

test('every observe clause is recorded by some test or exchange check', () => {
  const tags = listedTags();
  const byChecks = new Set<string>(exchangeChecks.flatMap((c) => c.clauses));
  const unrecorded = clauses.filter((c) => c.kind === 'observe' && !tags.has(c.id) && !byChecks.has(c.id)).map((c) => c.id);
  expect(unrecorded, `observe clauses nothing records: ${unrecorded.join(', ')}`).toEqual([]);
});

test('every clause tag names a clause of the catalogue', () => {
  // Tags that name no clause: read/write mode, the fuzz project, its sequence properties (fuzz/sequences.spec.ts).
  const unknown = [...listedTags().keys()].filter((t) => !['read', 'write', 'fuzz', 'sequence'].includes(t) && !isClauseId(t));
  expect(unknown).toEqual([]);
});

test('not-testable clauses give a reason', () => {
  for (const c of clauses) if ('notTestable' in c) expect(String(c.notTestable).length, c.id).toBeGreaterThan(20);
});

test('client clauses are a kind of their own: one client check each, never a service clause', () => {
  expect(clauses.filter((c) => (c.kind as string) === 'client').map((c) => c.id)).toEqual([]);
  expect(clauseResults([]).filter((r) => r.clause.kind === 'client')).toEqual([]);
  for (const c of clientClauses) {
    expect(c.kind).toBe('client');
    expect(c.contract.length, c.id).toBeGreaterThan(20);
    expect(
      clientChecks.filter((check) => check.clause === c.id).map((check) => check.name),
      c.id,
    ).toHaveLength(1);
  }
  expect(clientChecks.filter((check) => !clientClauses.some((c) => c.id === check.clause)).map((check) => check.name)).toEqual([]);
});

test('npm run clauses shows, for a clause, the tests tagged with it, the checks that declare it and the faults that must trip it', () => {
  const echo = clauseIndex(listedTags()).find((e) => e.clause.id === 'SUB-CREATE-ECHO');
  expect(echo?.tests.some((t) => t.startsWith('conformance/subscriptions-create.spec.ts › '))).toBe(true);
  expect(echo?.faults).toContain('amount-rounded-in-echo (caught by conformance)');
  expect(echo?.loadRules).toEqual(['created-record']);
  expect(echo?.checks).toEqual(['create check createEchoes']);
  // The contract's words it enforces, verbatim, under its summary (a security finding: beside why it goes beyond them).
  const query = describeEntry(clauseIndex(listedTags()).find((e) => e.clause.id === 'GEN-QUERY-INVALID')!);
  expect(query).toMatch(
    /^GEN-QUERY-INVALID \(must\) · What the service does\n {2}A query value not of its type[^\n]*\n {2}the contract:\n {4}> \| modifiedAfter \|/,
  );
  expect(query).toContain('    > | offset | number | Zero-based index of the first offer returned |\n');
  const isolation = describeEntry(clauseIndex(listedTags()).find((e) => e.clause.id === 'SEC-PARTNER-ISOLATION')!);
  expect(isolation).toMatch(
    /\n {2}the contract:\n {4}> The credentials are issued to the partner[^\n]*\n[\s\S]*\n {2}beyond the contract's words: The contract issues credentials per partner/,
  );
  const schema = clauseIndex(listedTags()).find((e) => e.clause.id === 'OFFER-SCHEMA');
  expect(schema?.checks).toContain('exchange check successBodyMatchesSchema');
});
