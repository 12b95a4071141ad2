// A tiny scripted target on 127.0.0.1 (port 0) and an ApiClient pointed at it, as Playwright fixtures.
// Each test sets `stub.reply` to decide, hit by hit, what the target answers; `stub.hits` records what
// arrived (method, URL, headers, body), so tests count retries and read what the client sent.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base } from '@playwright/test';
import type { ApiClient } from '../../src/client/api-client.ts';
import type { Journal } from '../../src/run/journal.ts';
import { clientFor } from './client-for.ts';

export { clientFor, PLANTED, RUN_ID, STUB_PROFILE, type ClientForOptions } from './client-for.ts';

export interface Hit {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the target does with one request: answer it, or drop the connection. */
export type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | 'reset';

export interface Stub {
  url: string;
  hits: Hit[];
  /** Decides each answer; `n` counts hits from 1. Defaults to 200 with an empty JSON array. */
  reply: (hit: Hit, n: number) => Reply;
}

export interface Api {
  client: ApiClient;
  journal: Journal;
}

async function startStub(): Promise<Stub & { close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const stub = { reply: (() => ({ status: 200, body: [] })) as Stub['reply'] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit: Hit = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      const reply = stub.reply(hit, hits.length);
      if (reply === 'reset') {
        req.socket.destroy();
        return;
      }
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export const test = base.extend<{ stub: Stub; api: Api }>({
  stub: async ({}, use) => {
    const stub = await startStub();
    await use(stub);
    await stub.close();
  },
  api: async ({ stub }, use) => {
    const { client, journal, dispose } = await clientFor(stub.url);
    await use({ client, journal });
    await dispose();
  },
});

export { expect } from '@playwright/test';
