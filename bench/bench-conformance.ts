/**
 * `npm run bench:conformance`: how much the suite's machinery costs. Starts the reference server as a
 * process of its own (as every real target is: the client never shares an event loop with it), runs the
 * full conformance suite against it, then replays the requests its tests sent (from the run's request
 * log) in the suite's own layout: one process per Playwright worker, each sending that worker's
 * requests one after another. The contenders, each sending the same requests with the same headers:
 * - a plain fetch loop (the yardstick), and the same loop parsing each JSON body;
 * - Playwright's APIRequestContext alone (what the transport the suite is built on costs by itself);
 * - the suite's own client with every exchange check on (what each test pays per request), in a session
 *   opened and closed within each round, as a worker opens one for its run.
 * The yardstick is the faster of the plain fetch loop in that layout and in one process sending on as
 * many concurrent lanes, so the suite's layout never flatters it.
 *
 * Each contender is warmed up, then measured in several rounds, taking turns in a rotating order so a
 * slow moment of a shared machine hits all alike; the median round counts. The replay creates
 * subscriptions, which lengthen later lists, so the reference is reset to its seed before every round
 * and each contender reads the same data. Prints, measured in one run:
 * - the suite's client + checks vs plain fetch, as a ratio (target >= 0.5);
 * - the whole run's request rate (Playwright's per-test bookkeeping included) vs plain fetch;
 * - the suite's wall time (target <= 60 s on 2 cores).
 * Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RunningReference } from '../reference/server.ts';
import { median } from './bench-figures.ts';
import { childRole, exitWithParent, forkRole, nextMessage } from './child-roles.ts';
import { readRunLimits } from '../src/config/run-limits.ts';
import type { Operation } from '../src/client/exchange.ts';
import { parseCommandLine, progressUpdate } from '../src/config/command-line.ts';
import { BENCH_CONFORMANCE_COMMAND } from '../src/cli/bench-commands.ts';

// The command line first, the heavy modules after: --help and a bad flag answer at once.
parseCommandLine(BENCH_CONFORMANCE_COMMAND);
const { request: playwrightRequest } = await import('@playwright/test');
const { DEMO_CREDENTIALS, startReferenceServer } = await import('../reference/server.ts');
const { REFERENCE_PROFILE_PATH } = await import('../src/run/bundled-reference.ts');
const { openSession } = await import('../src/run/target-session.ts');
const { Verdict } = await import('../src/checks/test-verdict.ts');

const ROOT = resolve(import.meta.dirname, '..');
const WORKERS = 2;
/** Measured rounds per contender (after one warm-up round each). */
const ROUNDS = 9;
/** Each round sends the suite's requests this many times, so a round lasts long enough to time. */
const REPEATS_PER_ROUND = 8;
const CREDENTIALS = DEMO_CREDENTIALS;
const HEADERS = {
  accept: 'application/json',
  'content-type': 'application/json',
  'service-api-subscription': CREDENTIALS.subscriptionKey,
  'service-api-secret': CREDENTIALS.secret,
};

interface LoggedRequest {
  at: string;
  request: string;
  operation: Operation;
  pid: number;
}

const CONTENDERS = ['plainFetch', 'plainFetchJson', 'playwrightAlone', 'suiteClient'] as const;
type Contender = (typeof CONTENDERS)[number];
type Send = (r: LoggedRequest) => Promise<void>;
/** One measured round: sends `requests` REPEATS_PER_ROUND times over `lanes` lanes; returns how many were sent. */
type Round = (requests: LoggedRequest[], lanes: number) => Promise<number>;

