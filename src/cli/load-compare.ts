/**
 * npm run load:compare -- <summary.json> [baseline.json] [--force]
 *
 * Compares a run report with its baseline (default load/baselines/<scenario>.json), writes
 * reports/perf-regression.md and reports/perf-regression.html, and exits 0 only when nothing
 * regressed beyond its tolerance. An invalid run (dropped iterations) or an incomparable pair
 * (different settings or target; --force compares anyway) exits 1 as well.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { compareRuns, exitCodeFor, readComparable } from '../../load/lib/compare.ts';
import { renderHtml, renderMarkdown } from '../../load/lib/compare-render.ts';
import { parseCompareArgs } from '../k6/args.ts';
import { baselinePath, dashboardFileFor } from '../k6/paths.ts';

function readJson(path: string, what: string): unknown {
  if (!existsSync(path)) throw new ConfigError(`The ${what} ${path} does not exist.`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new ConfigError(`The ${what} ${path} is not valid JSON.`);
  }
}

function comparable(path: string, what: string) {
  try {
    return readComparable(readJson(path, what), path);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

function main(): number {
  const args = parseCompareArgs(process.argv.slice(2));
  const current = comparable(resolve(args.summaryPath), 'run report');
  const basePath = resolve(args.baselinePath ?? baselinePath(current.scenario));
  if (!existsSync(basePath))
    throw new ConfigError(
      `There is no baseline for ${current.scenario} at ${basePath}; record one with npm run load:baseline -- ${args.summaryPath}.`,
    );
  const comparison = compareRuns(current, comparable(basePath, 'baseline'), { force: args.force });
  const dir = resolve(process.env.REPORTS_DIR ?? 'reports');
  mkdirSync(dir, { recursive: true });
  const md = resolve(dir, 'perf-regression.md');
  const html = resolve(dir, 'perf-regression.html');
  const dashboard = dashboardFileFor(resolve(args.summaryPath));
  const links = { dashboard: existsSync(dashboard) ? relative(dir, dashboard) : null };
  writeFileSync(md, renderMarkdown(comparison, links));
  writeFileSync(html, renderHtml(comparison, links));
  process.stdout.write(`${comparison.scenario}: ${comparison.status.toUpperCase()}\n`);
  for (const r of comparison.reasons) process.stdout.write(`  - ${r}\n`);
  process.stdout.write(`Reports: ${md}\n         ${html}\n`);
  if (links.dashboard !== null) process.stdout.write(`         ${dashboard} (k6's own, linked from the HTML)\n`);
  return exitCodeFor(comparison);
}

try {
  process.exit(main());
} catch (error) {
  exitOnConfigError(error);
}
