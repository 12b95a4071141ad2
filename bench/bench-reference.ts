// `npm run bench:reference`: throughput of the reference server for GET /offer?limit=10 beside a
// bare node:http server sending the same bytes with the same headers, measured side by side in one
// run with wrk where it is installed, else autocannon (loopback, bounded; bench/load-generators.ts). Prints figures and the ratio; asserts nothing.
//
// Each server runs in its own child process (so the load generator in this process does not share
// its event loop); the rounds alternate reference / bare so drift on a noisy machine hits both. The ratio judged is
// the median of the paired rounds (each reference round over the bare round just after it), as bench:proxy judges
// its own: on a shared machine the other load moves the mean over all rounds (printed beside it) by a tenth or more
// from one run to the next. Each server also reports the CPU time it spent per request, which that load disturbs less.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { line, mean, median, newFigures, positiveIntegerFromEnv, record } from './bench-figures.ts';
import { chooseGenerator, loadRound } from './load-generators.ts';
import { answerCpuQuestions, childRole, cpuMicrosOf, exitWithParent, forkRole, nextMessage } from './child-roles.ts';
import { parseCommandLine } from '../src/config/command-line.ts';
import { BENCH_REFERENCE_COMMAND } from '../src/cli/bench-commands.ts';

// The command line first, the heavy modules after: --help and a bad flag answer at once.
parseCommandLine(BENCH_REFERENCE_COMMAND);
const { DEMO_CREDENTIALS, SECRET_HEADER, SUBSCRIPTION_KEY_HEADER, startReferenceServer } = await import('../reference/server.ts');

const PATH = '/offer?limit=10';
const CONNECTIONS = 10;
const ROUNDS = 5;
const SECONDS_PER_ROUND = positiveIntegerFromEnv('bench:reference', 'BENCH_SECONDS', 2);
const WARMUP_SECONDS = 1;
const OVERALL_TIMEOUT_MS = 120_000;
const TARGET_RATIO = 0.7;
/** Only the parent measures; the server children never read it. */
const generator = childRole() ? undefined : chooseGenerator('bench:reference');

/** Headers Node's http server writes by itself (connection management, date). */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

type ChildMessage = { url: string };
type BareSetup = { headers: Record<string, string>; body: string; keepAliveTimeout: number };

// ---- child processes ------------------------------------------------------------------------------

async function runReferenceChild(): Promise<void> {
  const server = await startReferenceServer({ port: 0 });
  answerCpuQuestions();
  process.send!({ url: server.url } satisfies ChildMessage);
}

function runBareChild(): void {
  answerCpuQuestions();
  process.once('message', (setup: BareSetup) => {
    const body = Buffer.from(setup.body, 'base64');
    const server = createServer((_req, res) => {
      res.writeHead(200, setup.headers);
      res.end(body);
    });
    server.keepAliveTimeout = setup.keepAliveTimeout;
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      process.send!({ url: `http://127.0.0.1:${port}` } satisfies ChildMessage);
    });
  });
}

async function startChild(role: 'reference' | 'bare', setup?: BareSetup): Promise<{ child: ChildProcess; url: string }> {
  const child = forkRole(import.meta.url, role);
  const ready = nextMessage<ChildMessage>(child, `${role} server`);
  if (setup) child.send(setup);
  return { child, url: (await ready).url };
}

// ---- measuring ------------------------------------------------------------------------------------

const requestHeaders = {
  [SUBSCRIPTION_KEY_HEADER]: DEMO_CREDENTIALS.subscriptionKey,
  [SECRET_HEADER]: DEMO_CREDENTIALS.secret,
  accept: 'application/json',
};

async function fetchOnce(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const response = await fetch(url, { headers: requestHeaders });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

function load(url: string, seconds: number) {
  return loadRound(generator!, { url: `${url}${PATH}`, seconds, connections: CONNECTIONS, headers: requestHeaders });
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const guard = setTimeout(() => {
    console.error('bench:reference: overall time limit reached; stopping.');
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, OVERALL_TIMEOUT_MS);

  try {
    const reference = await startChild('reference');
    children.push(reference.child);
    const sample = await fetchOnce(`${reference.url}${PATH}`);
    if (sample.status !== 200) throw new Error(`reference answered ${sample.status} to GET ${PATH}`);

    // Fastify's default keep-alive timeout, so both servers manage connections alike.
    const bare = await startChild('bare', { headers: sample.headers, body: sample.body.toString('base64'), keepAliveTimeout: 72_000 });
    children.push(bare.child);
    const bareSample = await fetchOnce(`${bare.url}${PATH}`);
    const sameBytes = bareSample.body.equals(sample.body) && JSON.stringify(bareSample.headers) === JSON.stringify(sample.headers);
    if (!sameBytes) throw new Error('the bare server does not send the same bytes and headers as the reference');

    console.log(`GET ${PATH}: ${sample.body.length} bytes, headers ${Object.keys(sample.headers).join(', ')} (identical on both servers)`);
    console.log(
      `${generator}: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS_PER_ROUND} s per server after ${WARMUP_SECONDS} s warm-up, loopback`,
    );

    await load(reference.url, WARMUP_SECONDS);
    await load(bare.url, WARMUP_SECONDS);
    const servers = { reference, bare };
    const figures = { reference: newFigures(), bare: newFigures() };
    const cpu = { reference: { micros: 0, requests: 0 }, bare: { micros: 0, requests: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of ['reference', 'bare'] as const) {
        const before = await cpuMicrosOf(servers[name].child, `${name} server`);
        const result = await load(servers[name].url, SECONDS_PER_ROUND);
        cpu[name].micros += (await cpuMicrosOf(servers[name].child, `${name} server`)) - before;
        cpu[name].requests += result.requests;
        record(figures[name], result);
      }
    }

    const perRequest = (name: keyof typeof cpu) => cpu[name].micros / Math.max(1, cpu[name].requests);
    const perRound = figures.reference.requestsPerSecond.map((rps, i) => rps / figures.bare.requestsPerSecond[i]);
    const overAllRounds = mean(figures.reference.requestsPerSecond) / mean(figures.bare.requestsPerSecond);
    console.log(line('reference (Fastify)', figures.reference));
    console.log(line('bare node:http', figures.bare));
    console.log(
      `  CPU per request: reference ${perRequest('reference').toFixed(0)} µs, bare ${perRequest('bare').toFixed(0)} µs (bare / reference ${(perRequest('bare') / perRequest('reference')).toFixed(2)})`,
    );
    console.log(
      `  ratio reference / bare: ${median(perRound).toFixed(2)}   (target >= ${TARGET_RATIO}; median of the paired rounds ${perRound.map((r) => r.toFixed(2)).join(' ')}; over all rounds ${overAllRounds.toFixed(2)})`,
    );
  } finally {
    clearTimeout(guard);
    for (const child of children) child.kill('SIGTERM');
  }
}

const role = childRole();
if (role === 'reference') {
  exitWithParent();
  runReferenceChild().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (role === 'bare') {
  exitWithParent();
  runBareChild();
} else {
  main().catch((error: unknown) => {
    console.error(`bench:reference: ${(error as Error).message}`);
    process.exit(1);
  });
}
