// Fixtures of the client-certification tests: a reference server (canary credentials, its own rate limit),
// the recording proxy in front of it (127.0.0.1, port 0), a client run through it, and the certification of
// the session it recorded, written under the test's output folder.
import { test as base } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startReferenceServer } from '../../reference/server.ts';
import { certifyClient, type ClientCertification } from '../../src/client-certification/certify-client.ts';
import type { ClientCheckSettings } from '../../src/client-certification/client-checks.ts';
import { readSession, type Session, type SessionExchange } from '../../src/client-certification/recorded-session.ts';
import { loadProfile } from '../../src/config/target-profile.ts';
import { type ProxyOptions, startProxy } from '../../src/client-certification/proxy/proxy-server.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/run/bundled-reference.ts';
import type { Credentials } from '../../examples/clients/http.ts';

export { expect } from '@playwright/test';
/** Canary credentials sharing no word with what a report says (the hostile tests' canary contains "subscription"). */
export const CANARY = { subscriptionKey: 'k7Qz-Vw2m-X9pL-r4Tn-cnry', secret: 's3Jd-Hy8c-Wq5B-n6Ze-cnry' };

export const ROOT = resolve(import.meta.dirname, '../..');
export const SETTINGS: ClientCheckSettings = { agreedRate: 10, currency: null, duplicateWindowMs: 60_000 };

export interface ClientRun extends ClientCertification {
  session: Session;
  sessionPath: string;
  /** Every file the run wrote (session and report folder), for the canary scan. */
  writtenFiles(): string[];
}

type Client = (baseUrl: string, credentials: Credentials) => Promise<void>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

export interface Proxied {
  referenceUrl: string;
  proxyUrl: string;
  sessionPath: string;
  /** Stops the proxy (the session file gets its end line). */
  stop(): Promise<void>;
  /** Exchanges recorded without their answers checked (the queue to the checks full). */
  unchecked(): number;
}

type Fixtures = {
  /** A reference (canary credentials) with the recording proxy in front of it, both on 127.0.0.1 port 0. */
  startProxied: (
    reference: {
      rateLimit?: number;
      variants?: string[];
      onExchange?: (exchange: SessionExchange) => void;
    } & Pick<ProxyOptions, 'console' | 'queueCapacity' | 'recordingHeldUntil'>,
  ) => Promise<Proxied>;
  /** Runs `client` through a proxied reference and certifies the session it recorded. */
  certifyClientRun: (client: Client, opts: { rateLimit: number }) => Promise<ClientRun>;
};

export const test = base.extend<Fixtures>({
  startProxied: async ({}, use, testInfo) => {
    const closers: Array<() => Promise<void>> = [];
    await use(async ({ rateLimit, variants, ...proxyOptions }) => {
      const reference = await startReferenceServer({ port: 0, credentials: CANARY, rateLimit: rateLimit ?? false, variants });
      closers.push(() => reference.close());
      const dir = testInfo.outputPath('client');
      mkdirSync(dir, { recursive: true });
      const sessionPath = join(dir, 'session.jsonl');
      const proxy = await startProxy({
        target: reference.url,
        port: 0,
        sessionPath,
        profile: loadProfile(REFERENCE_PROFILE_PATH),
        bundledReference: true,
        ...proxyOptions,
      });
      closers.push(() => proxy.close());
      return { referenceUrl: reference.url, proxyUrl: proxy.url, sessionPath, stop: () => proxy.close(), unchecked: () => proxy.unchecked };
    });
    for (const close of closers.reverse()) await close().catch(() => undefined);
  },
  certifyClientRun: async ({ startProxied }, use) => {
    await use(async (client, { rateLimit }) => {
      const proxied = await startProxied({ rateLimit });
      await client(proxied.proxyUrl, CANARY);
      await proxied.stop();
      const dir = dirname(proxied.sessionPath);
      const certification = certifyClient(proxied.sessionPath, join(dir, 'client-certification'), SETTINGS, ROOT);
      return {
        ...certification,
        session: readSession(proxied.sessionPath),
        sessionPath: proxied.sessionPath,
        writtenFiles: () => filesUnder(dir),
      };
    });
  },
});

export const readText = (path: string) => readFileSync(path, 'utf8');

/** The environment of a child command, without the settings of whoever runs the tests. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(API_(?!DURABILITY_WAIT$)|REFERENCE_|RUN_ID$|REPORTS_DIR$|PW_|TEST_|PLAYWRIGHT_)/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

export interface ProxyCli {
  child: ChildProcess;
  /** The proxy's URL, once it printed it. */
  url: string;
  /** What it printed so far (stdout and stderr), and its exit code once it exits. */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `npm run proxy` (`args`, a clean environment plus `env`) and waits until it prints where it listens. */
export async function startProxyCli(args: string[], env: Record<string, string>): Promise<ProxyCli> {
  // As the npm script runs it: node with tsx's loader, no relay process in front (signals reach the proxy itself).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/proxy.ts', ...args], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /^Proxy (http:\/\/127\.0\.0\.1:\d+) /m.exec(stdout);
      if (m) resolve(m[1]);
    });
    void exited.then(() => reject(new Error(`the proxy exited before listening: ${stdout}${stderr}`)));
  });
  return { child, url, output: () => stdout + stderr, exited };
}
