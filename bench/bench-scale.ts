/**
 * `npm run bench:scale`: whether the suite's cost grows with the target (issue 41, item 2). Runs `npm run conformance`
 * and `npm run certify` against the reference as it ships and against its `large-catalogue` variation (2,000 offers,
 * 20,000 records of earlier runs, an offer of 5,000 allocations: reference/data/large-catalogue.ts), taking turns,
 * and prints side by side each command's requests, wall time and peak memory, their ratios, and the verdicts.
 *
 * How each figure is taken:
 * - requests: counted by the server (every request the reference's HTTP server receives during the run). Both
 *   servers run in this process, started before the clock starts, so the suite is measured, not the target's start.
 * - time: the command's wall time, from spawn to exit.
 * - memory: the peak of the summed resident set (VmRSS, /proc/<pid>/status) of the command's whole process tree
 *   (npm or node, certify, Playwright's runner and its workers), sampled every 100 ms (Linux only; elsewhere "n/a").
 *   A sum over the tree, not the largest single process: the tree is what a CI runner must hold.
 * - CPU (printed, no goal): the command's process tree, each process's user + system time as last sampled (a process
 *   that ends between two samples loses at most 100 ms), and this process's own meanwhile: the reference answering
 *   the run, plus the sampler. Both share the machine's cores, so a target that works harder slows the suite's clock.
 * - verdict: the exit code (0 pass, 1 contract failure, 4 incomplete); the goal is the same verdict on both targets.
 *
 * Goals: at most 1.2x the requests, 1.3x the time, 1.2x the memory, the same verdicts. Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseCommandLine } from '../src/config/command-line.ts';
import { BENCH_SCALE_COMMAND } from '../src/cli/bench-commands.ts';
import { REFERENCE_PROFILE_PATH } from '../src/run/bundled-reference.ts';
import { buildReferenceServer } from '../reference/server.ts';
import { median } from './bench-figures.ts';

const { values } = parseCommandLine(BENCH_SCALE_COMMAND);
const ROUNDS = Number(values.rounds ?? 2);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  process.stderr.write(`--rounds must be a whole number above 0, got ${JSON.stringify(values.rounds)}\n`);
  process.exit(2);
}
const HERE = resolve(import.meta.dirname, '..');
const REPORTS = join(HERE, 'reports', 'bench-scale');

/** The goals of issue 41: large-catalogue / reference at most these. */
const GOALS = { requests: 1.2, time: 1.3, memory: 1.2 } as const;

const COMMANDS = {
  conformance: (_out: string) => [join(HERE, 'node_modules/.bin/tsx'), 'src/cli/playwright-suite.ts', 'conformance'],
  certify: (out: string) => [process.execPath, '--import', 'tsx', 'src/cli/certify.ts', '--out', out],
} as const;
type CommandName = keyof typeof COMMANDS;
const commandOption = values.commands ?? 'both';
if (!['conformance', 'certify', 'both'].includes(commandOption)) {
  process.stderr.write(`--commands must be conformance, certify or both, got ${JSON.stringify(commandOption)}\n`);
  process.exit(2);
}
const commands: CommandName[] = commandOption === 'both' ? ['conformance', 'certify'] : [commandOption as CommandName];

const TARGETS = { reference: [] as string[], 'large-catalogue': ['large-catalogue'] } as const;
type TargetName = keyof typeof TARGETS;

interface Figures {
  requests: number;
  ms: number;
  /** Peak summed RSS of the process tree, bytes; null where /proc is not there. */
  rssBytes: number | null;
  /** CPU time of the command's process tree (user + system, each process as last sampled), ms; null without /proc. */
  suiteCpuMs: number | null;
  /** CPU time of this process meanwhile, ms: the reference server answering the run (and the 100 ms sampler). */
  targetCpuMs: number;
  exitCode: number | null;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Every process's parent and CPU ticks so far (user + system), from /proc/<pid>/stat (fields after the name). */
function processes(): Map<number, { parent: number; ticks: number }> {
  const out = new Map<number, { parent: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone between the listing and the read
    }
  }
  return out;
}

