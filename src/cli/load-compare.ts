/**
 * npm run load:compare -- <reports/load/<scenario>.json | folder of runner reports or logs | runners.log> [baseline.json] [--force]
 *
 * Compares a run report with its baseline (default load/baselines/<scenario>.json), writes
 * reports/perf-regression/<scenario>.md and .html (one pair per scenario: comparing three scenarios keeps three),
 * and exits 0 only when nothing regressed beyond its tolerance. An invalid run (dropped iterations) or an
 * incomparable pair (different work, settings or target; --force compares anyway) exits 1 as well.
 * A folder is read as the runners' reports of one distributed run (k6-operator, one report per runner pod): every
 * .json in it, merged into one (load/lib/compare.ts, mergeRuns); they must be of one run. Saved runner logs
 * (`kubectl logs`, *.log or *.txt, or one such file given alone) are read too: each line marked with a report
 * (LOAD_RUNNER set on the runners) is one runner's report, merged under the same rules.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ConfigError, exitOnConfigError } from '../../src/config/config-error.ts';
import { type ComparableRun, compareRuns, exitCodeFor, mergeRuns, readComparable } from '../../load/lib/compare.ts';
import { REPORT_LOG_MARKER, reportsInLog } from '../../load/lib/report-log-line.ts';
import { renderHtml, renderMarkdown } from '../report/perf-regression-render.ts';
import { parseCompareArgs } from '../k6/args.ts';
import { baselinePath, dashboardFileFor } from '../k6/paths.ts';
import { writeOut } from '../config/terminal-text.ts';

function readJson(path: string, what: string): unknown {
  if (!existsSync(path)) throw new ConfigError(`The ${what} ${path} does not exist.`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new ConfigError(`The ${what} ${path} is not valid JSON.`);
  }
}

function comparable(json: unknown, path: string) {
  try {
    return readComparable(json, path);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** A saved log (kubectl logs of a runner): each report marked in it, by its line (load/lib/report-log-line.ts). */
function reportsOfLog(path: string): Array<{ json: unknown; source: string }> {
  const marked = reportsInLog(readFileSync(path, 'utf8'));
  if (marked.length === 0)
    throw new ConfigError(
      `The log ${path} holds no report line ("${REPORT_LOG_MARKER.trim()}"): was LOAD_RUNNER set on the runner, and the whole log saved (kubectl logs, without --tail)?`,
    );
  return marked.map((text, i) => {
    const source = marked.length === 1 ? path : `${path} (report ${i + 1} of ${marked.length})`;
    try {
      return { json: JSON.parse(text), source };
    } catch {
      throw new ConfigError(`The report line in ${source} is not valid JSON (cut short by a log line limit?).`);
    }
  });
}

/** A folder's runner reports: its report files (*.json) and saved runner logs (*.log, *.txt). */
const REPORT_FILE = /\.json$/;
const LOG_FILE = /\.(log|txt)$/;

/**
 * The run report, or the runners' reports of one distributed run, merged (they must be of one run): a folder of
 * report files and saved logs, or one saved log (kubectl logs of every runner in one file).
 */
function currentRun(summaryPath: string): { run: ComparableRun; files: string[] } {
  if (!existsSync(summaryPath))
    throw new ConfigError(`There is no run report at ${summaryPath}; run npm run load -- <scenario> first, then compare its report.`);
  const files = statSync(summaryPath, { throwIfNoEntry: false })?.isDirectory()
    ? readdirSync(summaryPath)
        .filter((f) => REPORT_FILE.test(f) || LOG_FILE.test(f))
        .sort()
        .map((f) => join(summaryPath, f))
    : [summaryPath];
  if (files.length === 0)
    throw new ConfigError(`The folder ${summaryPath} holds no runner report (*.json) and no runner log (*.log, *.txt).`);
  const reports = files.flatMap((f) => (REPORT_FILE.test(f) ? [{ json: readJson(f, 'run report'), source: f }] : reportsOfLog(f)));
  const runs = reports.map((r) => comparable(r.json, r.source));
  try {
    return { run: mergeRuns(runs), files: reports.map((r) => r.source) };
  } catch (error) {
    throw new ConfigError(`${summaryPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function main(): number {
  const args = parseCompareArgs(process.argv.slice(2));
  const { run: current, files } = currentRun(resolve(args.summaryPath));
  const basePath = resolve(args.baselinePath ?? baselinePath(current.scenario));
  if (!existsSync(basePath))
    throw new ConfigError(
      `There is no baseline for ${current.scenario} at ${basePath}; record one from a passing k6 run of your target: npm run load -- ${current.scenario} && npm run load:baseline -- ${current.scenario}.`,
    );
  const comparison = compareRuns(current, comparable(readJson(basePath, 'baseline'), basePath), { force: args.force });
  const dir = resolve(process.env.REPORTS_DIR ?? 'reports', 'perf-regression');
  mkdirSync(dir, { recursive: true });
  const md = resolve(dir, `${comparison.scenario}.md`);
  const html = resolve(dir, `${comparison.scenario}.html`);
  // k6's own dashboard report, for a run of one runner (a merged run has one per runner pod, in the pods).
  const dashboard = files.length === 1 ? dashboardFileFor(files[0]) : null;
  const links = { dashboard: dashboard !== null && existsSync(dashboard) ? relative(dir, dashboard) : null };
  writeFileSync(md, renderMarkdown(comparison, links));
  writeFileSync(html, renderHtml(comparison, links));
  const merged = files.length > 1 ? ` (${files.length} runners' reports merged)` : '';
  writeOut(`${comparison.scenario}${merged}: ${comparison.status.toUpperCase()}\n`);
  for (const r of comparison.reasons) writeOut(`  - ${r}\n`);
  writeOut(`Reports: ${md}\n         ${html}\n`);
  if (links.dashboard !== null) writeOut(`         ${dashboard} (k6's own, linked from the HTML)\n`);
  return exitCodeFor(comparison);
}

try {
  process.exit(main());
} catch (error) {
  exitOnConfigError(error);
}