/** Every contender, sending to `url`. The create body targets an open offer of the seed data. */
async function makeContenders(
  url: string,
  runId: string,
): Promise<{ rounds: Record<Contender, Round>; plainFetch: Send; dispose: () => Promise<void> }> {
  const offers = (await (await fetch(`${url}/offer`, { headers: HEADERS })).json()) as Array<{
    id: string;
    details: { status: string };
    pricingAndOrderLimits: { hardMinLimit: number; currency: string };
  }>;
  const open = offers.find((o) => o.details.status === 'open_for_subscription')!;
  const bodyObject = {
    offerId: open.id,
    amountRequested: open.pricingAndOrderLimits.hardMinLimit,
    subscriptionType: 'discretionary_qualified',
    subscriptionCategory: 'professional',
    clientSubscriptionTimestamp: '2026-01-15T09:30:00Z',
    currency: open.pricingAndOrderLimits.currency,
    accountType: 'general_investment',
  };
  const body = JSON.stringify(bodyObject);
  const split = (r: LoggedRequest) => r.request.split(' ') as [string, string];

  const context = await playwrightRequest.newContext();

  const plainFetch: Send = async (r) => {
    const [method, path] = split(r);
    const res = await fetch(url + path, { method, headers: HEADERS, body: method === 'GET' ? undefined : body });
    await res.arrayBuffer();
  };
  // The same loop reading each response as JSON, as any client of a JSON API does.
  const plainFetchJson: Send = async (r) => {
    const [method, path] = split(r);
    const res = await fetch(url + path, { method, headers: HEADERS, body: method === 'GET' ? undefined : body });
    if (res.headers.get('content-type')?.startsWith('application/json')) await res.json();
    else await res.arrayBuffer();
  };
  // The transport alone, used as Playwright's docs show: each response read, then disposed.
  const playwrightAlone: Send = async (r) => {
    const [method, path] = split(r);
    const res = await context.fetch(url + path, {
      method,
      headers: HEADERS,
      data: method === 'GET' ? undefined : Buffer.from(body),
      failOnStatusCode: false,
      maxRedirects: 0,
    });
    await res.body();
    res.dispose().catch(() => {});
  };
  let sessions = 0;
  /** As a suite worker does it: a session opened, every request checked, the session closed; all of it timed. */
  const suiteClientRound: Round = async (requests, lanes) => {
    const session = await openSession({
      baseUrl: url,
      credentials: CREDENTIALS,
      environment: 'local',
      profilePath: REFERENCE_PROFILE_PATH,
      rate: 0,
      strict: false,
      runId: `${runId}-${++sessions}`,
      limits: readRunLimits({}),
      clientCurrency: null,
    });
    try {
      const verdict = new Verdict({ profile: session.profile, strict: false });
      session.client.listen((ex) => verdict.inspect(ex));
      return await replay(requests, lanes, async (r) => {
        const [method, path] = split(r);
        await session.client.send({ operation: r.operation, method, path, body: method === 'GET' ? undefined : bodyObject });
      });
    } finally {
      await session.dispose();
    }
  };
  const rounds: Record<Contender, Round> = {
    plainFetch: (requests, lanes) => replay(requests, lanes, plainFetch),
    plainFetchJson: (requests, lanes) => replay(requests, lanes, plainFetchJson),
    playwrightAlone: (requests, lanes) => replay(requests, lanes, playwrightAlone),
    suiteClient: suiteClientRound,
  };
  return { rounds, plainFetch, dispose: () => context.dispose() };
}

/** Send `requests` REPEATS_PER_ROUND times over `lanes` concurrent lanes; returns how many were sent. */
async function replay(requests: LoggedRequest[], lanes: number, send: Send): Promise<number> {
  const queue = Array.from({ length: REPEATS_PER_ROUND }, () => requests).flat();
  const total = queue.length;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await send(next);
    }),
  );
  return total;
}

// ---- the reference, in a child process of its own ------------------------------------------------

type ToReference = 'reset';
type FromReference = { url: string } | 'ready';

/** Child side: serve the reference; on 'reset', start afresh (seed data only) on the same port. */
async function runReferenceChild(): Promise<void> {
  let server: RunningReference = await startReferenceServer({ port: 0 });
  const port = Number(new URL(server.url).port);
  process.on('message', (message: ToReference) => {
    if (message !== 'reset') return;
    void (async () => {
      await server.close();
      server = await startReferenceServer({ port });
      process.send!('ready' satisfies FromReference);
    })();
  });
  process.send!({ url: server.url } satisfies FromReference);
}

interface ReferenceProcess {
  url: string;
  reset(): Promise<void>;
  stop(): void;
}

async function startReferenceProcess(): Promise<ReferenceProcess> {
  const child = forkRole(import.meta.url, 'reference');
  const first = await nextMessage<FromReference>(child, 'reference server');
  if (typeof first !== 'object') throw new Error('the reference server process did not report its address');
  return {
    url: first.url,
    async reset() {
      const ready = nextMessage<FromReference>(child, 'reference server');
      child.send('reset' satisfies ToReference);
      await ready;
    },
    stop: () => child.kill('SIGTERM'),
  };
}

// ---- one replaying process per suite worker --------------------------------------------------------

