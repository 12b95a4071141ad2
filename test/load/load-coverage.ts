/**
 * The share of load/ that the load tests run, measured, not assumed (`npm run coverage:load`): every process the load
 * tests start to run load code
 * (the Node driver, load:compare, load:baseline, the load commands) writes V8 coverage (NODE_V8_COVERAGE) under one
 * folder; c8 maps it through the source maps tsx writes onto load/**.ts.
 *
 * The figure counts every line of load/ that holds code, the k6-only files' (they import k6, so only k6 runs them) as
 * lines not run; they are also named. Files that hold types only have no line to run and are left out. A second
 * figure gives the share of the lines Node can run at all (the k6-only files apart).
 *
 * A lower bound: the load helpers' unit tests run inside Playwright's workers, which are not measured (coverage in
 * every worker would slow all of npm test); what counts is what ran end to end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const LOAD_COVERAGE_DIR = join(PROJECT_TEST_OUTPUT, 'load-coverage');
const RAW = join(LOAD_COVERAGE_DIR, 'v8');
/** The goal (issue 39): at least this share of load/'s lines run in npm test. */
export const LOAD_COVERAGE_GOAL = 0.9;

/**
 * Whether this run measures: `npm run coverage:load` sets LOAD_COVERAGE=1. Not npm test: V8 coverage costs each of the
 * some 150 load processes it starts about 0.4 s of CPU (writing every script's counts at exit), a minute of CPU in all.
 */
export const measuringLoadCoverage = (): boolean => process.env.LOAD_COVERAGE === '1';

/** The environment a child process running load code gets: when measuring, its V8 coverage is kept for the figure. */
export function loadCoverageEnv(): Record<string, string> {
  if (!measuringLoadCoverage()) return {};
  mkdirSync(RAW, { recursive: true });
  return { NODE_V8_COVERAGE: RAW };
}

export function resetLoadCoverage(): void {
  rmSync(LOAD_COVERAGE_DIR, { recursive: true, force: true });
}

function loadFiles(dir = join(ROOT, 'load')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return loadFiles(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

const imports = (text: string): string[] => [...text.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);

export interface LoadCoverage {
  /** Lines run over the lines of load/ that hold code, the k6-only files' counted as not run: the figure judged. */
  share: number;
  covered: number;
  total: number;
  /** Lines run over the lines Node can run (the k6-only files apart). */
  nodeShare: number;
  nodeTotal: number;
  /** Files that import a k6 module: only k6 runs them. */
  k6Only: string[];
  /** Their lines, in `total` and never run here. */
  k6OnlyLines: number;
  /** Files with no line to run (types only). */
  typesOnly: string[];
  /** Per file Node runs, the share of its lines that ran, lowest first. */
  files: Array<{ file: string; covered: number; total: number }>;
}

/** The figure from the coverage npm test left, or null when no load code ran under measurement. */
export function measureLoadCoverage(): LoadCoverage | null {
  if (!existsSync(RAW) || readdirSync(RAW).length === 0) return null;
  const out = join(LOAD_COVERAGE_DIR, 'summary');
  const c8 = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'c8', 'bin', 'c8.js'),
      'report',
      '--temp-directory',
      RAW,
      '--report-dir',
      out,
      '--reporter',
      'json-summary',
      '--all',
      '--src',
      ROOT,
      '--include',
      'load/**/*.ts',
      '--exclude',
      'load/**/*.d.ts',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (c8.status !== 0) throw new Error(`c8 report failed: ${c8.stderr}`);
  const summary = JSON.parse(readFileSync(join(out, 'coverage-summary.json'), 'utf8')) as Record<
    string,
    { lines: { total: number; covered: number } }
  >;
  const result: LoadCoverage = {
    share: 0,
    covered: 0,
    total: 0,
    nodeShare: 0,
    nodeTotal: 0,
    k6Only: [],
    k6OnlyLines: 0,
    typesOnly: [],
    files: [],
  };
  for (const path of loadFiles()) {
    const file = relative(ROOT, path);
    const text = readFileSync(path, 'utf8');
    const lines = summary[path]?.lines ?? { total: text.split('\n').length, covered: 0 };
    if (imports(text).some((spec) => /^k6(\/|$)/.test(spec))) {
      result.k6Only.push(file);
      result.k6OnlyLines += lines.total;
    } else if (
      transformSync(text, { loader: 'ts' })
        .code.replace(/^\s*(import|export)\s[^;]*;\s*$/gm, '')
        .trim() === ''
    )
      result.typesOnly.push(file);
    else {
      result.files.push({ file, covered: lines.covered, total: lines.total });
      result.covered += lines.covered;
      result.nodeTotal += lines.total;
    }
  }
  result.total = result.nodeTotal + result.k6OnlyLines;
  result.share = result.total === 0 ? 0 : result.covered / result.total;
  result.nodeShare = result.nodeTotal === 0 ? 0 : result.covered / result.nodeTotal;
  result.files.sort((a, b) => a.covered / a.total - b.covered / b.total);
  return result;
}

/** The closing lines: the figure against its goal, the least-run files, and the files left to k6. */
export function describeLoadCoverage(c: LoadCoverage, detail = 3): string[] {
  const percent = (n: number) => `${(n * 100).toFixed(1)}%`;
  return [
    `Load coverage: ${percent(c.share)} of load/'s lines ran in the load tests (${c.covered} of ${c.total}, the k6-only files' ${c.k6OnlyLines} counted as not run; goal ${percent(LOAD_COVERAGE_GOAL)}${c.share < LOAD_COVERAGE_GOAL ? ', NOT MET' : ''}); ${percent(c.nodeShare)} of the lines Node can run, through the Node driver and the load commands.`,
    `  least run: ${c.files
      .slice(0, detail)
      .map((f) => `${f.file} ${percent(f.covered / f.total)}`)
      .join(', ')}`,
    `  left to k6 (they import k6, so only k6 runs them): ${c.k6Only.join(', ')}; types only (no line to run): ${c.typesOnly.join(', ')}`,
  ];
}
