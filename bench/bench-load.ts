// `npm run bench:load`: how far k6 with our pagination scenario (every page checked against the
// contract) holds its arrival rate against the bundled reference on this machine, in one run: at 100,
// 500, 1000 and 2000 requests/s, the achieved/target rate, dropped iterations and k6's peak memory;
// then k6's memory per VU (two runs that differ only in the VUs k6 pre-allocates). Prints figures and
// asserts nothing. Each k6 binary of K6_BINS (else the one on K6_BIN or PATH) is measured.
//
// The reference runs in its own process without a rate limit; k6 runs without its dashboard export
// (a measurement of the generator, not of the report). Peak memory is k6's VmHWM from /proc (Linux).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { childRole, exitWithParent, forkRole, nextMessage } from './child-roles.ts';
import { scenarioScript, REPO_ROOT } from '../src/k6/paths.ts';
import { describeK6Exit } from '../src/k6/k6-process.ts';
import type { LoadReport } from '../load/lib/report.ts';
import { DEMO_CREDENTIALS, startReferenceServer } from '../reference/server.ts';
import { REFERENCE_PROFILE_PATH } from '../src/run/bundled-reference.ts';
import { EXIT_CODES } from '../src/config/exit-codes.ts';
import { type K6Binary, INSTALL_HINT, k6Binaries } from '../src/k6/k6-binary.ts';
import { parseCommandLine } from '../src/config/command-line.ts';
import { BENCH_LOAD_COMMAND } from '../src/cli/bench-commands.ts';

parseCommandLine(BENCH_LOAD_COMMAND);

const RATES = [100, 500, 1000, 2000];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Latency assumed when k6 pre-allocates VUs: rate x 0.1 s x 2 + 2 VUs (load/lib/plan.ts). */
const EXPECTED_LATENCY_MS = 100;
/** The two memory runs: 10 iterations/s with few VUs, then with many (the latency knob only sizes VUs). */
const MEMORY_RUNS = [{ expectedLatencyMs: 100 }, { expectedLatencyMs: 10_000 }];
const MEMORY_RATE = 10;
const OUT_DIR = join(REPO_ROOT, 'reports', 'bench-load');

type ChildMessage = { url: string };

interface Measured {
  report: LoadReport | null;
  exit: string;
  peakRssBytes: number | null;
  vusMax: number | null;
}

