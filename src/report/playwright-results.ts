/**
 * The results of a Playwright JSON report (its `json` reporter: results.json, or stdout), every suite's specs flattened:
 * what the benchmarks and the tests read of a run (its statuses, errors and the workers it started). Only the fields
 * read here are typed; Playwright writes more.
 */
export interface PlaywrightResult {
  status: string;
  workerIndex: number;
  errors: { message?: string }[];
  annotations: { type: string; description?: string }[];
}

/** A report, or one of its suites: specs and nested suites. */
export type PlaywrightReportSuite = { specs?: { tests: { results: PlaywrightResult[] }[] }[]; suites?: PlaywrightReportSuite[] };

/** Every result of every test of the report, in the report's order. */
export function playwrightResults(report: PlaywrightReportSuite): PlaywrightResult[] {
  const all = (s: PlaywrightReportSuite): PlaywrightResult[] => [
    ...(s.specs ?? []).flatMap((sp) => sp.tests.flatMap((t) => t.results)),
    ...(s.suites ?? []).flatMap(all),
  ];
  return all(report);
}
