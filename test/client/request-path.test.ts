// Requests as reported (issue 49, item 1): every identifier that looks like something else goes through the suite's
// client to a server that records the raw request line, and the path it received is the path the exchange and the
// report's curl show. An id URL parsing would rewrite (a dot segment, %2e included) or one that names no record (empty)
// is not sent at all, and the fuzz never draws one. Before, `GET /offer/.` left as `GET /offer/` and was reported as sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { LOOKALIKES, pathIdentifier } from '../../fuzz/arbitraries/path-identifier.ts';
import { curlScript } from '../../src/certify/report/curl.ts';
import type { ApiClient } from '../../src/client/api-client.ts';
import { exchangeExcerpt, type Exchange } from '../../src/client/exchange.ts';
import { isSendableId, UnsendablePathError } from '../../src/client/request-path.ts';
import { clientFor, PLANTED } from './client-for.ts';

/** Ids URL parsing rewrites, or that name no record, and their neighbours that it leaves alone. */
const ODD_IDS = ['.', '..', '', '%2e', '%2E', '%2E%2e', '.%2e', '%2e.', './', '../', 'a/', '/', '%2e/', 'x/.', '...', 'a/..', '.a', '%'];
const ALL_IDS = [...new Set([...ODD_IDS, ...LOOKALIKES])];

/** The by-id operations of the client, each named for the report. */
const BY_ID: Array<{ name: string; send(api: ApiClient, id: string): Promise<Exchange> }> = [
  { name: 'getOffer', send: (api, id) => api.getOffer(id) },
  { name: 'getAllocation', send: (api, id) => api.getAllocation(id, { offset: 0 }) },
  { name: 'getSubscription', send: (api, id) => api.getSubscription(id) },
  { name: 'cancelSubscription', send: (api, id) => api.cancelSubscription(id) },
];

/** A server that records each request line's target as it arrived (no URL parsing of ours) and answers 404. */
async function recordingServer(): Promise<{ server: Server; base: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(req.url ?? '');
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found","message":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** The path of the URL a curl script requests (its single-quoted URL), as written. */
function curlPath(script: string, base: string): string {
  // One shell word in single quotes, a quote inside it written '\''.
  const quoted = /curl -sS -i --path-as-is -X [A-Z]+ ('(?:[^']|'\\'')*')/.exec(script)?.[1];
  expect(quoted, script).toBeDefined();
  return quoted!.slice(1, -1).replaceAll(`'\\''`, `'`).slice(base.length);
}

for (const prefix of ['', '/api/v2']) {
  test(`every look-alike id is received as the exchange and the curl show it, or not sent (base path "${prefix}")`, async () => {
    const { server, base, received } = await recordingServer();
    const api = await clientFor(base + prefix);
    try {
      const rows: string[] = [];
      for (const op of BY_ID)
        for (const id of ALL_IDS) {
          const before = received.length;
          const what = `${op.name}(${JSON.stringify(id)})`;
          const sent = await op.send(api.client, id).catch((error: unknown) => error);
          if (!(sent instanceof Error)) {
            const ex = sent as Exchange;
            const got = received.slice(before);
            const curl = curlPath(curlScript(base + prefix, exchangeExcerpt(ex), 'replay')!, base);
            rows.push(`${what}: received ${got.join(' ')}; exchange ${prefix}${ex.path}; curl ${curl}`);
            expect(got, what).toEqual([prefix + ex.path]);
            expect(curl, what).toBe(prefix + ex.path);
            expect(isSendableId(id), `${what} was sent`).toBe(true);
          } else {
            // Not sent: said why, before anything reached the target.
            expect(sent, what).toBeInstanceOf(UnsendablePathError);
            expect(sent.message).toMatch(/cannot be sent .*as written/);
            expect(received.length, `${what} reached the target`).toBe(before);
            expect(isSendableId(id), `${what} was refused`).toBe(false);
          }
        }
      // The ids that would leave as a dot segment or an empty one are refused, on every operation; an id spelled with
      // %2e leaves with its % encoded (%252e), as written; every look-alike the fuzz draws is sent.
      for (const id of ['.', '..', '']) expect(isSendableId(id), JSON.stringify(id)).toBe(false);
      for (const id of ['%2e', '%2E%2e', '.%2e', './', 'a/']) expect(isSendableId(id), JSON.stringify(id)).toBe(true);
      for (const id of LOOKALIKES) expect(isSendableId(id), JSON.stringify(id)).toBe(true);
      expect(rows.length).toBe(BY_ID.length * ALL_IDS.filter(isSendableId).length);
      // A raw path with a dot segment (a probe, a profile's route) is refused the same way; the credentials stay out.
      for (const path of ['/offer/./x', '/offer/%2E%2E/health', '/offer/.'])
        await expect(api.client.send({ operation: 'other', method: 'GET', path })).rejects.toThrow(UnsendablePathError);
      await expect(api.client.send({ operation: 'other', method: 'GET', path: '/offer/./x' })).rejects.not.toThrow(PLANTED.secret);
    } finally {
      await api.dispose();
      server.close();
    }
  });
}

test('the path-identifier fuzz never draws an id the target would not receive as written', () => {
  fc.assert(
    fc.property(pathIdentifier({ knownOfferIds: ['.', '', 'offer-1'] }), ({ id }) => isSendableId(id)),
    { numRuns: 2000, seed: 49 },
  );
});
