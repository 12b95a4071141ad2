/**
 * npm test's closing line on the load leg: the share of load/ that ran end to end (load-coverage.ts), and the files
 * only k6 runs. Clears the measurements at the start of the run so the figure is this run's.
 */
import type { Reporter } from '@playwright/test/reporter';
import { describeLoadCoverage, measureLoadCoverage, resetLoadCoverage } from './load-coverage.ts';

export default class LoadCoverageReporter implements Reporter {
  printsToStdio(): boolean {
    return true;
  }

  onBegin(): void {
    resetLoadCoverage();
  }

  onEnd(): void {
    const coverage = measureLoadCoverage();
    const lines =
      coverage === null
        ? ['Load coverage: not measured (no test of this run drove a load flow).']
        : describeLoadCoverage(coverage, Number(process.env.LOAD_COVERAGE_DETAIL ?? 3));
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
