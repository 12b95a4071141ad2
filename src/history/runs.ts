/**
 * Reading a series of past runs for `npm run history`: each a certification folder as `npm run certify` leaves it (a
 * CI artifact downloaded, or a folder where runs accumulate). What a run is made of here: its certification.json
 * (verdict, clauses, target, suite and deployment versions), its evidence (config.json: the pace and environment;
 * requests.jsonl: every exchange's operation, status and milliseconds) and the load reports beside it (the load
 * smoke's, or a k6 / Node-driver report). Anything that is not such a run is skipped with a reason, never a crash.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { validateCertificationReport, validateStoppedCertification } from '../report/report-schema.ts';
import { checkPackageIntegrity } from '../report/signature.ts';
import { NOT_IN_THIS_RUN, readUnconfirmed } from '../report/unconfirmed-reason.ts';

export type RunVerdict = 'pass' | 'fail' | 'incomplete' | 'stopped';

/** One exchange's latency, as requests.jsonl records it. */
export interface OperationLatencies {
  /** Milliseconds of the successful (2xx) answers, per operation (`offer.list`, `subscription.create`, ...). */
  [operation: string]: number[];
}

export interface LoadFigures {
  scenario: string;
  engine: string;
  /** Per endpoint key (`GET /offer limit=7`): p95 in ms. */
  p95: Record<string, number>;
  passed: boolean;
}

export interface RunRecord {
  /** The folder, as given or found. */
  dir: string;
  runId: string;
  startedAt: string;
  verdict: RunVerdict;
  /** Why the run stopped, for a STOPPED run. */
  stoppedKind: string | null;
  /** The target as the report names it (the bundled reference's port changes every run, so it compares as one). */
  target: string;
  environment: string;
  /** Requests per second the run was allowed (API_RATE; 0: not paced). */
  pace: number | null;
  suiteVersion: string;
  deploymentVersion: string | null;
  /** Clause id -> status (pass, fail, waived, observed, ...), and the first failure's message of each failing one. */
  clauses: Record<string, string>;
  failures: Record<string, string>;
  /**
   * Clause id -> why the verdict says it is not confirmed ("its tests failed on OFFER-SCHEMA"), for the clauses the run
   * meant to confirm (one it left out, `--clauses`, says nothing of the clause and is not here).
   */
  unconfirmed: Record<string, string>;
  latencies: OperationLatencies;
  load: LoadFigures[];
  /** The report's HTML page, when the folder holds one. */
  reportPage: string | null;
}

