// Every shell command of the README runs, as written, on a clean checkout, against the bundled reference (issue 32,
// item 1). Each ```sh block is preceded by a marker, <!-- readme-test: CONTEXT -->, that says where it runs:
//   run      as a newcomer types it: nothing configured, so the commands start the bundled reference themselves;
//   staging  with API_BASE_URL, the credentials and API_ENVIRONMENT=staging exported, as the README asks, pointing at
//            a reference server this test starts; these blocks run in README order (the first writes the profile the
//            others use);
//   k6       the load recipe: run when a k6 is found, else its first command must say k6 is missing (exit 3);
//   proxy    the first command runs in the background until the others end, then gets Ctrl-C (SIGINT to its group);
//   skip (why)  not run, for the reason given.
// What the test changes is in CHANGES below, each with its reason; everything else runs verbatim. Kept small: FUZZ_RUNS=2
// (an environment override every command honours) and a time limit per command.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReferenceServer } from '../../reference/server.ts';
import { EXIT_CODES } from '../../src/config/exit-codes.ts';
import { FILL_IN_MARKER } from '../../src/certify/init-profile.ts';
import { findK6 } from '../../src/k6/k6-binary.ts';
import { cleanCheckout, ROOT } from '../checkout.ts';
import { type Block, readmeBlocks } from './readme-blocks.ts';

/** Commands not run wherever they appear, and why. */
const NOT_RUN: Record<string, string> = {
  'npm ci': 'reaches the npm registry (tests stay on loopback); .ci/run runs it on every clean clone before npm test',
};

/** Exit codes other than 0 that a command is expected to end with, and why. */
const EXPECTED_EXIT: Array<{ match: RegExp; code: number; why: string }> = [
  { match: /--clauses/, code: EXIT_CODES.incomplete, why: 'the clauses left out are not confirmed: INCOMPLETE, as the README says' },
];

/** The only changes the test makes to what the README says, and why. */
const CHANGES = {
  proxyPort: "the proxy's fixed port 8089 may be taken on a shared machine: --port 0, and the client is given the printed URL",
  fillInCancel: 'the README asks the partner to fill in "cancel" and delete the "$comment" after --init-profile: the test does it',
};

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const BLOCKS = readmeBlocks(README);
const CONTEXTS = /^(run|staging|k6|proxy|skip \(.+\))$/;

/** The environment of every command: the test process's, without anything that would point it elsewhere. */
function baseEnv(): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k, v]) => v !== undefined && !/^(API_(?!DURABILITY_WAIT$)|RUN_ID|REPORTS_DIR|REFERENCE_|FUZZ_)/.test(k),
    ),
  ) as Record<string, string>;
  return { ...env, FUZZ_RUNS: '2', API_RUN_TIMEOUT: '240', LOAD_DURATION: '3s' };
}

