/**
 * An example partner client that keeps every duty the contract puts on a client: the accept and credential
 * headers on every call, valid create bodies in one currency, no duplicate creates (each carries its own
 * reference and is never resent blindly), lists walked by offset += limit, new offers polled with
 * modifiedAfter, a pause of Retry-After after a 429, and a steady pace of 8 requests per second.
 *   npx tsx examples/clients/good-client.ts <base URL, e.g. the proxy's http://127.0.0.1:8089>
 */
import {
  contractHeaders,
  createBody,
  credentialsFromEnv,
  offerSummary,
  retryAfterMs,
  send,
  sleep,
  type Answer,
  type Credentials,
  type OfferSummary,
} from './http.ts';

const PAGE = 10;
const PACE_MS = 125;

export async function runGoodClient(baseUrl: string, credentials: Credentials = credentialsFromEnv()): Promise<void> {
  const headers = contractHeaders(credentials);
  let next = 0;
  /** Paced; a 429 (refused, nothing done) is retried after Retry-After, anything else is returned. */
  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      await sleep(Math.max(0, next - Date.now()));
      next = Date.now() + PACE_MS;
      const answer = await send(baseUrl, method, path, headers, body);
      if (answer.status !== 429 || attempt === 5) return answer;
      const wait = retryAfterMs(answer.retryAfter) ?? 1000;
      next = Math.max(next, Date.now() + wait);
    }
  }

  await call('GET', '/health');
  const offers: OfferSummary[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await call('GET', `/offer?offset=${offset}&limit=${PAGE}`);
    if (page.status !== 200 || !Array.isArray(page.body)) throw new Error(`GET /offer answered ${page.status}`);
    offers.push(...page.body.map(offerSummary));
    if (page.body.length < PAGE) break;
  }
  const open = offers.find((o) => o.status === 'open_for_subscription') ?? offers[0];
  const ids: string[] = [];
  for (const n of [1, 2]) {
    const created = await call('POST', '/subscription', createBody(open, `good-client.${Date.now()}.${n}`));
    if (created.status >= 200 && created.status < 300) ids.push((created.body as { id: string }).id);
  }
  if (ids[0]) await call('GET', `/subscription/${encodeURIComponent(ids[0])}`);
  await call('GET', `/subscription?offerId=${encodeURIComponent(open.id)}`);
  for (const id of ids) await call('POST', `/subscription/${encodeURIComponent(id)}/cancel`);
  let since =
    offers
      .map((o) => o.lastModifiedOn)
      .sort()
      .at(-1) ?? new Date(0).toISOString();
  for (let poll = 0; poll < 2; poll++) {
    const fresh = await call('GET', `/offer?modifiedAfter=${encodeURIComponent(since)}`);
    if (Array.isArray(fresh.body))
      since = fresh.body
        .map((o) => offerSummary(o).lastModifiedOn)
        .concat(since)
        .sort()
        .at(-1)!;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2];
  if (!baseUrl) {
    process.stderr.write('usage: npx tsx examples/clients/good-client.ts <base URL>\n');
    process.exit(2);
  }
  runGoodClient(baseUrl.replace(/\/+$/, '')).then(
    () => process.stdout.write('good client: done\n'),
    (error: unknown) => {
      process.stderr.write(`good client: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
