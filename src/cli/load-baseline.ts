/**
 * npm run load:baseline -- <scenario | reports/load/<scenario>.json> [--force]
 *
 * Records a run as the baseline load/baselines/<scenario>.json. Only a valid, passing run can be
 * a baseline (--force overrides the "passing" part, never the "valid" part). Tolerance overrides
 * already in the old baseline file are kept.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, release, totalmem, type } from 'node:os';
import { dirname, resolve } from 'node:path';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { type Baseline, baselineFromReport } from '../../load/lib/compare.ts';
import { isScenarioName } from '../../load/lib/names.ts';
import { parseBaselineArgs } from '../k6/args.ts';
import { readReport } from '../k6/outcome.ts';
import { baselinePath } from '../k6/paths.ts';
import { writeOut } from '../config/terminal-text.ts';

/** "2 CPUs (AMD EPYC ...), 7.8 GiB, Linux 6.1 x64" */
function machineLabel(): string {
  const cores = cpus();
  return `${cores.length} CPUs (${cores[0]?.model.trim() ?? 'unknown model'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${type()} ${release()} ${arch()}`;
}

function main(): number {
  const args = parseBaselineArgs(process.argv.slice(2));
  const reportPath = isScenarioName(args.source)
    ? resolve(process.env.LOAD_REPORT_DIR ?? 'reports/load', `${args.source}.json`)
    : resolve(args.source);
  if (!existsSync(reportPath)) throw new ConfigError(`There is no run report at ${reportPath}; run npm run load -- <scenario> first.`);
  const report = readReport(reportPath);
  if (report === null) throw new ConfigError(`${reportPath} is not a load run report.`);
  if ((report.run.engine ?? 'k6') !== 'k6')
    throw new ConfigError(
      `The run in ${reportPath} was made by the project's Node driver (npm test), not k6: a baseline is a k6 run (npm run load -- ${report.scenario}).`,
    );
  if (!report.verdict.valid)
    throw new ConfigError(
      `The run in ${reportPath} is invalid (${report.totals.droppedIterations} dropped iterations) and cannot be a baseline.`,
    );
  if (!report.verdict.passed && !args.force)
    throw new ConfigError(
      `The run in ${reportPath} did not pass (${report.verdict.reasons[0] ?? 'see the report'}); use --force to record it anyway.`,
    );
  const target = baselinePath(report.scenario);
  const baseline: Baseline = baselineFromReport(report, new Date().toISOString(), machineLabel());
  if (existsSync(target)) {
    const old = JSON.parse(readFileSync(target, 'utf8')) as Partial<Baseline>;
    if (old.tolerances) baseline.tolerances = old.tolerances;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(baseline, null, 2)}\n`);
  writeOut(`Baseline for ${report.scenario} recorded from run ${report.run.runId ?? '-'}: ${target}\n`);
  return 0;
}

try {
  process.exit(main());
} catch (error) {
  exitOnConfigError(error);
}
