/**
 * The certification's request-coverage table: per operation of the contract, which credential cases, parameters,
 * invalid values and create bodies the run sent (the cases each line of requests.jsonl carries), and which of the
 * cases a full run sends this one never did. Pure.
 */
import { requestCoverage } from '../contract/request-cases.ts';
import type { RequestCoverageSection } from './report/report-model.ts';
import type { RequestLine } from './run-files.ts';

const NOTE =
  'Cases each request exercised (src/contract/request-cases.ts), with how many requests sent each. A deviation on a request never sent cannot be caught: "missing" lists the cases a full run that may write, against a target with a cancel route, sends and this run did not (a run limited to some clauses, to reads, or without a cancel route misses some; the clauses they confirm are then not confirmed by them).';

/** `prefix:rest (n)` of the cases with that prefix, the prefix left out. */
function listed(sent: Record<string, number>, ...prefixes: string[]): string[] {
  return Object.entries(sent)
    .filter(([c]) => prefixes.some((p) => c.startsWith(`${p}:`)))
    .map(([c, n]) => `${c.slice(c.indexOf(':') + 1)} (${n})`)
    .sort();
}

export function requestCoverageSection(lines: readonly RequestLine[]): RequestCoverageSection {
  const sent = lines.flatMap((l) => (l.retried ? [] : [{ operation: l.operation, path: '', cases: l.cases ?? [] }]));
  return {
    note: NOTE,
    rows: requestCoverage(sent).map((row) => ({
      operation: row.operation,
      requests: row.requests,
      credentials: listed(row.sent, 'credentials'),
      parameters: listed(row.sent, 'param', 'combined'),
      invalidValues: listed(row.sent, 'invalid'),
      body: listed(row.sent, 'body'),
      missing: row.missing,
    })),
  };
}
