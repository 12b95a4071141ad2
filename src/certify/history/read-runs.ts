/**
 * Finding and reading past runs: every folder under the paths given (folders or globs) that holds a certification.json.
 * What cannot be read as a run of this suite is skipped with its reason, never a crash: a folder that is not a run, a
 * truncated or invalid file, a run of another suite version, a package whose signature or files do not verify.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { readPublicKey } from '../../report/signature.ts';
import { validateCertificationReport, validateStoppedCertification } from '../../report/report-schema.ts';
import type { CertificationReport } from '../report/report-model.ts';
import { unconfirmedGroups } from '../report/unconfirmed.ts';
import { integrityProblem } from '../verify.ts';
import { type ClauseState, operationLatency, type RunRecord, unconfirmedCauses } from './series.ts';

export interface Skipped {
  path: string;
  reason: string;
}

export interface ReadRuns {
  runs: RunRecord[];
  skipped: Skipped[];
}

const REPORT = 'certification.json';
const REQUESTS = join('evidence', 'requests.jsonl');
/** How deep under a path given the search for runs goes (a folder of artifacts, each holding a run, each its report). */
const MAX_DEPTH = 4;

const globRegex = (segment: string) =>
  new RegExp(
    `^${segment
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

/** A path with `*`, `?` or `**` in it, expanded (a shell that did not expand a quoted glob); a plain path as it is. */
export function expandGlob(pattern: string): string[] {
  const abs = resolve(pattern);
  if (!/[*?]/.test(abs)) return [abs];
  const parts = abs.split(sep);
  let paths = [parts[0] || sep];
  for (const part of parts.slice(1)) {
    if (part === '') continue;
    const next: string[] = [];
    for (const base of paths) {
      if (part === '**') next.push(base, ...subfolders(base, MAX_DEPTH));
      else if (/[*?]/.test(part)) {
        const re = globRegex(part);
        for (const name of safeList(base)) if (re.test(name)) next.push(join(base, name));
      } else next.push(join(base, part));
    }
    paths = next;
  }
  return paths.filter((p) => existsSync(p));
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

function subfolders(dir: string, depth: number): string[] {
  if (depth === 0) return [];
  return safeList(dir)
    .map((n) => join(dir, n))
    .filter(isDir)
    .flatMap((d) => [d, ...subfolders(d, depth - 1)]);
}

/** The run folders under one path given: itself when it holds a report, else each folder below it that does. */
export function runFolders(path: string): { runs: string[]; skipped: Skipped[] } {
  if (!existsSync(path)) return { runs: [], skipped: [{ path, reason: 'no such file or folder' }] };
  if (!isDir(path)) {
    if (basename(path) === REPORT) return { runs: [dirname(path)], skipped: [] };
    return { runs: [], skipped: [{ path, reason: `a file, not a run folder (a run folder holds ${REPORT})` }] };
  }
  if (existsSync(join(path, REPORT))) return { runs: [path], skipped: [] };
  const found = subfolders(path, MAX_DEPTH).filter((d) => existsSync(join(d, REPORT)));
  // A run's own staging or evidence folders hold no report; a found run's subfolders are never runs of their own.
  const runs = found.filter((d) => !found.some((o) => o !== d && d.startsWith(o + sep)));
  return runs.length ? { runs, skipped: [] } : { runs: [], skipped: [{ path, reason: `not a run: no ${REPORT} in it or below it` }] };
}

export interface ReadOptions {
  suiteVersion: string;
  /** With --public-key: only packages whose signature and files verify are taken. */
  publicKeyPath: string | null;
  /** The history's own folder: the links to each run's report are relative to it. */
  outDir: string;
}

export function readRuns(paths: readonly string[], options: ReadOptions): ReadRuns {
  const key = options.publicKeyPath ? readPublicKey(options.publicKeyPath) : null;
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  const runs: RunRecord[] = [];
  const byId = new Map<string, string>();
  for (const given of paths) {
    const expanded = expandGlob(given);
    if (expanded.length === 0) skipped.push({ path: given, reason: 'matches no file or folder' });
    for (const path of expanded) {
      const found = runFolders(path);
      skipped.push(...found.skipped);
      for (const dir of found.runs) {
        const real = realpathSync(dir);
        if (seen.has(real)) continue;
        seen.add(real);
        const result = readRun(dir, key, options);
        if ('reason' in result) {
          skipped.push({ path: dir, reason: result.reason });
          continue;
        }
        const twin = byId.get(`${result.runId}@${result.startedAt}`);
        if (twin) {
          skipped.push({ path: dir, reason: `the same run as ${twin} (run ${result.runId}), counted once` });
          continue;
        }
        byId.set(`${result.runId}@${result.startedAt}`, dir);
        runs.push(result);
      }
    }
  }
  return { runs, skipped };
}

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parseJson(file: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (e) {
    return { ok: false, reason: `${basename(file)} is not whole JSON (truncated?): ${(e as Error).message.split('\n')[0]}` };
  }
}

function readRun(dir: string, key: ReturnType<typeof readPublicKey> | null, options: ReadOptions): RunRecord | Skipped {
  const fail = (reason: string): Skipped => ({ path: dir, reason });
  if (key) {
    const problem = integrityProblem(dir, key);
    if (problem) return fail(`does not verify with --public-key: ${problem}`);
  }
  const parsed = parseJson(join(dir, REPORT));
  if (!parsed.ok) return fail(parsed.reason);
  const data = parsed.value as { format?: unknown; suite?: { version?: unknown } };
  const version = typeof data?.suite?.version === 'string' ? data.suite.version : null;
  if (version !== null && version !== options.suiteVersion)
    return fail(`a run of suite ${version}, not of this suite (${options.suiteVersion}): its clauses and checks are not the same`);
  const link = existsSync(join(dir, 'index.html')) ? relative(options.outDir, join(dir, 'index.html')).split(sep).join('/') : null;
  if (data?.format === 'osd-suite/certification-stopped@1') {
    const check = validateStoppedCertification(data);
    if (!check.valid) return fail(`${REPORT} does not match its schema: ${check.errors.slice(0, 3).join('; ')}`);
    return stoppedRun(dir, link, data as unknown as StoppedReport);
  }
  const check = validateCertificationReport(data);
  if (!check.valid) return fail(`${REPORT} does not match its schema: ${check.errors.slice(0, 3).join('; ')}`);
  const report = data as unknown as CertificationReport;
  const latency = readLatency(join(dir, REQUESTS));
  if ('reason' in latency) return fail(latency.reason);
  return judgedRun(dir, link, report, latency.samples);
}

interface StoppedReport {
  runId: string | null;
  startedAt: string;
  suite: { version: string };
  stopped: { kind: string; message: string };
  target: { baseUrl: string; environment: string; bundledReference: boolean } | null;
}

function stoppedRun(dir: string, reportLink: string | null, r: StoppedReport): RunRecord {
  return {
    dir,
    reportLink,
    runId: r.runId ?? basename(dir),
    startedAt: r.startedAt,
    verdict: 'stopped',
    headline: `stopped (${r.stopped.kind}): ${r.stopped.message}`,
    target: r.target ? (r.target.bundledReference ? 'bundled reference server' : r.target.baseUrl) : 'no target (configuration refused)',
    environment: r.target?.environment ?? 'unknown',
    suiteVersion: r.suite.version,
    deploymentVersion: null,
    rate: 0,
    engines: [],
    clauses: {},
    causes: {},
    latency: [],
    load: [],
  };
}

const STATE: Partial<Record<string, ClauseState>> = { pass: 'pass', fail: 'fail', waived: 'waived' };

function judgedRun(dir: string, reportLink: string | null, r: CertificationReport, samples: Map<string, number[]>): RunRecord {
  const groups = unconfirmedGroups(r);
  const unconfirmed = unconfirmedCauses(groups);
  const clauses: Record<string, ClauseState> = {};
  const causes: Record<string, string> = { ...unconfirmed };
  for (const c of r.clauses) {
    const state = STATE[c.status] ?? (unconfirmed[c.id] ? 'unconfirmed' : undefined);
    if (state) clauses[c.id] = state;
    if (c.status === 'fail') {
      const checks = [...new Set(c.failures.map((f) => (f.drift ? 'drift from the pinned profile' : f.check)))];
      causes[c.id] = `fails: ${checks.join(', ') || 'its tests failed'}`;
    }
  }
  const config = r.evidence.config as { target?: unknown; rate?: unknown };
  const engines = r.load.status === 'run' ? [...new Set(r.load.scenarios.map((s) => engineOf(s)))].sort() : [];
  return {
    dir,
    reportLink,
    runId: r.runId,
    startedAt: r.startedAt,
    verdict: r.verdict,
    headline: r.verdictReasons[0] ?? '',
    // The bundled reference answers on a new port each run: it is one target, by name.
    target: r.target.bundledReference ? 'bundled reference server' : typeof config.target === 'string' ? config.target : r.target.baseUrl,
    environment: r.environment,
    suiteVersion: r.suite.version,
    deploymentVersion: r.package.deploymentVersion,
    rate: typeof config.rate === 'number' ? config.rate : 0,
    engines,
    clauses,
    causes,
    latency: operationLatency(samples),
    load:
      r.load.status === 'run'
        ? r.load.scenarios.map((s) => ({
            scenario: s.scenario,
            engine: engineOf(s),
            requests: s.requests,
            requestsPerSecond: s.requestsPerSecond,
            errorRate: s.errorRate,
            p95: s.p95,
            p99: s.p99,
          }))
        : [],
  };
}

/** The load engine a scenario ran on: the report says so once it records it; before that, the load smoke ran on k6. */
const engineOf = (s: object) => ('engine' in s && typeof s.engine === 'string' ? s.engine : 'k6');

/** Milliseconds of each successful answer (2xx), per operation; a line that does not parse is a truncated file. */
function readLatency(file: string): { samples: Map<string, number[]> } | Skipped {
  if (!existsSync(file)) return { path: file, reason: `no ${REQUESTS}: the run's requests were not kept` };
  const samples = new Map<string, number[]>();
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    if (line === '') continue;
    let entry: { operation?: unknown; status?: unknown; ms?: unknown };
    try {
      entry = JSON.parse(line);
    } catch {
      return { path: file, reason: `${REQUESTS} line ${i + 1} is not whole JSON (truncated file?)` };
    }
    if (typeof entry.operation !== 'string' || typeof entry.status !== 'number' || typeof entry.ms !== 'number') continue;
    if (entry.status < 200 || entry.status > 299) continue;
    const list = samples.get(entry.operation);
    if (list) list.push(entry.ms);
    else samples.set(entry.operation, [entry.ms]);
  }
  return { samples };
}
