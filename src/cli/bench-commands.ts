/**
 * The command tables of the benchmarks (bench/bench-*.ts import theirs from here): each drives its bench's parsing,
 * its --help and its section of docs/commands.md, read here without running the bench. Benches print figures and
 * assert nothing (docs/benchmarks.md).
 */
import { CHILD_ROLE_OPTION, type CommandSpec } from '../config/command-line.ts';

export const BENCH_CLIENT_CHECKS_COMMAND = {
  command: 'npm run bench:client-checks --',
  summary:
    'What certifying a long proxy session costs: each client check and the report, on synthetic sessions of two lengths. Prints figures; asserts nothing.',
  options: {},
  environment: [
    { name: 'BENCH_EXCHANGES', description: 'exchanges in the shorter session (default 10000; the longer one has four times as many)' },
  ],
  exitCodes: ['pass', 'usage'],
} as const satisfies CommandSpec;

export const BENCH_CONFORMANCE_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run bench:conformance --',
  summary:
    "What the suite's machinery costs per request: the conformance suite against the reference, then its requests replayed by plain fetch, Playwright alone and the suite client. Prints figures; asserts nothing.",
  options: { child: CHILD_ROLE_OPTION },
  notes: ['Runs on loopback only, a few minutes on 2 cores.'],
} as const satisfies CommandSpec;

export const BENCH_HISTORY_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run bench:history --',
  summary: 'Time npm run history over a long series made from one certification folder. Prints figures; asserts nothing.',
  positionals: { usage: '<a certification folder>', min: 1, max: 1 },
  options: { runs: { type: 'string', value: '<n>', description: 'runs in the series (default 1000)' } },
} as const satisfies CommandSpec;

export const BENCH_SCALE_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run bench:scale --',
  summary:
    'Requests, wall time and peak memory of npm run conformance and npm run certify against the reference and its large-catalogue variation, side by side, with their ratios. Prints figures; asserts nothing.',
  options: {
    rounds: {
      type: 'string',
      value: '<n>',
      description: 'runs per command and target, taking turns (default 2); each figure is the median',
    },
    commands: { type: 'string', value: '<which>', description: 'conformance, certify or both (default)' },
  },
  notes: [
    'Runs on loopback only, against two reference servers this process starts. About 3 minutes a round on 2 cores (two rounds by default).',
  ],
} as const satisfies CommandSpec;

export const BENCH_LOAD_COMMAND = {
  command: 'npm run bench:load --',
  summary:
    "How far k6 holds its arrival rate against the bundled reference (100 to 2000 requests/s) and k6's memory per VU, per k6 binary. Prints figures; asserts nothing.",
  options: {},
  notes: ['K6_BINS, else K6_BIN or PATH: the k6 binaries measured.'],
  environment: [{ name: 'BENCH_SECONDS', description: 'seconds per step (default 5)' }],
  exitCodes: ['pass', 'usage', 'toolMissing'],
} as const satisfies CommandSpec;

export const BENCH_PROXY_COMMAND = {
  command: 'npm run bench:proxy --',
  summary:
    "What the recording proxy costs: the latency it adds per exchange at 10 and 100 requests/s, then the reference's throughput directly, through the proxy, through a raw TCP relay, through the proxy's forwarding path alone and through a node:http pass-through (wrk where installed, else autocannon). Prints figures; asserts nothing.",
  options: { child: CHILD_ROLE_OPTION },
  environment: [
    { name: 'BENCH_SECONDS', description: 'seconds per measured round (default 2)' },
    { name: 'BENCH_CONNECTIONS', description: 'connections of the load generator when the reference answers at once (default 10)' },
    { name: 'BENCH_GENERATOR', description: 'wrk or autocannon (default: wrk where installed, else autocannon)' },
    {
      name: 'BENCH_LATENCY_EXCHANGES',
      description:
        'exchanges per path in each round of the added-latency figure at 100/s (default 3000: 30 s); at 10/s one round of a fifth as many',
    },
    {
      name: 'BENCH_LATENCY_ROUNDS',
      description: 'rounds of the added-latency figure at 100/s (default 5; the median of their p99 added is judged)',
    },
    { name: 'BENCH_PROXY_LATENCY_ONLY', description: 'set, only the added-latency figure (about 3.5 minutes)' },
  ],
  exitCodes: ['pass', 'usage'],
} as const satisfies CommandSpec;

export const BENCH_REFERENCE_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run bench:reference --',
  summary:
    'Throughput of the reference server for GET /offer?limit=10 beside a bare node:http server sending the same bytes (wrk where installed, else autocannon). Prints figures; asserts nothing.',
  options: { child: CHILD_ROLE_OPTION },
  environment: [
    { name: 'BENCH_SECONDS', description: 'seconds per measured round (default 2; 5 rounds per server)' },
    { name: 'BENCH_GENERATOR', description: 'wrk or autocannon (default: wrk where installed, else autocannon)' },
  ],
} as const satisfies CommandSpec;

export const BENCH_VERDICT_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run bench:verdict --',
  summary:
    'Time to a verdict on a failing target beside a correct one (npm run conformance, npm run certify -- --skip-load), or, with --baseline, this checkout against another. Prints figures; asserts nothing.',
  options: {
    baseline: {
      type: 'string',
      value: '<checkout>',
      description: 'a checkout of another commit of this repository (with node_modules) to compare with',
    },
    rounds: { type: 'string', value: '<n>', description: 'rounds per contender (default 1; with --baseline 3)' },
    faults: {
      type: 'string',
      value: '<sample|all|names>',
      description:
        'the faults timed: sample (default: the broadest deviations and every eighth of the rest), all, or names separated by commas',
    },
    setting: {
      type: 'string',
      value: '<ci|local|both>',
      description: 'ci (CI set, as a CI gate runs: 2 workers), local (unset: half the cores, at least 2), or both (default)',
    },
  },
  notes: [
    'Runs on loopback only, against the bundled reference. Default: about 10 minutes on 2 cores (--faults all: about an hour); with --baseline, about 10 s per run.',
  ],
} as const satisfies CommandSpec;
