// The proxy relays connections: what HTTP/1.1 allows on one connection (pipelined requests, HEAD, 100-continue,
// an answer that ends with the connection, a target closing an idle connection) works through it as it works
// directly, and what a target or a client breaks is recorded as what it is, never passed on as a whole answer.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { request } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { HTTPParser } from 'http-parser-js';
import { readSession } from '../../../src/client-certification/recorded-session.ts';
import { startProxy } from '../../../src/client-certification/proxy/proxy-server.ts';
import { CANARY, expect, startProxyCli, test } from '../fixtures.ts';

const CREDENTIALS = `service-api-subscription: ${CANARY.subscriptionKey}\r\nservice-api-secret: ${CANARY.secret}\r\naccept: application/json\r\n`;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `bytes` on one connection and reads `count` answers (the methods tell which have no body), or until it closes. */
function exchangeRaw(url: string, bytes: string, methods: string[]): Promise<{ answers: Answer[]; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    const answers: Answer[] = [];
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    let current: Answer | null = null;
    let chunks: Buffer[] = [];
    const finish = (closed: boolean) => {
      socket.destroy();
      resolve({ answers, closed });
    };
    parser[HTTPParser.kOnHeadersComplete] = (info) => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < info.headers.length; i += 2) headers[info.headers[i].toLowerCase()] = info.headers[i + 1];
      current = { status: info.statusCode, headers, body: '' };
      chunks = [];
      return methods[answers.length] === 'HEAD' ? 1 : 0;
    };
    parser[HTTPParser.kOnBody] = (chunk) => {
      chunks.push(Buffer.from(chunk));
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      if (!current || current.status < 200) return;
      current.body = Buffer.concat(chunks).toString('utf8');
      answers.push(current);
      current = null;
      if (answers.length === methods.length) finish(false);
    };
    socket.on('data', (data) => {
      const result = parser.execute(data);
      if (result instanceof Error) reject(result);
    });
    socket.on('end', () => {
      parser.finish();
      finish(true);
    });
    socket.on('error', () => finish(true));
    socket.write(bytes, 'latin1');
  });
}

