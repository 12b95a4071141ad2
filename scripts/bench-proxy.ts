// `npm run bench:proxy`: what the recording proxy costs. The reference's throughput for GET /offer?limit=10
// directly, through the proxy (which validates every answer and appends every exchange to its session file),
// and through a bare node:http pass-through (the cost of the extra hop alone), measured side by side in one
// run with autocannon (loopback, bounded). Prints figures and the ratio proxy / direct (target >= 0.5);
// asserts nothing. Twice: with the reference answering at once (the worst case: the hop costs as much as the
// answer), and with the reference's latency-200ms variation (a service across a network). Each server runs in
// a child process of its own, so the load generator in this process shares no event loop with them.
// Beside requests/s, each server process reports the CPU time it spent per request (process.cpuUsage over the
// same rounds): a figure that other load on a shared machine disturbs far less than a throughput does.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { line, mean, newFigures, record } from './autocannon-figures.ts';
import { childRole, exitWithParent, forkRole, nextMessage } from './child-roles.ts';
import { DEMO_CREDENTIALS, SECRET_HEADER, SUBSCRIPTION_KEY_HEADER, startReferenceServer } from '../reference/server.ts';
import { loadProfile } from '../src/profile/target-profile.ts';
import { startProxy } from '../src/proxy/proxy-server.ts';
import { REFERENCE_PROFILE_PATH } from '../src/run/bundled-reference.ts';
import { CHILD_ROLE_OPTION, type CommandSpec, parseCommandLine } from '../src/cli/command-line.ts';

parseCommandLine({
  command: 'npm run bench:proxy --',
  summary:
    "What the recording proxy costs: the reference's throughput directly, through the proxy and through a bare pass-through (autocannon). Prints figures; asserts nothing.",
  options: { child: CHILD_ROLE_OPTION },
  notes: ['BENCH_SECONDS: seconds per measured round (default 3).'],
} as const satisfies CommandSpec);

const PATH = '/offer?limit=10';
const CONNECTIONS = 10;
const ROUNDS = 2;
const SECONDS_PER_ROUND = Number(process.env.BENCH_SECONDS ?? 3);
const WARMUP_SECONDS = 1;
const OVERALL_TIMEOUT_MS = 180_000;
const TARGET_RATIO = 0.5;
const SESSION_DIR = resolve(process.env.REPORTS_DIR || 'reports', 'bench');

type ChildMessage = { url: string };
/** A server child's CPU time so far (user + system, microseconds), asked for by the parent between rounds. */
type CpuMessage = { cpuMicros: number };

/** In a server child: answer the parent's CPU-time questions, then tell it where the server listens. */
function ready(url: string): void {
  process.on('message', (message: unknown) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send!({ cpuMicros: user + system } satisfies CpuMessage);
  });
  process.send!({ url } satisfies ChildMessage);
}

const requestHeaders = {
  [SUBSCRIPTION_KEY_HEADER]: DEMO_CREDENTIALS.subscriptionKey,
  [SECRET_HEADER]: DEMO_CREDENTIALS.secret,
  accept: 'application/json',
};

async function runReferenceChild(variants: string[]): Promise<void> {
  const server = await startReferenceServer({ port: 0, variants });
  ready(server.url);
}