/** k6's peak resident memory so far (VmHWM), or null where /proc is not there. */
function peakRss(pid: number): number | null {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function runK6(bin: K6Binary, url: string, label: string, knobs: Record<string, string>, durationSeconds: number): Promise<Measured> {
  const reportDir = join(OUT_DIR, `${label}-v${bin.version}`);
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    API_BASE_URL: url,
    API_SUBSCRIPTION_KEY: DEMO_CREDENTIALS.subscriptionKey,
    API_SECRET: DEMO_CREDENTIALS.secret,
    API_ENVIRONMENT: 'local',
    API_PROFILE: REFERENCE_PROFILE_PATH,
    RUN_ID: `bench-load-${label}-${Date.now()}`,
    LOAD_REPORT_DIR: reportDir,
    LOAD_DURATION: `${durationSeconds}s`,
    LOAD_K6_VERSION: bin.version ?? '',
    ...knobs,
  };
  const child = spawn(bin.path, ['run', '--quiet', '--no-color', scenarioScript('pagination')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  let peak: number | null = null;
  const poll = setInterval(() => {
    const now = child.pid === undefined ? null : peakRss(child.pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 200);
  const limit = setTimeout(() => child.kill('SIGINT'), (durationSeconds + 60) * 1000); // bounded, whatever happens
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearInterval(poll);
  clearTimeout(limit);
  let report: LoadReport | null = null;
  try {
    report = JSON.parse(readFileSync(join(reportDir, 'pagination.json'), 'utf8')) as LoadReport;
  } catch {
    process.stderr.write(
      `  ${label}: ${describeK6Exit(code)} and wrote no report${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}\n`,
    );
  }
  const metrics = (report?.k6Summary as { metrics?: Record<string, { values?: Record<string, number> }> } | undefined)?.metrics;
  const vusMax = metrics?.vus_max?.values?.max ?? metrics?.vus_max?.values?.value ?? null;
  return { report, exit: describeK6Exit(code), peakRssBytes: peak, vusMax };
}

const mib = (bytes: number | null): string => (bytes === null ? '—' : (bytes / 2 ** 20).toFixed(1));
const pad = (cells: readonly string[], widths: readonly number[]): string => cells.map((c, i) => c.padStart(widths[i])).join('  ');

async function benchBinary(bin: K6Binary, url: string): Promise<void> {
  const widths = [11, 12, 9, 8, 8, 5, 13];
  process.stdout.write(`\nk6 v${bin.version} (${bin.path})\n`);
  process.stdout.write(`${pad(['target rps', 'achieved rps', 'achieved', 'dropped', 'p95 ms', 'VUs', 'k6 peak MiB'], widths)}\n`);
  for (const rate of RATES) {
    process.stderr.write(`[bench:load] k6 v${bin.version}: ${rate} requests/s for ${SECONDS} s ...\n`);
    const m = await runK6(
      bin,
      url,
      `rate-${rate}`,
      { PAGE_RATE: String(rate), LOAD_EXPECTED_LATENCY_MS: String(EXPECTED_LATENCY_MS) },
      SECONDS,
    );
    const t = m.report?.totals;
    const achieved = t ? t.iterationsPerSecond : null;
    const cells = [
      String(rate),
      achieved === null ? '—' : achieved.toFixed(1),
      achieved === null ? '—' : `${((achieved / rate) * 100).toFixed(1)}%`,
      t ? String(t.droppedIterations) : '—',
      t ? t.p95.toFixed(1) : '—',
      m.vusMax === null ? '—' : String(m.vusMax),
      mib(m.peakRssBytes),
    ];
    process.stdout.write(`${pad(cells, widths)}${m.report ? '' : `  (${m.exit})`}\n`);
  }
  process.stderr.write(`[bench:load] k6 v${bin.version}: memory per VU (two runs of 3 s at ${MEMORY_RATE} requests/s) ...\n`);
  const runs: Measured[] = [];
  for (const r of MEMORY_RUNS)
    runs.push(
      await runK6(
        bin,
        url,
        `vus-${r.expectedLatencyMs}`,
        { PAGE_RATE: String(MEMORY_RATE), LOAD_EXPECTED_LATENCY_MS: String(r.expectedLatencyMs) },
        3,
      ),
    );
  const [a, b] = runs;
  if (a.peakRssBytes === null || b.peakRssBytes === null || a.vusMax === null || b.vusMax === null || b.vusMax <= a.vusMax) {
    process.stdout.write('k6 memory per VU: not measured (no /proc, or a run wrote no report)\n');
    return;
  }
  const perVu = (b.peakRssBytes - a.peakRssBytes) / (b.vusMax - a.vusMax);
  process.stdout.write(
    `k6 memory per VU: ${mib(perVu)} MiB (peak ${mib(a.peakRssBytes)} MiB with ${a.vusMax} VUs, ${mib(b.peakRssBytes)} MiB with ${b.vusMax} VUs)\n`,
  );
}

async function main(): Promise<number> {
  const { binaries, errors, source } = k6Binaries();
  for (const e of errors) process.stderr.write(`${e.error}\n`);
  if (errors.length > 0) return EXIT_CODES.usage;
  if (binaries.length === 0) {
    process.stderr.write(`\n${source}\n${INSTALL_HINT}\n\n`);
    return EXIT_CODES.toolMissing;
  }
  if (!Number.isFinite(SECONDS) || SECONDS < 1 || SECONDS > 120) {
    process.stderr.write(`BENCH_SECONDS must be a number of seconds from 1 to 120, got "${process.env.BENCH_SECONDS}".\n`);
    return EXIT_CODES.usage;
  }
  const server = forkRole(import.meta.url, 'reference');
  const stop = (): void => {
    server.kill();
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const { url } = await nextMessage<ChildMessage>(server, 'reference server');
    const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
    process.stdout.write(
      `bench:load: k6 (load/pagination.ts, every page checked) against the bundled reference (own process, no rate limit), ${SECONDS} s per rate\n`,
    );
    process.stdout.write(
      `machine: ${cpus().length} CPUs (${model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${type()} ${release()}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the start (other work on a shared machine skews every figure)\n`,
    );
    for (const bin of binaries) await benchBinary(bin, url);
    process.stdout.write(`\nReports of each run: ${OUT_DIR}\n`);
    return 0;
  } finally {
    server.kill();
  }
}

if (childRole() === 'reference') {
  exitWithParent();
  const server = await startReferenceServer({ port: 0 });
  process.send!({ url: server.url } satisfies ChildMessage);
} else {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`bench:load failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
