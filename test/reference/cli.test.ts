// `npm run serve` (reference/main.ts) as a user runs it: it listens on loopback, prints what to
// point the suite at, answers every endpoint, takes credentials from the environment without
// printing them, and refuses bad options with a clear message.
import { createServer, type AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;

interface Served {
  child: ChildProcess;
  stdout: string;
  url: string;
}

function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  if (!('REFERENCE_SUBSCRIPTION_KEY' in extra)) delete env.REFERENCE_SUBSCRIPTION_KEY;
  if (!('REFERENCE_SECRET' in extra)) delete env.REFERENCE_SECRET;
  if (!('REFERENCE_SECOND_SUBSCRIPTION_KEY' in extra)) delete env.REFERENCE_SECOND_SUBSCRIPTION_KEY;
  if (!('REFERENCE_SECOND_SECRET' in extra)) delete env.REFERENCE_SECOND_SECRET;
  return env;
}

function runServe(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'reference/main.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts the CLI and waits for its last start-up line. */
function serve(args: string[], env: NodeJS.ProcessEnv): Promise<Served> {
  const child = runServe(args, env);
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start: ${stdout}${stderr}`));
    }, STARTUP_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url && stdout.includes('npm run conformance')) {
        clearTimeout(timer);
        resolve({ child, stdout, url });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${stdout}${stderr}`));
    });
  });
}

async function stop(served: Served): Promise<void> {
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
}

test('serve prints URL, demo credentials, profile and the suite command, and answers every endpoint', async () => {
  const served = await serve(['--port', '0'], cleanEnv());
  try {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(served.stdout).toContain('service-api-subscription=demo-subscription-key');
    expect(served.stdout).toContain('reference/profile.json');
    expect(served.stdout).toContain(
      `API_BASE_URL=${served.url} API_SUBSCRIPTION_KEY=demo-subscription-key API_SECRET=demo-api-secret API_SECOND_SUBSCRIPTION_KEY=demo-second-partner-key API_SECOND_SECRET=demo-second-partner-secret API_PROFILE=reference/profile.json`,
    );
    expect(served.stdout).toContain('second partner: service-api-subscription=demo-second-partner-key');

    const headers = {
      'service-api-subscription': 'demo-subscription-key',
      'service-api-secret': 'demo-api-secret',
      accept: 'application/json',
    };
    const offers = (await (await fetch(`${served.url}/offer`, { headers })).json()) as Array<{ id: string }>;
    const records = (await (await fetch(`${served.url}/allocation`, { headers })).json()) as Array<{ offerId: string }>;
    const open = (await (await fetch(`${served.url}/offer/${offers.at(-1)!.id}`, { headers })).json()) as { id: string };
    const createdResponse = await fetch(`${served.url}/subscription`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        offerId: open.id,
        amountRequested: 1000,
        clientSubscriptionTimestamp: '2025-01-01T00:00:00Z',
        currency: 'GBP',
        accountType: 'general_investment',
      }),
    });
    const created = (await createdResponse.json()) as { id: string };
    const answers = await Promise.all(
      [
        ['GET', `/allocation/${records[0].offerId}?limit=5`],
        ['GET', '/subscription'],
        ['GET', `/subscription/${created.id}`],
        ['POST', `/subscription/${created.id}/cancel`],
      ].map(([method, path]) => fetch(`${served.url}${path}`, { method, headers })),
    );
    expect(createdResponse.status).toBe(201);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await fetch(`${served.url}/health`)).status).toBe(200);
    expect((await fetch(`${served.url}/offer`)).status).toBe(401);
  } finally {
    await stop(served);
  }
});

test('serve takes credentials from REFERENCE_* and never prints them', async () => {
  const key = 'env-planted-key-5150';
  const secret = 'env-planted-secret-6160';
  const [secondKey, secondSecret] = ['env-planted-second-key-7170', 'env-planted-second-secret-8180'];
  const served = await serve(
    ['--port', '0', '--rate-limit', '50', '--max-limit', '20', '--fault', 'limit-ignored'],
    cleanEnv({
      REFERENCE_SUBSCRIPTION_KEY: key,
      REFERENCE_SECRET: secret,
      REFERENCE_SECOND_SUBSCRIPTION_KEY: secondKey,
      REFERENCE_SECOND_SECRET: secondSecret,
    }),
  );
  try {
    for (const value of [key, secret, secondKey, secondSecret]) expect(served.stdout).not.toContain(value);
    expect(served.stdout).toContain('second partner: taken from REFERENCE_SECOND_SUBSCRIPTION_KEY');
    const asSecond = await fetch(`${served.url}/offer?limit=1`, {
      headers: { 'service-api-subscription': secondKey, 'service-api-secret': secondSecret },
    });
    expect(asSecond.status).toBe(200);
    expect(served.stdout).toContain('faults: limit-ignored');
    expect(served.stdout).toContain('"maxLimit": 20');
    const answer = await fetch(`${served.url}/offer?limit=1`, {
      headers: { 'service-api-subscription': key, 'service-api-secret': secret },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('50');
    expect(((await answer.json()) as unknown[]).length).toBeGreaterThan(1); // the fault is on
    const demo = await fetch(`${served.url}/offer`, {
      headers: { 'service-api-subscription': 'demo-subscription-key', 'service-api-secret': 'demo-api-secret' },
    });
    expect(demo.status).toBe(401);
  } finally {
    await stop(served);
  }
});

// [args, what stderr must say]
const BAD_OPTIONS: ReadonlyArray<[string[], RegExp]> = [
  // One sentence with the nearest names (issue 43, item 7), not every name and the usage.
  [['--fault', 'nope'], /^serve: Unknown fault switch "nope"; closest: .* \(npm run serve -- --list-faults lists all \d+\)\.\n$/],
  [['--fault', 'limit-ignord'], /closest: limit-ignored,/],
  [['--port', 'eighty'], /--port must be a non-negative integer/],
  [['--max-limit', '0'], /--max-limit must be a positive integer/],
  [['--rate-limit=-2'], /--rate-limit must be a positive integer, got "-2"/],
  [['--rate-limit', '-2'], /Option '--rate-limit' argument is ambiguous/],
  [['--no-such-option'], /Unknown option/],
];

for (const [args, message] of BAD_OPTIONS) {
  test(`serve ${args.join(' ')} exits 2 with a clear message and no stack trace`, async () => {
    const child = runServe(args, cleanEnv());
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
}

test('serve on a port in use exits 2 (a configuration error, as the README table says), in one sentence', async () => {
  const holder = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => holder.once('listening', resolve));
  try {
    const { port } = holder.address() as AddressInfo;
    const child = runServe(['--port', String(port)], cleanEnv());
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe(`serve: port ${port} on 127.0.0.1 is already in use; pick another with --port (0 = any free port)\n`);
  } finally {
    holder.close();
  }
});