type ToReplayer = { setup: { url: string; requests: LoggedRequest[]; runId: string; reportsDir: string } } | { run: Contender } | 'exit';
type FromReplayer = 'ready' | { sent: number };

/** Child side: replays one worker's requests, one after another, through the contender it is told. */
async function runReplayerChild(): Promise<void> {
  let requests: LoggedRequest[] = [];
  let contenders: Awaited<ReturnType<typeof makeContenders>> | undefined;
  process.on('message', (message: ToReplayer) => {
    void (async () => {
      if (message === 'exit') {
        await contenders?.dispose();
        process.exit(0);
      } else if ('setup' in message) {
        requests = message.setup.requests;
        process.env.REPORTS_DIR = message.setup.reportsDir;
        contenders = await makeContenders(message.setup.url, message.setup.runId);
        process.send!('ready' satisfies FromReplayer);
      } else {
        const sent = await contenders!.rounds[message.run](requests, 1);
        process.send!({ sent } satisfies FromReplayer);
      }
    })().catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
  });
}

interface Replayers {
  /** Requests per second of one round in the suite's layout. */
  round(contender: Contender): Promise<number>;
  stop(): Promise<void>;
}

async function startReplayers(url: string, slices: LoggedRequest[][], runId: string, reportsDir: string): Promise<Replayers> {
  const children = slices.map(() => forkRole(import.meta.url, 'replayer'));
  await Promise.all(
    children.map((child, i) => {
      const ready = nextMessage<FromReplayer>(child, 'replayer');
      child.send({ setup: { url, requests: slices[i], runId: `${runId}-replay-${i}`, reportsDir } } satisfies ToReplayer);
      return ready;
    }),
  );
  return {
    async round(contender) {
      const started = performance.now();
      const sent = await Promise.all(
        children.map((child) => {
          const done = nextMessage<FromReplayer>(child, 'replayer');
          child.send({ run: contender } satisfies ToReplayer);
          return done;
        }),
      );
      const total = sent.reduce((sum, m) => sum + (typeof m === 'object' ? m.sent : 0), 0);
      return total / ((performance.now() - started) / 1000);
    },
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise((done) => {
              child.once('exit', done);
              child.send('exit' satisfies ToReplayer);
            }),
        ),
      );
    },
  };
}

// ---- the benchmark --------------------------------------------------------------------------------