/** What a correct relay keeps of an answer: all but the headers of each connection's own. */
function comparable(answer: Answer): Answer {
  const { date, connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
  return { ...answer, headers };
}

test('pipelined requests on one connection, HEAD and an empty chunked body among them: the same answers in the same order as directly, each recorded', async ({
  startProxied,
}) => {
  const proxied = await startProxied({});
  const bytes =
    `HEAD /offer?limit=2 HTTP/1.1\r\nhost: x\r\n${CREDENTIALS}\r\n` +
    `GET /offer?limit=2 HTTP/1.1\r\nhost: x\r\n${CREDENTIALS}\r\n` +
    `GET /offer/no-such-offer HTTP/1.1\r\nhost: x\r\n${CREDENTIALS}\r\n` +
    // A chunked body with no chunk in it (what a streaming client sends for an empty body).
    `POST /subscription/no-such-subscription/cancel HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n${CREDENTIALS}\r\n0\r\n\r\n`;
  const methods = ['HEAD', 'GET', 'GET', 'POST'];
  const direct = await exchangeRaw(proxied.referenceUrl, bytes, methods);
  const through = await exchangeRaw(proxied.proxyUrl, bytes, methods);
  expect(direct.answers.map((a) => a.status)).toEqual([200, 200, 404, 415]); // 415: a body (empty) with no content-type
  expect(through.answers.map(comparable)).toEqual(direct.answers.map(comparable));
  expect(through.answers[0].body).toBe('');
  await proxied.stop();
  const exchanges = readSession(proxied.sessionPath).exchanges;
  expect(exchanges.map((ex) => [ex.seq, ex.method, ex.path, ex.status, ex.outcome])).toEqual([
    [1, 'HEAD', '/offer?limit=2', 200, 'answered'],
    [2, 'GET', '/offer?limit=2', 200, 'answered'],
    [3, 'GET', '/offer/no-such-offer', 404, 'answered'],
    [4, 'POST', '/subscription/no-such-subscription/cancel', 415, 'answered'],
  ]);
  // The HEAD's answer has no body by definition: no finding of the service for it (a JSON content type over no body).
  expect(exchanges[0].serviceFindings).toEqual([]);
});

test('a request target in absolute-form (a client taking the proxy for a forward proxy) goes on in origin-form', async ({
  startProxied,
}) => {
  const proxied = await startProxied({});
  const { host } = new URL(proxied.referenceUrl);
  const origin = await exchangeRaw(proxied.proxyUrl, `GET /offer?limit=2 HTTP/1.1\r\nhost: x\r\n${CREDENTIALS}\r\n`, ['GET']);
  const absolute = await exchangeRaw(proxied.proxyUrl, `GET http://${host}/offer?limit=2 HTTP/1.1\r\nhost: ${host}\r\n${CREDENTIALS}\r\n`, [
    'GET',
  ]);
  expect(absolute.answers.map(comparable)).toEqual(origin.answers.map(comparable));
  expect(absolute.answers[0].status).toBe(200);
  await proxied.stop();
  expect(readSession(proxied.sessionPath).exchanges.map((ex) => [ex.path, ex.operation, ex.status])).toEqual([
    ['/offer?limit=2', 'offer.list', 200],
    ['/offer?limit=2', 'offer.list', 200],
  ]);
});

test('a client that sends Expect: 100-continue is told to go on, and its create reaches the target whole', async ({ startProxied }) => {
  const proxied = await startProxied({});
  const offer = (
    (await (
      await fetch(`${proxied.proxyUrl}/offer?limit=1`, {
        headers: { 'service-api-subscription': CANARY.subscriptionKey, 'service-api-secret': CANARY.secret },
      })
    ).json()) as Array<{ id: string }>
  )[0];
  const body = JSON.stringify({
    offerId: offer.id,
    amountRequested: 100,
    subscriptionCategory: 'retail',
    subscriptionType: 'xo_unqualified',
    clientSubscriptionTimestamp: '2026-01-01T10:00:00Z',
    currency: 'GBP',
    accountType: 'general_investment',
  });
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${proxied.proxyUrl}/subscription`, {
      method: 'POST',
      headers: {
        expect: '100-continue',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'service-api-subscription': CANARY.subscriptionKey,
        'service-api-secret': CANARY.secret,
      },
    });
    req.on('continue', () => req.end(body));
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  expect(status).toBe(201);
  await proxied.stop();
  expect(readSession(proxied.sessionPath).exchanges.at(-1)?.requestBody).toBe(body);
});

test('a request that is not HTTP/1.1: a 400 from the proxy, nothing sent on, nothing recorded', async ({ startProxied }) => {
  const proxied = await startProxied({});
  // Two answers awaited: the proxy gives one, then closes the connection.
  const { answers, closed } = await exchangeRaw(proxied.proxyUrl, 'NOT HTTP AT ALL\r\n\r\n', ['GET', 'GET']);
  expect(answers.map((a) => [a.status, JSON.parse(a.body).message])).toEqual([[400, 'osd-suite proxy: the request is not HTTP/1.1']]);
  expect(closed).toBe(true);
  await proxied.stop();
  expect(readSession(proxied.sessionPath).exchanges).toEqual([]);
});

/** A target of our own making: `answer` gets each connection and what arrived on it. */
async function fakeTarget(answer: (socket: Socket, received: string) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((socket) => {
    let received = '';
    socket.on('data', (data) => {
      received += data.toString('latin1');
      if (received.includes('\r\n\r\n')) {
        answer(socket, received);
        received = '';
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function proxyTo(target: string, outputDir: string) {
  mkdirSync(outputDir, { recursive: true });
  const sessionPath = join(outputDir, 'session.jsonl');
  const proxy = await startProxy({ target, port: 0, sessionPath, profile: {}, bundledReference: false });
  return { proxy, sessionPath };
}

test('answers the target cuts short, or ends with the connection, and a target closing an idle connection', async ({}, testInfo) => {
  let connections = 0;
  const requestLines: string[] = [];
  const target = await fakeTarget((socket, received) => {
    requestLines.push(received.split('\r\n')[0]);
    const path = received.split(' ')[1].replace(/^\/api/, '');
    if (path === '/cut') {
      // Promises 100 bytes, sends 9, and goes away: the client must not take those 9 for the answer.
      socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"partial');
    } else if (path === '/until-close') {
      // No length: the answer is whatever comes before the connection ends (RFC 9112 6.3).
      socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n[]');
    } else {
      // Answers, then closes the connection as idle after 50 ms: the next request needs a new one.
      connections++;
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]');
      setTimeout(() => socket.destroy(), 50);
    }
  });
  const { proxy, sessionPath } = await proxyTo(`${target.url}/api`, testInfo.outputPath('fake'));
  try {
    await expect(fetch(`${proxy.url}/cut`).then((r) => r.text())).rejects.toThrow();
    expect(await (await fetch(`${proxy.url}/until-close`)).text()).toBe('[]');
    // Node's fetch keeps its connection to the proxy; the proxy's to the target is gone by the second request.
    expect((await fetch(`${proxy.url}/idle`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await fetch(`${proxy.url}/idle`)).status).toBe(200);
    expect(connections).toBe(2);
    // Each under the target's base path.
    expect(requestLines).toEqual([
      'GET /api/cut HTTP/1.1',
      'GET /api/until-close HTTP/1.1',
      'GET /api/idle HTTP/1.1',
      'GET /api/idle HTTP/1.1',
    ]);
  } finally {
    await proxy.close();
    target.server.close();
  }
  expect(readSession(sessionPath).exchanges.map((ex) => [ex.path, ex.outcome, ex.status])).toEqual([
    ['/cut', 'upstream-error', null],
    ['/until-close', 'answered', 200],
    ['/idle', 'answered', 200],
    ['/idle', 'answered', 200],
  ]);
});

test('an https target: the proxy speaks TLS to it (trusting what Node trusts, NODE_EXTRA_CA_CERTS here), the client plain HTTP', async ({}, testInfo) => {
  const dir = testInfo.outputPath('tls');
  mkdirSync(dir, { recursive: true });
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const seen: string[] = [];
  const target = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    seen.push(`${req.method} ${req.url} host=${req.headers.host}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const targetUrl = `https://127.0.0.1:${(target.address() as AddressInfo).port}/api`;
  const out = join(dir, 'proxy');
  const proxy = await startProxyCli(['--target', targetUrl, '--port', '0', '--stop-after', '3', '--out', out], {
    NODE_EXTRA_CA_CERTS: cert,
  });
  try {
    const url = proxy.url;
    const answer = await fetch(`${url}/offer?limit=1`);
    expect([answer.status, await answer.text()]).toEqual([200, '[]']);
    await proxy.exited;
  } finally {
    proxy.child.kill();
    target.close();
  }
  expect(seen).toEqual([`GET /api/offer?limit=1 host=127.0.0.1:${new URL(targetUrl).port}`]);
  expect(readSession(join(out, 'session.jsonl')).exchanges.map((ex) => [ex.path, ex.status, ex.outcome])).toEqual([
    ['/offer?limit=1', 200, 'answered'],
  ]);
});

test('stopping: a request in flight is answered and recorded, no new one is taken, and the stop does not wait for the client', async ({}, testInfo) => {
  const target = await fakeTarget((socket) => {
    setTimeout(() => socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]'), 200);
  });
  const { proxy, sessionPath } = await proxyTo(target.url, testInfo.outputPath('stopping'));
  try {
    const { hostname, port } = new URL(proxy.url);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nhost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = proxy.close();
    // Sent on the same keep-alive connection after the stop began: not taken.
    socket.write('GET /late HTTP/1.1\r\nhost: x\r\n\r\n');
    await stopped;
    await ended;
    expect(received.match(/^HTTP\/1\.1 \d+/gm)).toEqual(['HTTP/1.1 200']);
  } finally {
    target.server.close();
  }
  const session = readSession(sessionPath);
  expect(session.exchanges.map((ex) => [ex.path, ex.outcome, ex.status])).toEqual([['/slow', 'answered', 200]]);
  expect(session.end?.requests).toBe(1);
});
