/**
 * An example partner client that breaks each client duty once (and marks each such request with the
 * x-example-fault header naming the clause, so the project's tests can find it): its client certification
 * fails every client clause, each with the requests that show it.
 *   npx tsx examples/clients/faulty-client.ts <base URL, e.g. the proxy's http://127.0.0.1:8089>
 * Run it against a rate-limited target (REFERENCE_VARIANTS=rate-limit-5) to see the 429 clauses fail too.
 */
import {
  contractHeaders,
  createBody,
  credentialsFromEnv,
  FAULT_HEADER,
  offerSummary,
  send,
  sendAndHangUp,
  sleep,
  type Credentials,
} from './http.ts';

export async function runFaultyClient(baseUrl: string, credentials: Credentials = credentialsFromEnv()): Promise<void> {
  const headers = contractHeaders(credentials);
  const marked = (clause: string, h: Record<string, string> = headers) => ({ ...h, [FAULT_HEADER]: clause });

  const first = await send(baseUrl, 'GET', '/offer?offset=0&limit=10', headers);
  if (!Array.isArray(first.body)) throw new Error(`GET /offer answered ${first.status}`);
  const offer = offerSummary(first.body.find((o) => offerSummary(o).status === 'open_for_subscription') ?? first.body[0]);
  // The next page skips two offers; the offers are read again from the start without modifiedAfter.
  await send(baseUrl, 'GET', '/offer?offset=12&limit=10', marked('CLIENT-PAGINATION-WALK'));
  await send(baseUrl, 'GET', '/offer', marked('CLIENT-POLLS-MODIFIED-AFTER'));
  await send(baseUrl, 'GET', `/offer/${encodeURIComponent(offer.id)}`, marked('CLIENT-ACCEPT-HEADER', { ...headers, accept: '*/*' }));
  const { 'service-api-secret': _secret, ...withoutSecret } = headers;
  await send(baseUrl, 'GET', '/subscription', marked('CLIENT-CREDENTIALS', withoutSecret));

  const body = (n: number, currency = 'GBP') => createBody(offer, `faulty-client.${Date.now()}.${n}`, currency);
  await send(baseUrl, 'POST', '/subscription', marked('CLIENT-DECIMALS'), { ...body(1), amountRequested: offer.min + 0.1234567 });
  await send(baseUrl, 'POST', '/subscription', marked('CLIENT-ENUMS'), { ...body(2), subscriptionCategory: 'Retail' });
  const { accountType: _accountType, ...withoutAccountType } = body(3);
  await send(baseUrl, 'POST', '/subscription', marked('CLIENT-REQUEST-SCHEMA'), withoutAccountType);
  await send(baseUrl, 'POST', '/subscription', headers, body(4));
  await send(baseUrl, 'POST', '/subscription', marked('CLIENT-CURRENCY'), body(5, 'EUR'));
  // The same order twice in a row, and an order resent after the client gave up waiting for its answer.
  const twice = body(6);
  await send(baseUrl, 'POST', '/subscription', headers, twice);
  await send(baseUrl, 'POST', '/subscription', marked('CLIENT-NO-DUPLICATE-CREATES'), twice);
  const timedOut = body(7);
  await sendAndHangUp(baseUrl, '/subscription', headers, timedOut);
  await sleep(100);
  await send(baseUrl, 'POST', '/subscription', marked('CLIENT-NO-DUPLICATE-CREATES'), timedOut);

  // Bursts well above any agreed rate, until the service says 429; that is answered by sending again at once.
  for (let burst = 0; burst < 4; burst++) {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => send(baseUrl, 'GET', `/offer/${encodeURIComponent(offer.id)}`, marked('CLIENT-RATE'))),
    );
    if (answers.some((a) => a.status === 429)) {
      await send(baseUrl, 'GET', `/offer/${encodeURIComponent(offer.id)}`, marked('CLIENT-HONOURS-RETRY-AFTER'));
      break;
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2];
  if (!baseUrl) {
    process.stderr.write('usage: npx tsx examples/clients/faulty-client.ts <base URL>\n');
    process.exit(2);
  }
  runFaultyClient(baseUrl.replace(/\/+$/, '')).then(
    () => process.stdout.write('faulty client: done\n'),
    (error: unknown) => {
      process.stderr.write(`faulty client: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
