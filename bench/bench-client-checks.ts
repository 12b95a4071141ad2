// `npm run bench:client-checks`: what certifying a long proxy session costs. A load run through the proxy records tens
// of thousands of exchanges; each client check must cost about the same per exchange whatever the session's length.
// Builds sessions shaped like such a run (one page read again and again, a list walked, identical create bodies, a
// 429 storm with requests sent through it) at two lengths, times each client check and the report's rendering on
// both, and prints the ratio long / short: about the ratio of the lengths (4) when the cost grows with the session,
// its square (16) when each exchange is compared with every other. Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { parseCommandLine } from '../src/config/command-line.ts';
import { BENCH_CLIENT_CHECKS_COMMAND } from '../src/cli/bench-commands.ts';

parseCommandLine(BENCH_CLIENT_CHECKS_COMMAND);

const { buildClientReport } = await import('../src/client-certification/certify-client.ts');
const { clientChecks, DEFAULT_SETTINGS } = await import('../src/client-certification/client-checks.ts');
const { SESSION_FORMAT } = await import('../src/client-certification/recorded-session.ts');
const { renderClientHtml, renderClientMarkdown } = await import('../src/client-certification/report/writers.ts');
type Session = import('../src/client-certification/recorded-session.ts').Session;
type SessionExchange = import('../src/client-certification/recorded-session.ts').SessionExchange;

const SHORT = Number(process.env.BENCH_EXCHANGES ?? 10_000);
if (!Number.isSafeInteger(SHORT) || SHORT < 100) {
  console.error(
    `bench:client-checks: BENCH_EXCHANGES must be a whole number of at least 100, got ${JSON.stringify(process.env.BENCH_EXCHANGES)}`,
  );
  process.exit(2);
}
const LONG = SHORT * 4;
const ROOT = new URL('../', import.meta.url).pathname;
const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const HEADERS = { accept: 'application/json', 'service-api-subscription': '[REDACTED]', 'service-api-secret': '[REDACTED]' };
const BODY = JSON.stringify({
  offerId: 'o-1',
  amountRequested: 100,
  currency: 'GBP',
  clientSubscriptionTimestamp: '2026-01-01T10:00:00Z',
  accountType: 'general_investment',
});

/** A load run's session: 200 requests a second; every tenth second the service answers 429 (Retry-After: 1) for a while. */
function loadRunSession(length: number): Session {
  const exchanges: SessionExchange[] = [];
  for (let i = 0; i < length; i++) {
    const at = T0 + i * 5;
    const storm = Math.floor(i / 200) % 10 === 9 && i % 20 === 0;
    const kind = i % 10;
    const base = {
      type: 'exchange' as const,
      seq: i + 1,
      arrivedAt: at,
      answeredAt: at + 3,
      requestHeaders: HEADERS,
      retryAfter: null,
      outcome: 'answered' as const,
      serviceFindings: [],
    };
    const offers = { ...base, operation: 'offer.list' as const, method: 'GET', path: '/offer?limit=10', requestBody: null };
    if (storm) exchanges.push({ ...offers, status: 429, retryAfter: '1', responseItems: null });
    else if (kind < 6) exchanges.push({ ...offers, status: 200, responseItems: 10 });
    else if (kind < 8)
      exchanges.push({
        ...offers,
        operation: 'subscription.list',
        path: `/subscription?offset=${(i % 50) * 10}&limit=10`,
        status: 200,
        responseItems: 10,
      });
    else
      exchanges.push({
        ...base,
        operation: 'subscription.create',
        method: 'POST',
        path: '/subscription',
        requestBody: BODY,
        status: 201,
        responseItems: null,
      });
  }
  return {
    header: {
      type: 'session',
      format: SESSION_FORMAT,
      startedAt: new Date(T0).toISOString(),
      target: 'http://bench',
      bundledReference: true,
      profile: {},
    },
    exchanges,
    end: null,
  };
}

/** Milliseconds `work` takes (the best of three: the least disturbed by the rest of a shared machine). */
function timed(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const sessions = { short: loadRunSession(SHORT), long: loadRunSession(LONG) };
console.log(`Client checks on synthetic load-run sessions of ${SHORT} and ${LONG} exchanges (best of 3 runs each).`);
const rows: Array<[string, number, number]> = [];
for (const check of clientChecks) {
  const ms = (s: Session) => timed(() => check.run(s, DEFAULT_SETTINGS));
  rows.push([check.clause, ms(sessions.short), ms(sessions.long)]);
}
const report = (s: Session) =>
  timed(() => {
    const r = buildClientReport(s, 'session.jsonl', DEFAULT_SETTINGS, ROOT);
    renderClientMarkdown(r);
    renderClientHtml(r);
  });
rows.push(['whole report (checks, Markdown, HTML)', report(sessions.short), report(sessions.long)]);
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`  ${'check'.padEnd(width)}  ${String(SHORT).padStart(9)}  ${String(LONG).padStart(9)}  long / short`);
for (const [name, short, long] of rows)
  console.log(
    `  ${name.padEnd(width)}  ${`${short.toFixed(1)} ms`.padStart(9)}  ${`${long.toFixed(1)} ms`.padStart(9)}  ${(long / Math.max(short, 0.01)).toFixed(1)}`,
  );
console.log('  (4 = the cost grows with the session; 16 = every exchange compared with every other)');
