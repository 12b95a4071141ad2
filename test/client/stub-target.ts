// A tiny scripted target on 127.0.0.1 (port 0) and an ApiClient pointed at it, as Playwright fixtures.
// Each test sets `stub.reply` to decide, hit by hit, what the target answers; `stub.hits` records what
// arrived (method, URL, headers, body), so tests count retries and read what the client sent.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { ApiClient } from '../../src/client/api-client.ts';
import { makeRedactor } from '../../src/client/redact.ts';
import type { Credentials } from '../../src/config/suite-config.ts';
import type { TargetProfile } from '../../src/profile/target-profile.ts';
import { Journal } from '../../src/run/journal.ts';

/** Recognisable planted credentials: a test that finds them in output has found a leak. */
export const PLANTED: Credentials = { subscriptionKey: 'planted-subscription-key-7Q2xW', secret: 'planted-secret-value-9Zk4Lm' };

export const STUB_PROFILE: TargetProfile = {
  name: 'stub',
  cancel: { method: 'POST', path: '/subscription/{subscriptionId}/cancel' },
  health: { method: 'GET', path: '/health' },
  status: {},
  maxLimit: null,
};

export const RUN_ID = 'unit-run';

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

export interface ClientForOptions {
  credentials?: Credentials;
  profile?: TargetProfile;
  timeoutMs?: number;
  maxResponseBytes?: number;
  signal?: AbortSignal;
}

/** An ApiClient journalling to a temporary file, unpaced. */
export async function clientFor(baseUrl: string, { credentials = PLANTED, profile = STUB_PROFILE, ...limits }: ClientForOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'osd-client-'));
  const journal = new Journal(RUN_ID, join(dir, 'journal.jsonl'));
  const client = new ApiClient({
    baseUrl,
    credentials,
    profile,
    journal,
    redact: makeRedactor([credentials.subscriptionKey, credentials.secret]),
    pace: async () => {},
    timeoutMs: 10_000,
    ...limits,
  });
  return {
    client,
    journal,
    dispose: async () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