/** Runs the conformance suite against `url`; returns its wall time and the tests' requests per worker. */
async function runSuite(url: string, runId: string, reportsDir: string): Promise<{ wallSeconds: number; log: LoggedRequest[] }> {
  const started = performance.now();
  const code = await new Promise<number | null>((done) => {
    const child = spawn(
      join(ROOT, 'node_modules/.bin/playwright'),
      ['test', '--project=conformance', `--workers=${WORKERS}`, '--reporter=dot'],
      {
        cwd: ROOT,
        stdio: 'ignore',
        env: {
          ...process.env,
          API_BASE_URL: url,
          API_SUBSCRIPTION_KEY: CREDENTIALS.subscriptionKey,
          API_SECRET: CREDENTIALS.secret,
          API_PROFILE: REFERENCE_PROFILE_PATH,
          RUN_ID: runId,
          REPORTS_DIR: reportsDir,
        },
      },
    );
    child.on('close', done);
  });
  const wallSeconds = (performance.now() - started) / 1000;
  if (code !== 0) console.log(`(the suite exited ${code}; figures are still printed)`);
  const all = readFileSync(join(reportsDir, 'runs', runId, 'requests.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as LoggedRequest);
  // The runner's own requests (preflight, teardown) are not the tests': keep the workers' only.
  return { wallSeconds, log: all.filter((r) => r.pid !== all[0].pid) };
}

/** The log split as the workers sent it (a worker restarted after a failure joins a slice round-robin). */
function slicesByWorker(log: LoggedRequest[]): LoggedRequest[][] {
  const pids = [...new Set(log.map((r) => r.pid))];
  const slices: LoggedRequest[][] = Array.from({ length: Math.min(WORKERS, pids.length) }, () => []);
  for (const r of log) slices[pids.indexOf(r.pid) % slices.length].push(r);
  return slices;
}

async function main(): Promise<void> {
  const ref = await startReferenceProcess();
  const reportsDir = join(ROOT, 'reports', 'bench', 'conformance');
  rmSync(reportsDir, { recursive: true, force: true });
  const runId = `bench-${Date.now()}`;
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    console.log(`Running the conformance suite against the reference (${ref.url}, own process)...`);
    const { wallSeconds, log } = await runSuite(ref.url, runId, reportsDir);
    const times = log.map((r) => Date.parse(r.at));
    const suiteSpan = (Math.max(...times) - Math.min(...times)) / 1000;
    const runRps = log.length / suiteSpan;
    const slices = slicesByWorker(log);

    console.log(
      `Replaying the tests' ${log.length} requests in ${slices.length} processes, ${REPEATS_PER_ROUND}x per round, ${ROUNDS} rounds per contender...`,
    );
    const replayers = await startReplayers(ref.url, slices, runId, reportsDir);
    cleanups.push(() => replayers.stop());
    // The yardstick's other layout: one process, as many lanes as the suite has workers.
    process.env.REPORTS_DIR = reportsDir;
    const local = await makeContenders(ref.url, `${runId}-replay-local`);
    cleanups.push(() => local.dispose());

    type Entry = Contender | 'plainFetchOneProcess';
    const entries: Entry[] = [...CONTENDERS, 'plainFetchOneProcess'];
    const rounds = Object.fromEntries(entries.map((e) => [e, [] as number[]])) as Record<Entry, number[]>;
    const measure = async (entry: Entry): Promise<number> => {
      await ref.reset();
      if (entry !== 'plainFetchOneProcess') return replayers.round(entry);
      const started = performance.now();
      const sent = await replay(log, WORKERS, local.plainFetch);
      return sent / ((performance.now() - started) / 1000);
    };
    for (const entry of entries) await measure(entry); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate who goes first, so no contender always runs right after the same one.
      for (let k = 0; k < entries.length; k++) {
        const entry = entries[(round + k) % entries.length];
        rounds[entry].push(await measure(entry));
      }
      progressUpdate(`measured round ${round + 1} of ${ROUNDS}`);
    }

    const rps = (entry: Entry) => median(rounds[entry]);
    const spread = (entry: Entry) => `rounds ${Math.min(...rounds[entry]).toFixed(0)}–${Math.max(...rounds[entry]).toFixed(0)}`;
    const yardstick = Math.max(rps('plainFetch'), rps('plainFetchOneProcess'));
    const ratio = rps('suiteClient') / yardstick;
    const line = (label: string, value: number, rest: string) =>
      console.log(`${label.padEnd(40)}${value.toFixed(0).padStart(6)} req/s  ${rest}`);
    console.log('\n');
    console.log(`requests sent by the tests: ${log.length} (${WORKERS} workers); each figure is the median of ${ROUNDS} rounds`);
    line('plain fetch loop, one process per worker', rps('plainFetch'), `(${spread('plainFetch')})`);
    line(
      'plain fetch loop, one process',
      rps('plainFetchOneProcess'),
      `(${spread('plainFetchOneProcess')}; the yardstick is the faster of the two)`,
    );
    line(
      'plain fetch loop reading JSON',
      rps('plainFetchJson'),
      `ratio ${(rps('plainFetchJson') / yardstick).toFixed(2)}  (${spread('plainFetchJson')})`,
    );
    line(
      'Playwright APIRequestContext alone',
      rps('playwrightAlone'),
      `ratio ${(rps('playwrightAlone') / yardstick).toFixed(2)}  (${spread('playwrightAlone')}; the transport the suite is built on)`,
    );
    line(
      'suite client + exchange checks',
      rps('suiteClient'),
      `ratio ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? 'ok' : 'BELOW TARGET'}  (${spread('suiteClient')})`,
    );
    line(
      'whole run (Playwright tests included)',
      runRps,
      `ratio ${(runRps / yardstick).toFixed(2)} (over ${suiteSpan.toFixed(2)} s; per-test runner bookkeeping dominates)`,
    );
    console.log(
      `${'suite wall time'.padEnd(40)}${wallSeconds.toFixed(1).padStart(6)} s      (target <= 60 s on 2 cores) ${wallSeconds <= 60 ? 'ok' : 'ABOVE TARGET'}`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    ref.stop();
  }
}

const failed = (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
};

const role = childRole();
if (role !== undefined) exitWithParent();
if (role === 'reference') runReferenceChild().catch(failed);
else if (role === 'replayer') runReplayerChild().catch(failed);
else main().catch(failed);