/** The summed VmRSS of `root` and every descendant, bytes; `ticks` gets each one's CPU ticks so far. */
function treeRss(root: number, ticks: Map<number, number>): number {
  const all = processes();
  const parentOf = new Map([...all].map(([pid, p]) => [pid, p.parent]));
  const inTree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf)
      if (!inTree.has(pid) && inTree.has(parent)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let total = 0;
  for (const pid of inTree) {
    ticks.set(pid, Math.max(ticks.get(pid) ?? 0, all.get(pid)?.ticks ?? 0));
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // exited between the listing and the read
    }
  }
  return total;
}

const HAS_PROC = (() => {
  try {
    readdirSync('/proc/self');
    return true;
  } catch {
    return false;
  }
})();

/** One command run to its exit against `url`: its figures. */
async function measure(name: CommandName, target: TargetName, url: string, counter: { requests: number }): Promise<Figures> {
  const out = join(REPORTS, name, target);
  rmSync(out, { recursive: true, force: true });
  const env = {
    ...process.env,
    FORCE_COLOR: '0',
    API_BASE_URL: url,
    API_SUBSCRIPTION_KEY: 'demo-subscription-key',
    API_SECRET: 'demo-api-secret',
    API_SECOND_SUBSCRIPTION_KEY: 'demo-second-partner-key',
    API_SECOND_SECRET: 'demo-second-partner-secret',
    // The reference's pinned profile describes both servers: large-catalogue changes what a server holds, no choice.
    API_PROFILE: REFERENCE_PROFILE_PATH,
    API_ENVIRONMENT: 'local',
    REPORTS_DIR: out,
  };
  const before = counter.requests;
  const started = performance.now();
  const argv = COMMANDS[name](join(out, 'certification'));
  const child = spawn(argv[0], argv.slice(1), { cwd: HERE, env, stdio: 'ignore' });
  const cpuBefore = process.cpuUsage();
  let peak = 0;
  const ticks = new Map<number, number>();
  const sampler = HAS_PROC
    ? setInterval(() => {
        if (child.pid !== undefined) peak = Math.max(peak, treeRss(child.pid, ticks));
      }, 100)
    : null;
  const exitCode = await new Promise<number | null>((done) => child.on('close', done));
  if (sampler) clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const suiteTicks = [...ticks.values()].reduce((a, b) => a + b, 0);
  return {
    requests: counter.requests - before,
    ms: performance.now() - started,
    rssBytes: HAS_PROC ? peak : null,
    suiteCpuMs: HAS_PROC ? (suiteTicks * 1000) / TICKS_PER_SECOND : null,
    targetCpuMs: (cpu.user + cpu.system) / 1000,
    exitCode,
  };
}