function start(
  command: string,
  dir: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  let output = '';
  const child = spawn('bash', ['--noprofile', '--norc', '-o', 'pipefail', '-c', command], {
    cwd: dir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  return { child, output: () => output, exit: new Promise((resolve) => child.on('close', (code) => resolve(code))) };
}

async function run(
  command: string,
  dir: string,
  env: Record<string, string>,
  timeoutMs = 240_000,
): Promise<{ code: number | null; output: string }> {
  const p = start(command, dir, env);
  const timer = setTimeout(() => process.kill(-p.child.pid!, 'SIGKILL'), timeoutMs);
  const code = await p.exit;
  clearTimeout(timer);
  return { code, output: p.output() };
}

function expectedExit(command: string): number {
  return EXPECTED_EXIT.find((e) => e.match.test(command))?.code ?? EXIT_CODES.pass;
}

const note = (type: string, description: string) => test.info().annotations.push({ type, description });

/** Runs a block's commands in order; `not run` commands are noted with their reason. */
async function runBlock(block: Block, dir: string, env: Record<string, string>): Promise<void> {
  for (const command of block.commands) {
    if (NOT_RUN[command]) {
      note('not run', `${command}: ${NOT_RUN[command]}`);
      continue;
    }
    // The checkout links node_modules to the working copy's: an install there would replace the working copy's own.
    if (/^npm (ci|install|i)\b/.test(command)) throw new Error(`the test does not run "${command}" in a checkout that links node_modules`);
    const { code, output } = await run(command, dir, env);
    expect(code, `${command}\n${output.slice(-3000)}`).toBe(expectedExit(command));
    note('ran', `${command}: exit ${code}`);
  }
}

test('every ```sh block of the README says where it runs', () => {
  expect(BLOCKS.length).toBeGreaterThan(5);
  for (const block of BLOCKS) expect(block.context, block.commands.join('\n')).toMatch(CONTEXTS);
  // The README keeps the project's test command (CI's hook looks for it), in a block the test names.
  expect(BLOCKS.some((b) => b.commands.some((c) => c.startsWith('npm test')))).toBe(true);
});

test('the README is for partners: about 200 lines at most, globs quoted', () => {
  expect(README.split('\n').length).toBeLessThanOrEqual(210);
  for (const block of BLOCKS)
    for (const command of block.commands) expect(command, 'a glob is quoted (zsh stops on an unquoted one)').not.toMatch(/--clauses [^'"]/);
});

test('the README commands of the bundled reference, the staging recipes and the certification run as written', {
  tag: '@long',
}, async () => {
  test.setTimeout(600_000);
  const dir = cleanCheckout();
  const reference = await startReferenceServer({
    port: 0,
    credentials: { subscriptionKey: 'readme-test-key-7Hq2', secret: 'readme-test-secret-9Zx4' },
    secondCredentials: { subscriptionKey: 'readme-test-second-key-4Fp8', secret: 'readme-test-second-secret-2Wn6' },
  });
  try {
    const staging = {
      ...baseEnv(),
      API_BASE_URL: reference.url,
      API_SUBSCRIPTION_KEY: 'readme-test-key-7Hq2',
      API_SECRET: 'readme-test-secret-9Zx4',
      // Recipe 1, step 3: a second partner's credentials, for the partner-isolation check.
      API_SECOND_SUBSCRIPTION_KEY: 'readme-test-second-key-4Fp8',
      API_SECOND_SECRET: 'readme-test-second-secret-2Wn6',
      API_ENVIRONMENT: 'staging',
    };
    let profileWritten = false;
    for (const block of BLOCKS) {
      if (block.context === 'run') await runBlock(block, dir, baseEnv());
      if (block.context !== 'staging') continue;
      await runBlock(block, dir, staging);
      const profile = join(dir, 'profiles/staging.json');
      if (!profileWritten && existsSync(profile)) {
        // The partner's step after --init-profile (CHANGES.fillInCancel): the written profile says what is left to do.
        const written = JSON.parse(readFileSync(profile, 'utf8')) as Record<string, unknown>;
        expect(written.cancel).toBeNull();
        expect(String(written.$comment)).toContain(FILL_IN_MARKER);
        const { $comment, ...rest } = written;
        writeFileSync(
          profile,
          JSON.stringify({ ...rest, cancel: { method: 'POST', path: '/subscription/{subscriptionId}/cancel' } }, null, 2),
        );
        note('changed', CHANGES.fillInCancel);
        profileWritten = true;
      }
    }
    expect(profileWritten, 'a staging block writes profiles/staging.json').toBe(true);
    expect(existsSync(join(dir, 'reports/certification/index.html'))).toBe(true);
  } finally {
    await reference.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the load recipe runs with k6, and without one says it is missing', { tag: '@long' }, async () => {
  test.setTimeout(300_000);
  const blocks = BLOCKS.filter((b) => b.context === 'k6');
  expect(blocks.length).toBeGreaterThan(0);
  const dir = cleanCheckout();
  try {
    const k6 = findK6();
    for (const block of blocks) {
      if (k6.found) {
        await runBlock({ ...block, commands: block.commands.filter((c) => !c.startsWith('npm run load:baseline')) }, dir, baseEnv());
        note('not run', 'npm run load:baseline: it writes load/baselines/, which the checkout links to the working copy');
        continue;
      }
      const [first, ...rest] = block.commands;
      const { code, output } = await run(first, dir, baseEnv());
      expect(code, output).toBe(EXIT_CODES.toolMissing);
      expect(output).toMatch(/k6/);
      for (const command of rest) note('not run', `${command}: needs the summary a k6 run writes, and there is no k6 here`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the client recipe: the proxy records the example client and certifies it when stopped @waits', { tag: '@long' }, async () => {
  test.setTimeout(180_000);
  const blocks = BLOCKS.filter((b) => b.context === 'proxy');
  expect(blocks).toHaveLength(1);
  const [proxyCommand, ...clients] = blocks[0].commands;
  // examples/ copied: the client runs only when started as its own file, which a linked copy's real path is not.
  const dir = cleanCheckout(['examples']);
  try {
    note('changed', CHANGES.proxyPort);
    const proxy = start(proxyCommand.replace(/npm run proxy -- /, 'npm run proxy -- --port 0 '), dir, baseEnv());
    await expect.poll(() => /Proxy (http:\/\/127\.0\.0\.1:\d+)/.exec(proxy.output())?.[1] ?? null, { timeout: 60_000 }).not.toBeNull();
    const url = /Proxy (http:\/\/127\.0\.0\.1:\d+)/.exec(proxy.output())![1];
    for (const client of clients) {
      const { code, output } = await run(client.replaceAll('http://127.0.0.1:8089', url), dir, baseEnv(), 150_000);
      expect(code, output).toBe(0);
    }
    // Ctrl-C, as the README says: the whole process group gets SIGINT.
    // npm, in the group, ends by the signal as it does in a terminal: the proxy's verdict is in the report it wrote.
    process.kill(-proxy.child.pid!, 'SIGINT');
    await proxy.exit;
    const sessions = readdirSync(join(dir, 'reports/proxy'));
    expect(sessions).toHaveLength(1);
    const folder = join(dir, 'reports/proxy', sessions[0], 'client-certification');
    expect(existsSync(join(folder, 'index.html')), proxy.output()).toBe(true);
    expect(JSON.parse(readFileSync(join(folder, 'client-certification.json'), 'utf8')).verdict, proxy.output()).toBe('pass');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the commands not run are only those with a reason', () => {
  for (const block of BLOCKS.filter((b) => b.context.startsWith('skip')))
    expect(block.context, 'a skipped block says why').toMatch(/^skip \(.{20,}\)$/);
  for (const command of Object.keys(NOT_RUN))
    expect(
      BLOCKS.some((b) => b.commands.includes(command)),
      command,
    ).toBe(true);
});
