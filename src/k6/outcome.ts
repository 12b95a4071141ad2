/**
 * The verdict of `npm run load`: the run report decides, k6's exit code only says whether k6 got
 * that far. Exit codes: 0 passed, 1 failed or invalid, and k6's own code when it wrote no report.
 */
import { readFileSync } from 'node:fs';
import type { LoadReport } from '../../load/lib/report.ts';
import { describeK6Exit } from './k6-process.ts';

export interface RunOutcome {
  exitCode: number;
  lines: string[];
}

export function readReport(path: string): LoadReport | null {
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as LoadReport;
    return json.schema === 'osd-suite/load-report@1' ? json : null;
  } catch {
    return null;
  }
}

/**
 * `interrupted`: this process stopped k6 on purpose (load:contract), so k6's 105 is a normal end.
 * k6 exits 99 when a threshold is crossed; the report then says whether that was a failure or the
 * rate-probe's stop rule (by design).
 */
export function runOutcome(k6Exit: number | null, report: LoadReport | null, interrupted = false): RunOutcome {
  if (report === null) {
    return { exitCode: k6Exit !== null && k6Exit !== 0 ? k6Exit : 1, lines: [`${describeK6Exit(k6Exit)} and wrote no report.`] };
  }
  const lines: string[] = [];
  const normalEnd = k6Exit === 0 || k6Exit === 99 || (interrupted && k6Exit === 105);
  if (!normalEnd) lines.push(`${describeK6Exit(k6Exit)}; the report covers the run up to that point.`);
  const v = report.verdict;
  if (v.stoppedByDesign !== null) lines.push(`Stopped by design: ${v.stoppedByDesign}.`);
  for (const r of v.reasons) lines.push(r);
  const status = !v.valid ? 'INVALID' : v.passed && normalEnd ? 'PASSED' : 'FAILED';
  lines.unshift(`load ${report.scenario}: ${status}`);
  return { exitCode: status === 'PASSED' ? 0 : 1, lines };
}