const cpuText = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 2 ** 20).toFixed(0)} MB`);
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
const shownRatio = (r: number | null, goal: number) =>
  r === null ? 'n/a' : `${r.toFixed(2)}x ${r <= goal ? '(goal met)' : `(goal ${goal}x: NOT met)`}`;

async function main(): Promise<void> {
  const counters = { reference: { requests: 0 }, 'large-catalogue': { requests: 0 } };
  // Both servers in this process, listening before any clock starts; every request their HTTP server receives is counted.
  const servers = await Promise.all(
    (Object.keys(TARGETS) as TargetName[]).map(async (target) => {
      const t0 = performance.now();
      const app = await buildReferenceServer({ variants: [...TARGETS[target]] });
      app.server.on('request', () => counters[target].requests++);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return { target, app, url: `http://127.0.0.1:${port}`, startMs: performance.now() - t0 };
    }),
  );
  const urls = new Map(servers.map(({ target, url }) => [target, url]));
  process.stdout.write(
    `bench:scale: ${commands.join(' and ')} against the reference and its large-catalogue variation, ${ROUNDS} round(s), taking turns. Load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (a shared machine: read the ratios, not the seconds).\n` +
      servers.map(({ target, startMs }) => `  ${target} started in ${startMs.toFixed(0)} ms`).join('\n') +
      '\n',
  );
  const results = new Map<string, Figures[]>();
  for (const name of commands)
    for (let round = 0; round < ROUNDS; round++)
      for (const target of (round % 2 === 0 ? ['reference', 'large-catalogue'] : ['large-catalogue', 'reference']) as TargetName[]) {
        const figures = await measure(name, target, urls.get(target)!, counters[target]);
        process.stdout.write(
          `  ${name.padEnd(12)} ${target.padEnd(16)} ${String(figures.requests).padStart(6)} requests  ${(figures.ms / 1000).toFixed(1).padStart(6)} s  ${mb(figures.rssBytes).padStart(8)}  CPU: suite ${cpuText(figures.suiteCpuMs)}, target ${cpuText(figures.targetCpuMs)}  exit ${figures.exitCode}\n`,
        );
        const key = `${name}/${target}`;
        results.set(key, [...(results.get(key) ?? []), figures]);
      }
  const loadAtEnd = loadavg();
  process.stdout.write(
    `\nMedians (large-catalogue / reference; goals: requests ${GOALS.requests}x, time ${GOALS.time}x, memory ${GOALS.memory}x, same verdict):\n`,
  );
  process.stdout.write(
    `  ${'command'.padEnd(12)} ${'figure'.padEnd(10)} ${'reference'.padStart(12)} ${'large-catalogue'.padStart(16)}  ratio\n`,
  );
  for (const name of commands) {
    const of = (target: TargetName) => results.get(`${name}/${target}`)!;
    const fig = (target: TargetName, pick: (f: Figures) => number | null) => {
      const picked = of(target)
        .map(pick)
        .filter((v): v is number => v !== null);
      return picked.length ? median(picked) : null;
    };
    const rows: Array<[string, (f: Figures) => number | null, (v: number | null) => string, number]> = [
      ['requests', (f) => f.requests, (v) => (v === null ? 'n/a' : v.toFixed(0)), GOALS.requests],
      ['time', (f) => f.ms, (v) => (v === null ? 'n/a' : `${(v / 1000).toFixed(1)} s`), GOALS.time],
      ['memory', (f) => f.rssBytes, mb, GOALS.memory],
    ];
    // Not goals: where the time went, the suite's processes and the target's (both share this machine's cores).
    const info: Array<[string, (f: Figures) => number | null]> = [
      ['suite CPU', (f) => f.suiteCpuMs],
      ['target CPU', (f) => f.targetCpuMs],
    ];
    for (const [label, pick, show, goal] of rows) {
      const a = fig('reference', pick);
      const b = fig('large-catalogue', pick);
      process.stdout.write(
        `  ${name.padEnd(12)} ${label.padEnd(10)} ${show(a).padStart(12)} ${show(b).padStart(16)}  ${shownRatio(ratio(b, a), goal)}\n`,
      );
    }
    for (const [label, pick] of info) {
      const a = fig('reference', pick);
      const b = fig('large-catalogue', pick);
      const r = ratio(b, a);
      process.stdout.write(
        `  ${name.padEnd(12)} ${label.padEnd(10)} ${cpuText(a).padStart(12)} ${cpuText(b).padStart(16)}  ${r === null ? 'n/a' : `${r.toFixed(2)}x`}\n`,
      );
    }
    const verdicts = (target: TargetName) => [...new Set(of(target).map((f) => f.exitCode))].join('/');
    const same = verdicts('reference') === verdicts('large-catalogue');
    process.stdout.write(
      `  ${name.padEnd(12)} ${'verdict'.padEnd(10)} ${`exit ${verdicts('reference')}`.padStart(12)} ${`exit ${verdicts('large-catalogue')}`.padStart(16)}  ${same ? 'same (goal met)' : 'DIFFERENT (goal: the same)'}\n`,
    );
  }
  process.stdout.write(`Load average at end: ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}. Reports: ${REPORTS}\n`);
  await Promise.all(servers.map(({ app }) => app.close()));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:scale: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