/** The extra hop alone: a node:http pass-through that neither checks nor records. */
function runBareProxyChild(): void {
  process.once('message', ({ url }: ChildMessage) => {
    const target = new URL(url);
    const agent = new Agent({ keepAlive: true });
    const server = createServer((req, res) => {
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    server.listen(0, '127.0.0.1', () => ready(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function runProxyChild(): void {
  process.once('message', async ({ url }: ChildMessage) => {
    mkdirSync(SESSION_DIR, { recursive: true });
    const proxy = await startProxy({
      target: url,
      port: 0,
      sessionPath: join(SESSION_DIR, `proxy-session-${process.pid}.jsonl`),
      profile: loadProfile(REFERENCE_PROFILE_PATH),
      bundledReference: true,
    });
    ready(proxy.url);
  });
}

function load(url: string, seconds: number, connections: number): Promise<Result> {
  return autocannon({ url: `${url}${PATH}`, connections, pipelining: 1, duration: seconds, headers: requestHeaders });
}

/** A server child's CPU time so far (user + system, microseconds). */
async function cpuMicros(child: ChildProcess): Promise<number> {
  const answer = nextMessage<CpuMessage>(child, 'server');
  child.send('cpu');
  return (await answer).cpuMicros;
}

async function startChild(role: string, upstream?: ChildMessage): Promise<{ child: ChildProcess; url: string }> {
  const child = forkRole(import.meta.url, role);
  const ready = nextMessage<ChildMessage>(child, role);
  if (upstream) child.send(upstream);
  return { child, url: (await ready).url };
}

/** One side-by-side measurement against a reference started with `variants`; returns proxy / direct. */
async function measure(label: string, variants: string[], connections: number, children: ChildProcess[]): Promise<number> {
  const reference = await startChild(variants.length ? `reference:${variants.join(',')}` : 'reference');
  const proxy = await startChild('proxy', { url: reference.url });
  const bare = await startChild('bare', { url: reference.url });
  children.push(reference.child, proxy.child, bare.child);
  const contenders = { direct: reference.url, proxy: proxy.url, bare: bare.url };
  for (const url of Object.values(contenders)) {
    const status = (await fetch(`${url}${PATH}`, { headers: requestHeaders })).status;
    if (status !== 200) throw new Error(`GET ${PATH} answered ${status} at ${url}`);
  }
  console.log(
    `\n${label}: ${connections} connections, ${ROUNDS} rotating rounds of ${SECONDS_PER_ROUND} s each after ${WARMUP_SECONDS} s warm-up`,
  );
  for (const url of Object.values(contenders)) await load(url, WARMUP_SECONDS, connections);
  const figures = { direct: newFigures(), proxy: newFigures(), bare: newFigures() };
  // CPU microseconds per request of the server process each contender adds to the path (its own, not the reference's).
  const serverOf = { direct: reference.child, proxy: proxy.child, bare: bare.child };
  const cpu = { direct: { micros: 0, requests: 0 }, proxy: { micros: 0, requests: 0 }, bare: { micros: 0, requests: 0 } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of ['direct', 'proxy', 'bare'] as const) {
      const before = await cpuMicros(serverOf[name]);
      const result = await load(contenders[name], SECONDS_PER_ROUND, connections);
      cpu[name].micros += (await cpuMicros(serverOf[name])) - before;
      cpu[name].requests += result.requests.total;
      record(figures[name], result);
    }
  }
  const perRequest = (name: keyof typeof cpu) => cpu[name].micros / Math.max(1, cpu[name].requests);
  const ratio = mean(figures.proxy.requestsPerSecond) / mean(figures.direct.requestsPerSecond);
  console.log(line('direct (reference)', figures.direct));
  console.log(line('through the proxy', figures.proxy));
  console.log(line('bare pass-through hop', figures.bare));
  console.log(
    `  CPU per request: reference ${perRequest('direct').toFixed(0)} µs; proxy ${perRequest('proxy').toFixed(0)} µs; bare hop ${perRequest('bare').toFixed(0)} µs`,
  );
  console.log(
    `  ratio proxy / direct: ${ratio.toFixed(2)}   (target >= ${TARGET_RATIO});   proxy / bare hop: ${(mean(figures.proxy.requestsPerSecond) / mean(figures.bare.requestsPerSecond)).toFixed(2)}`,
  );
  for (const child of [reference.child, proxy.child, bare.child]) child.kill('SIGTERM');
  return ratio;
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const guard = setTimeout(() => {
    console.error('bench:proxy: overall time limit reached; stopping.');
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, OVERALL_TIMEOUT_MS);
  try {
    console.log(
      `GET ${PATH}, autocannon, loopback. The proxy checks every answer and appends every exchange to its session file (${SESSION_DIR}).`,
    );
    await measure('reference answering at once (worst case for the proxy)', [], CONNECTIONS, children);
    await measure('reference with the latency-200ms variation (a service across a network)', ['latency-200ms'], 50, children);
  } finally {
    clearTimeout(guard);
    for (const child of children) child.kill('SIGTERM');
  }
}

const role = childRole();
if (role?.startsWith('reference')) {
  exitWithParent();
  runReferenceChild(role.split(':')[1]?.split(',') ?? []).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (role === 'proxy') {
  exitWithParent();
  runProxyChild();
} else if (role === 'bare') {
  exitWithParent();
  runBareProxyChild();
} else {
  main().catch((error: unknown) => {
    console.error(`bench:proxy: ${(error as Error).message}`);
    process.exit(1);
  });
}