export interface SkippedFolder {
  dir: string;
  reason: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Folders named by the arguments: each a run, or a folder holding runs (a level or two down); `*` and `?` match in the last part. */
export function expandArguments(args: readonly string[]): { folders: string[]; skipped: SkippedFolder[] } {
  const folders: string[] = [];
  const skipped: SkippedFolder[] = [];
  /** Runs found at or under `dir`; a folder beside runs that holds none is skipped with its reason. */
  const visit = (dir: string, depth: number): number => {
    if (existsSync(join(dir, 'certification.json'))) {
      folders.push(dir);
      return 1;
    }
    if (depth === 0) return 0;
    let found = 0;
    for (const child of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const here = visit(join(dir, child.name), depth - 1);
      if (here === 0) skipped.push({ dir: join(dir, child.name), reason: 'holds no certification.json (not a run, nor a folder of runs)' });
      found += here;
    }
    return found;
  };
  const top = (dir: string) => {
    if (visit(dir, 2) === 0) skipped.push({ dir, reason: 'holds no certification.json (not a run, nor a folder of runs)' });
  };
  for (const arg of args) {
    const path = resolve(arg);
    const last = basename(path);
    if (/[*?]/.test(last)) {
      const pattern = new RegExp(
        `^${last
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      );
      const parent = dirname(path);
      const matches = existsSync(parent) ? readdirSync(parent).filter((n) => pattern.test(n)) : [];
      if (matches.length === 0) skipped.push({ dir: arg, reason: 'matches no folder' });
      for (const name of matches) if (statSync(join(parent, name)).isDirectory()) top(join(parent, name));
    } else if (!existsSync(path) || !statSync(path).isDirectory()) skipped.push({ dir: arg, reason: 'is not a folder' });
    else top(path);
  }
  return { folders: [...new Set(folders)], skipped };
}

/**
 * Milliseconds of each successful answer, per operation. A line that does not parse is a truncated file: a package's
 * requests.jsonl is copied whole once the run ended, so a cut line means a damaged copy whose figures would be short.
 */
function latenciesOf(dir: string): OperationLatencies | { truncated: string } {
  const out: OperationLatencies = {};
  const file = join(dir, 'evidence', 'requests.jsonl');
  if (!existsSync(file)) return out;
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      return { truncated: `its evidence/requests.jsonl line ${i + 1} does not read as JSON: truncated?` };
    }
    if (!isObject(entry) || typeof entry.operation !== 'string' || typeof entry.ms !== 'number' || typeof entry.status !== 'number')
      continue;
    if (entry.status < 200 || entry.status > 299) continue;
    out[entry.operation] = [...(out[entry.operation] ?? []), entry.ms];
  }
  return out;
}

/** The load reports beside a run (suite/load/*.json), or the one that does not read (a damaged copy, as above). */
function loadFiguresOf(dir: string): LoadFigures[] | { truncated: string } {
  const folder = join(dir, 'suite', 'load');
  if (!existsSync(folder)) return [];
  const out: LoadFigures[] = [];
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.json'))) {
    let r: unknown;
    try {
      r = readJson(join(folder, name));
    } catch {
      return { truncated: `its suite/load/${name} does not read as JSON: truncated?` };
    }
    if (!isObject(r) || r.schema !== 'osd-suite/load-report@1' || !Array.isArray(r.endpoints)) continue;
    const run = isObject(r.run) ? r.run : {};
    const p95: Record<string, number> = {};
    for (const e of r.endpoints) if (isObject(e) && typeof e.key === 'string' && typeof e.p95 === 'number') p95[e.key] = e.p95;
    out.push({
      scenario: String(r.scenario),
      engine: typeof run.engine === 'string' ? run.engine : 'k6',
      p95,
      passed: isObject(r.verdict) && r.verdict.passed === true,
    });
  }
  return out;
}

/** One folder read as a run, or the reason it is skipped. */
export function readRun(dir: string, opts: { suiteVersion: string; publicKey: KeyObject | null }): RunRecord | SkippedFolder {
  const skip = (reason: string): SkippedFolder => ({ dir, reason });
  let report: unknown;
  try {
    report = readJson(join(dir, 'certification.json'));
  } catch (error) {
    return skip(
      `its certification.json does not read as JSON (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): truncated?`,
    );
  }
  if (!isObject(report)) return skip('its certification.json is not an object');
  const stopped = report.format === 'osd-suite/certification-stopped@1';
  const check = stopped ? validateStoppedCertification(report) : validateCertificationReport(report);
  if (!check.valid) return skip(`its certification.json does not match the report schema (${check.errors.slice(0, 2).join('; ')})`);
  const suite = isObject(report.suite) ? String(report.suite.version) : '';
  if (suite !== opts.suiteVersion)
    return skip(`a run of suite ${suite}, not of this suite (${opts.suiteVersion}): its clauses may not mean the same`);
  if (opts.publicKey) {
    const { problem } = checkPackageIntegrity(dir, opts.publicKey);
    if (problem) return skip(`does not verify with --public-key: ${problem}`);
  }
  const target = isObject(report.target) ? report.target : {};
  // No evidence (a STOPPED run has none): no pace is known. A config.json that does not read is a damaged copy: its
  // run's pace would be unknown, and the run wrongly "not comparable".
  let config: Json = {};
  const configFile = join(dir, 'evidence', 'config.json');
  if (existsSync(configFile)) {
    let read: unknown;
    try {
      read = readJson(configFile);
    } catch {
      return skip('its evidence/config.json does not read as JSON: truncated?');
    }
    if (isObject(read) && isObject(read.config)) config = read.config;
  }
  const clauses: Record<string, string> = {};
  const failures: Record<string, string> = {};
  for (const c of Array.isArray(report.clauses) ? report.clauses : []) {
    if (!isObject(c) || typeof c.id !== 'string') continue;
    clauses[c.id] = String(c.status);
    const first = Array.isArray(c.failures) ? c.failures.find(isObject) : undefined;
    if (first) failures[c.id] = String(first.message ?? first.received ?? '');
  }
  const unconfirmed: Record<string, string> = {};
  for (const reason of Array.isArray(report.verdictReasons) ? report.verdictReasons : []) {
    const read = typeof reason === 'string' ? readUnconfirmed(reason) : null;
    if (read && read.why !== NOT_IN_THIS_RUN && read.id in clauses) unconfirmed[read.id] = read.why;
  }
  const pkg = isObject(report.package) ? report.package : {};
  const latencies = latenciesOf(dir);
  if ('truncated' in latencies && typeof latencies.truncated === 'string') return skip(latencies.truncated);
  const load = loadFiguresOf(dir);
  if (!Array.isArray(load)) return skip(load.truncated);
  return {
    dir,
    runId: String(report.runId),
    startedAt: String(report.startedAt),
    verdict: String(report.verdict) as RunVerdict,
    stoppedKind: stopped && isObject(report.stopped) ? String(report.stopped.kind) : null,
    target: target.bundledReference === true ? 'the bundled reference' : String(target.baseUrl ?? ''),
    environment: String(report.environment ?? target.environment ?? config.environment ?? ''),
    pace: typeof config.rate === 'number' ? config.rate : null,
    suiteVersion: suite,
    deploymentVersion: typeof pkg.deploymentVersion === 'string' ? pkg.deploymentVersion : null,
    clauses,
    failures,
    unconfirmed,
    latencies: latencies as OperationLatencies,
    load,
    reportPage: existsSync(join(dir, 'index.html')) ? join(dir, 'index.html') : null,
  };
}

export const isSkipped = (r: RunRecord | SkippedFolder): r is SkippedFolder => 'reason' in r;

/** A path as a page in `from` links to it. */
export const linkFrom = (from: string, to: string) => relative(from, to).split('\\').join('/');
