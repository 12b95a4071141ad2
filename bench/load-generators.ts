// The load generators of the side-by-side benchmarks (bench:reference, bench:proxy): one round of load on one URL,
// read back as the same figures whichever generator made it.
//
// wrk (C, Debian's `wrk` package) is the default where it is installed: it spends a few microseconds of CPU per
// request. autocannon (Node) spends more per request than the reference itself does to answer, and on a machine with
// two cores the generator's share of them is taken from the processes being compared: the more processes a path
// has, the more of the generator's cost lands on it. The lighter the instrument, the more the ratio tells about the
// servers. Either is chosen with BENCH_GENERATOR; each round reports the generator's own CPU per request.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const GENERATORS = ['wrk', 'autocannon'] as const;
export type GeneratorName = (typeof GENERATORS)[number];

/** One round of load on one URL. */
export interface LoadRound {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, read/write errors and timeouts. */
  errors: number;
  /** Answers with a status outside 2xx (wrk counts 3xx with 2xx; none of the benchmarks' answers is a 3xx). */
  non2xx: number;
  /** CPU time the generator spent in the round (user + system, microseconds); null where it cannot be read. */
  generatorCpuMicros: number | null;
}

export interface LoadSettings {
  url: string;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
}

/** What wrk's `done` hook prints: one line, marked, read back by parseWrkReport. */
const WRK_REPORT_MARK = 'wrk-report ';

/**
 * The Lua script given to wrk: its `done` hook prints the round's figures as one JSON line (wrk's own text output
 * rounds and abbreviates). Latencies are in microseconds, the duration too.
 */
const WRK_DONE_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('${WRK_REPORT_MARK}{"requests":%d,"durationMicros":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Micros":%d,"p99Micros":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

interface WrkReport {
  requests: number;
  durationMicros: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Micros: number;
  p99Micros: number;
}

/** The figures of a wrk round from its standard output (the line the done hook printed); throws naming what is missing. */
export function parseWrkReport(stdout: string): Omit<LoadRound, 'generatorCpuMicros'> {
  const reportLine = stdout.split('\n').find((text) => text.startsWith(WRK_REPORT_MARK));
  if (!reportLine) throw new Error(`wrk printed no report line (its output: ${JSON.stringify(stdout.slice(0, 300))})`);
  const report = JSON.parse(reportLine.slice(WRK_REPORT_MARK.length)) as WrkReport;
  for (const [key, value] of Object.entries(report))
    if (!Number.isFinite(value)) throw new Error(`wrk's report has no number for ${key}: ${reportLine}`);
  if (report.durationMicros <= 0) throw new Error(`wrk's report gives a duration of ${report.durationMicros} µs`);
  return {
    requests: report.requests,
    requestsPerSecond: report.requests / (report.durationMicros / 1e6),
    p50Ms: report.p50Micros / 1000,
    p99Ms: report.p99Micros / 1000,
    errors: report.connect + report.read + report.write + report.timeout,
    non2xx: report.status,
  };
}

/** CPU time of this process's children that have ended and been waited for (Linux /proc), in microseconds; null elsewhere. */
export function endedChildrenCpuMicros(stat = readProcSelfStat()): number | null {
  if (stat === null) return null;
  // The fields after the command name, which is in brackets and may hold spaces: cutime and cstime are the 16th and
  // 17th fields of the line, the 14th and 15th after the bracket. /proc counts in USER_HZ ticks, 100 per second.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? ticks * 10_000 : null;
}

function readProcSelfStat(): string | null {
  try {
    return readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
}

/** Whether `wrk` runs on this machine. */
export function wrkInstalled(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * The generator of this run: BENCH_GENERATOR when set (one of GENERATORS, else the bench stops with one sentence),
 * else wrk where installed, else autocannon with a line saying how to get wrk.
 */
export function chooseGenerator(
  command: string,
  env: NodeJS.ProcessEnv = process.env,
  hasWrk = wrkInstalled,
  say: (line: string) => void = console.log,
): GeneratorName {
  const asked = env.BENCH_GENERATOR?.trim();
  if (asked) {
    if (!(GENERATORS as readonly string[]).includes(asked)) {
      console.error(`${command}: BENCH_GENERATOR must be one of ${GENERATORS.join(', ')}, got ${JSON.stringify(asked)}.`);
      process.exit(2);
    }
    if (asked === 'wrk' && !hasWrk()) {
      console.error(`${command}: BENCH_GENERATOR=wrk, but wrk is not installed (Debian: apt-get install wrk).`);
      process.exit(2);
    }
    return asked as GeneratorName;
  }
  if (hasWrk()) return 'wrk';
  say(
    `${command}: wrk is not installed (Debian: apt-get install wrk); measuring with autocannon, which takes more of the machine's CPU from the servers compared.`,
  );
  return 'autocannon';
}

/** One round of load with `generator`. */
export async function loadRound(generator: GeneratorName, settings: LoadSettings): Promise<LoadRound> {
  return generator === 'wrk' ? wrkRound(settings) : autocannonRound(settings);
}

async function autocannonRound({ url, seconds, connections, headers }: LoadSettings): Promise<LoadRound> {
  const before = process.cpuUsage();
  const result = await autocannon({ url, connections, pipelining: 1, duration: seconds, headers });
  const used = process.cpuUsage(before);
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    generatorCpuMicros: used.user + used.system,
  };
}

let wrkScript: string | undefined;
/** The done hook's script, written once per process to a folder of its own (wrk reads it from a file, once per thread). */
function wrkScriptPath(): string {
  if (!wrkScript) {
    const folder = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    wrkScript = join(folder, 'report.lua');
    writeFileSync(wrkScript, WRK_DONE_SCRIPT);
  }
  return wrkScript;
}

function wrkRound({ url, seconds, connections, headers }: LoadSettings): Promise<LoadRound> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  // One thread, as autocannon has: the generator holds at most one core.
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', wrkScriptPath(), ...headerArgs, url];
  const cpuBefore = endedChildrenCpuMicros();
  return new Promise((done, fail) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`wrk exited with ${code}: ${stderr.trim() || stdout.trim()}`));
      try {
        const cpuAfter = endedChildrenCpuMicros();
        const generatorCpuMicros = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
        done({ ...parseWrkReport(stdout), generatorCpuMicros });
      } catch (error) {
        fail(error);
      }
    });
  });
}
