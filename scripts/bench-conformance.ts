/**
 * `npm run bench:conformance`: how much the suite's machinery costs. Runs the full conformance suite
 * against an in-process reference, then replays the same requests (from the run's request log) at the
 * same concurrency twice: through the suite's own client with every exchange check on (what each test
 * pays per request), and through a plain fetch loop. Prints, measured in one run:
 * - the suite's client + checks vs plain fetch, as a ratio (target >= 0.5);
 * - the whole run's request rate (Playwright's per-test bookkeeping included) vs plain fetch;
 * - the suite's wall time (target <= 60 s on 2 cores).
 * Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startReferenceServer } from '../reference/server.ts';
import { REFERENCE_PROFILE_PATH } from '../src/run/bundled-reference.ts';
import { openSession } from '../src/run/session.ts';
import { Verdict } from '../src/checks/verdict.ts';
import { compileAll } from '../src/schema/registry.ts';
import type { Operation } from '../src/client/exchange.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WORKERS = 2;

interface LoggedRequest { at: string; request: string; operation: Operation; pid: number }

/** Send every request of the log over `lanes` concurrent lanes; returns requests per second. */
async function replay(log: LoggedRequest[], lanes: number, send: (r: LoggedRequest) => Promise<void>): Promise<number> {
  const queue = [...log];
  const started = performance.now();
  await Promise.all(Array.from({ length: lanes }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await send(next);
  }));
  return log.length / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const ref = await startReferenceServer({ port: 0 });
  const reportsDir = join(ROOT, 'reports', 'bench', 'conformance');
  rmSync(reportsDir, { recursive: true, force: true });
  const runId = `bench-${Date.now()}`;
  const headers = { accept: 'application/json', 'content-type': 'application/json', 'service-api-subscription': ref.credentials.subscriptionKey, 'service-api-secret': ref.credentials.secret };
  try {
    console.log('Running the conformance suite against an in-process reference...');
    const started = performance.now();
    const code = await new Promise<number | null>((done) => {
      const child = spawn(join(ROOT, 'node_modules/.bin/playwright'), ['test', '--project=conformance', `--workers=${WORKERS}`, '--reporter=dot'], {
        cwd: ROOT,
        stdio: 'ignore',
        env: { ...process.env, API_BASE_URL: ref.url, API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey, API_SECRET: ref.credentials.secret, API_PROFILE: REFERENCE_PROFILE_PATH, RUN_ID: runId, REPORTS_DIR: reportsDir },
      });
      child.on('close', done);
    });
    const wallSeconds = (performance.now() - started) / 1000;
    if (code !== 0) console.log(`(the suite exited ${code}; figures are still printed)`);

    const all = readFileSync(join(reportsDir, 'runs', runId, 'requests.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LoggedRequest);
    // The runner's own requests (preflight, teardown) are not the tests': keep the workers' only.
    const log = all.filter((r) => r.pid !== all[0].pid);
    const times = log.map((r) => Date.parse(r.at));
    const suiteSpan = (Math.max(...times) - Math.min(...times)) / 1000;
    const runRps = log.length / suiteSpan;

    const offers = (await (await fetch(`${ref.url}/offer`, { headers })).json()) as Array<{ id: string; details: { status: string }; pricingAndOrderLimits: { hardMinLimit: number; currency: string } }>;
    const open = offers.find((o) => o.details.status === 'open_for_subscription')!;
    const bodyObject = { offerId: open.id, amountRequested: open.pricingAndOrderLimits.hardMinLimit, subscriptionType: 'discretionary_qualified', subscriptionCategory: 'professional', clientSubscriptionTimestamp: '2026-01-15T09:30:00Z', currency: open.pricingAndOrderLimits.currency, accountType: 'general_investment' };
    const body = JSON.stringify(bodyObject);

    // 1. The suite's client with the exchange checks a test runs on every response.
    compileAll();
    process.env.REPORTS_DIR = reportsDir;
    const session = await openSession({ baseUrl: ref.url, credentials: ref.credentials, environment: 'local', profilePath: REFERENCE_PROFILE_PATH, rate: 0, strict: false, runId: `${runId}-replay` });
    const verdict = new Verdict({ profile: session.profile, strict: false });
    session.client.listen((ex) => verdict.inspect(ex));
    const clientRps = await replay(log, WORKERS, async (r) => {
      const [method, path] = r.request.split(' ');
      await session.client.send({ operation: r.operation, method, path, body: method === 'GET' ? undefined : bodyObject });
    });
    await session.dispose();

    // 2. A plain fetch loop.
    const fetchRps = await replay(log, WORKERS, async (r) => {
      const [method, path] = r.request.split(' ');
      const res = await fetch(ref.url + path, { method, headers, body: method === 'GET' ? undefined : body });
      await res.arrayBuffer();
    });

    const ratio = clientRps / fetchRps;
    console.log('');
    console.log(`requests sent by the tests:            ${log.length} (${WORKERS} workers)`);
    console.log(`plain fetch loop, same requests:       ${fetchRps.toFixed(0)} req/s`);
    console.log(`suite client + exchange checks:        ${clientRps.toFixed(0)} req/s  ratio ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? 'ok' : 'BELOW TARGET'}`);
    console.log(`whole run (Playwright tests included): ${runRps.toFixed(0)} req/s  ratio ${(runRps / fetchRps).toFixed(2)} (over ${suiteSpan.toFixed(2)} s; per-test runner bookkeeping dominates)`);
    console.log(`suite wall time:            ${wallSeconds.toFixed(1)} s  (target <= 60 s on 2 cores) ${wallSeconds <= 60 ? 'ok' : 'ABOVE TARGET'}`);
  } finally {
    await ref.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
