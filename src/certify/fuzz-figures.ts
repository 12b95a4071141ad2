/**
 * Fuzz figures for the report: how many properties ran and how they ended (the fuzz project's test
 * outcomes), how many generated cases, with which seeds, and each failure with its replay command
 * (the fuzz helper's seed records). Pure module.
 */
import type { TestOutcome } from '../report/clause-results.ts';
import type { FuzzSection } from './report/report-model.ts';
import type { FuzzRecord } from './run-files.ts';

export function fuzzFigures(outcomes: readonly TestOutcome[], records: readonly FuzzRecord[], notRun: string | null): FuzzSection {
  const fuzz = outcomes.filter((o) => o.project === 'fuzz');
  const empty: FuzzSection = {
    status: 'not-run',
    reason: notRun,
    properties: 0,
    passed: 0,
    failed: 0,
    skipped: 0,
    runs: null,
    seeds: [],
    failures: [],
  };
  if (notRun) return empty;
  if (fuzz.length === 0 && records.length === 0)
    return { ...empty, reason: 'the fuzz project has no property tests in this version of the suite' };
  const failedOutcomes = fuzz.filter((o) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted');
  const withRuns = records.filter((r) => r.runs !== null);
  const failingRecords = records.filter((r) => r.counterexample !== null);
  const failures: FuzzSection['failures'] = failingRecords.map((r) => ({
    property: r.property,
    message:
      failedOutcomes.find((o) => o.title.includes(r.property) || r.property.includes(o.title))?.error ??
      `counterexample: ${r.counterexample}`,
    seed: r.seed,
    path: r.path,
    replay: r.replay,
    counterexample: r.counterexample,
  }));
  // A failed property test that left no seed record still shows, with its message.
  for (const o of failedOutcomes) {
    if (failures.some((f) => o.title.includes(f.property) || f.property.includes(o.title))) continue;
    failures.push({
      property: o.title,
      message: o.clauseFailures[0]?.message ?? o.error ?? o.status,
      seed: null,
      path: null,
      replay: null,
      counterexample: null,
    });
  }
  return {
    status: 'run',
    reason: null,
    properties: fuzz.length || new Set(records.map((r) => r.property)).size,
    passed: fuzz.filter((o) => o.status === 'passed').length,
    failed: failedOutcomes.length,
    skipped: fuzz.filter((o) => o.status === 'skipped').length,
    runs: withRuns.length ? withRuns.reduce((sum, r) => sum + (r.runs ?? 0), 0) : null,
    seeds: records.map((r) => ({ ...r })),
    failures,
  };
}
