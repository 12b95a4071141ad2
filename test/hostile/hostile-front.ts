// The hostile-target test bed: a small node:http front-end on 127.0.0.1 (port 0) in front of a real reference
// server, that misbehaves as each test scripts it (answers 502 after the reference saved a create, echoes the
// credentials, ...). Everything not scripted is passed through unchanged. Composed as fixtures in one place.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base } from '@playwright/test';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { clientFor } from '../client/client-for.ts';
import { CANARY, CANARY_SECOND, REFERENCE_PROFILE } from './canary.ts';

export { CANARY, CANARY_SECOND, canaryTarget, REFERENCE_PROFILE } from './canary.ts';

/** What reached the reference through the front, and what the front answered. */
export interface Passed {
  method: string;
  url: string;
  status: number;
  body: string;
}

/**
 * What the client gets instead of the reference's answer: a status and body, 'hang' (never a byte back), or a
 * function that writes whatever it likes on the response (a broken gzip, a short body, an endless one).
 */
export type Answer = { status: number; body: string } | 'hang' | ((res: ServerResponse) => void);

/**
 * A scripted misbehaviour: given the request (its headers too: a front may echo them) and what the reference answered
 * (it did answer), what the client gets.
 */
export type Misbehaviour = (request: { method: string; url: string; headers: IncomingHttpHeaders }, upstream: Passed) => Answer | null;

export interface HostileTarget {
  url: string;
  reference: RunningReference;
  /** null: pass the reference's answer through. */
  misbehave: Misbehaviour;
  /** Requests that never reach the reference and never get an answer (a target hanging before it acts). */
  swallow: (request: { method: string; url: string }) => boolean;
  passed: Passed[];
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startHostileTarget(): Promise<HostileTarget & { close(): Promise<void> }> {
  const reference = await startReferenceServer({ credentials: CANARY, secondCredentials: CANARY_SECOND });
  const upstream = new URL(reference.url);
  const target = { misbehave: (() => null) as Misbehaviour, swallow: (() => false) as HostileTarget['swallow'], passed: [] as Passed[] };
  const server = createServer(async (req, res) => {
    const body = await readAll(req);
    if (target.swallow({ method: req.method ?? '', url: req.url ?? '' })) return;
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      async (up) => {
        const text = (await readAll(up)).toString('utf8');
        const passed: Passed = { method: req.method ?? '', url: req.url ?? '', status: up.statusCode ?? 0, body: text };
        target.passed.push(passed);
        const answer = target.misbehave({ method: passed.method, url: passed.url, headers: req.headers }, passed) ?? {
          status: passed.status,
          body: text,
        };
        if (answer === 'hang') return;
        if (typeof answer === 'function') return answer(res);
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      },
    );
    forwarded.on('error', () => res.destroy());
    forwarded.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(target, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reference,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await reference.close();
    },
  });
}

/** Records the reference holds whose clientSubscriptionReference `matches` (a tag, or a test of it) that are still live (not cancelled, not rejected). */
export async function liveWithTag(referenceUrl: string, matches: string | ((reference: string) => boolean)): Promise<unknown[]> {
  const test = typeof matches === 'string' ? (r: string) => r === matches : matches;
  const response = await fetch(`${referenceUrl}/subscription`, {
    headers: { 'service-api-subscription': CANARY.subscriptionKey, 'service-api-secret': CANARY.secret },
  });
  const all = (await response.json()) as Array<{ clientSubscriptionReference?: string; status: string }>;
  return all.filter((r) => test(r.clientSubscriptionReference ?? '') && r.status !== 'cancelled' && r.status !== 'rejected');
}

export const test = base.extend<{ hostile: HostileTarget; api: Awaited<ReturnType<typeof clientFor>> }>({
  hostile: async ({}, use) => {
    const target = await startHostileTarget();
    await use(target);
    await target.close();
  },
  // The suite's own client, with canary credentials, pointed at the front (journal in a temporary folder).
  api: async ({ hostile }, use) => {
    const api = await clientFor(hostile.url, { credentials: CANARY, profile: REFERENCE_PROFILE });
    await use(api);
    await api.dispose();
  },
});

export { expect } from '@playwright/test';
