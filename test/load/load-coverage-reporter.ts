/**
 * The closing lines of `npm run coverage:load`: the share of load/ that ran end to end (load-coverage.ts), and the files
 * only k6 runs. Clears the measurements at the start of the run so the figure is this run's. In npm test, which does
 * not measure, one line saying where the figure is.
 */
import type { Reporter } from '@playwright/test/reporter';
import { describeLoadCoverage, measureLoadCoverage, measuringLoadCoverage, resetLoadCoverage } from './load-coverage.ts';

export default class LoadCoverageReporter implements Reporter {
  printsToStdio(): boolean {
    return true;
  }

  onBegin(): void {
    if (measuringLoadCoverage()) resetLoadCoverage();
  }

  onEnd(): void {
    if (!measuringLoadCoverage()) {
      process.stdout.write(
        '\nLoad coverage: not measured in this run (V8 coverage would cost a minute of CPU); npm run coverage:load measures it.\n',
      );
      return;
    }
    const coverage = measureLoadCoverage();
    const lines =
      coverage === null
        ? ['Load coverage: not measured (no test of this run drove a load flow).']
        : describeLoadCoverage(coverage, Number(process.env.LOAD_COVERAGE_DETAIL ?? 3));
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
