// Issue 29, item 1: `npm run cleanup` cancels only what the runs of the target it is pointed at created. Journals
// record their target (base URL, environment, a fingerprint of the credentials); cleanup leaves the others alone and
// says how many and why, and reads each record before cancelling it: one that no longer carries the run's tag is never
// cancelled, and is reported. Measured on main: cleanup pointed at one server sent cancels for every open id of every
// journal under reports/, whatever server the run had been against.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJsonl } from '../../src/run/jsonl.ts';
import { findCanaries, scanTree } from './canary-scan.ts';
import { CANARY, expect, type HostileTarget, liveWithTag, startHostileTarget, test } from './hostile-front.ts';

const ROOT = join(import.meta.dirname, '../..');
const SECRETS = [CANARY.subscriptionKey, CANARY.secret];

/** A command of the suite as a user runs it (node --import tsx, configured by the environment), with its output. */
async function suiteCommand(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(API_(?!DURABILITY_WAIT$)|RUN_ID|REPORTS_DIR|REFERENCE_)/.test(k)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: {
      ...inherited,
      API_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
      API_SECRET: CANARY.secret,
      API_PROFILE: 'reference/profile.json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}

/** A run against `target` that created `count` records and was killed before its teardown; its journal under `reports`. */
async function leftOpenRun(target: HostileTarget, reports: string, runId: string, count: number): Promise<void> {
  const run = await suiteCommand('test/hostile/left-open-run.ts', [String(count)], {
    API_BASE_URL: target.url,
    RUN_ID: runId,
    REPORTS_DIR: reports,
  });
  expect(run.code, run.output).toBe(0);
}

const cleanup = (target: HostileTarget, reports: string) =>
  suiteCommand('src/cli/cleanup.ts', [], { API_BASE_URL: target.url, REPORTS_DIR: reports });

/** The ids a run's journal says it created. */
function createdIds(reports: string, runId: string): string[] {
  return readJsonl<{ event: string; id?: string }>(join(reports, 'runs', runId, 'journal.jsonl')).flatMap((e) =>
    e.event === 'created' && e.id ? [e.id] : [],
  );
}

const cancels = (target: HostileTarget) => target.passed.filter((p) => p.method === 'POST' && p.url.endsWith('/cancel')).map((p) => p.url);

test('item 1: journals of two targets: cleanup against each cancels only its own, and says which journals it left alone and why', {
  tag: '@long',
}, async ({ hostile: a }) => {
  test.setTimeout(90_000);
  const b = await startHostileTarget();
  const reports = mkdtempSync(join(tmpdir(), 'osd-hostile-targets-'));
  const [runA, runB] = [`targets-a-${process.pid}`, `targets-b-${process.pid}`];
  const onA = (r: string) => r.startsWith(`osd-suite.${runA}.`);
  const onB = (r: string) => r.startsWith(`osd-suite.${runB}.`);
  try {
    await leftOpenRun(a, reports, runA, 3);
    await leftOpenRun(b, reports, runB, 2);
    // An old journal, written before journals recorded their target: its ids may be anyone's.
    mkdirSync(join(reports, 'runs', 'old-run'), { recursive: true });
    writeFileSync(
      join(reports, 'runs', 'old-run', 'journal.jsonl'),
      `${JSON.stringify({ at: '2026-01-01T00:00:00.000Z', event: 'created', tag: 'osd-suite.old-run.1-1', id: createdIds(reports, runA)[0], status: 'accepted' })}\n`,
    );
    expect(await liveWithTag(a.reference.url, onA)).toHaveLength(3);
    expect(await liveWithTag(b.reference.url, onB)).toHaveLength(2);
    a.passed.length = 0;
    b.passed.length = 0;

    // Pointed at B: B's records cancelled, not one cancel for an id of A's run; A's journal and the old one left alone.
    const atB = await cleanup(b, reports);
    expect(atB.code, atB.output).toBe(0);
    expect(cancels(b).sort()).toEqual(
      createdIds(reports, runB)
        .map((id) => `/subscription/${id}/cancel`)
        .sort(),
    );
    expect(await liveWithTag(b.reference.url, onB)).toEqual([]);
    expect(await liveWithTag(a.reference.url, onA)).toHaveLength(3);
    expect(atB.output).toContain(`run ${runA}: left alone: another target (base URL ${a.url})`);
    expect(atB.output).toMatch(/run old-run: left alone: no target recorded/);
    expect(atB.output).toMatch(/\n2 journal\(s\) left alone, not of http:\/\/127\.0\.0\.1:\d+ \(local\) with these credentials: /);
    expect(atB.output).toMatch(/left alone, .*1 another target/);
    expect(atB.output).toMatch(/left alone, .*1 no target recorded/);

    // Pointed at A: A's records cancelled; B's journal left alone (nothing of B's is touched again).
    const atA = await cleanup(a, reports);
    expect(atA.code, atA.output).toBe(0);
    expect(cancels(a).sort()).toEqual(
      createdIds(reports, runA)
        .map((id) => `/subscription/${id}/cancel`)
        .sort(),
    );
    expect(cancels(b)).toHaveLength(2);
    expect(await liveWithTag(a.reference.url, onA)).toEqual([]);
    expect(atA.output).toContain(`run ${runB}: left alone: another target (base URL ${b.url})`);

    // The journals hold a fingerprint of the credentials, never a piece of them.
    const journal = readFileSync(join(reports, 'runs', runA, 'journal.jsonl'), 'utf8');
    expect(journal).toMatch(
      /"event":"target","baseUrl":"http:\/\/127\.0\.0\.1:\d+","environment":"local","credentials":"hmac-sha256:[0-9a-f]{64}"/,
    );
    expect(scanTree(reports, SECRETS).findings).toEqual([]);
    expect(findCanaries(atA.output + atB.output, SECRETS)).toEqual([]);
  } finally {
    await b.close();
    rmSync(reports, { recursive: true, force: true });
  }
});

test("item 1: a record whose tag was changed is never cancelled, and is reported; the run's other records are", { tag: '@long' }, async ({
  hostile,
}) => {
  test.setTimeout(60_000);
  const reports = mkdtempSync(join(tmpdir(), 'osd-hostile-retagged-'));
  const runId = `retagged-${process.pid}`;
  try {
    await leftOpenRun(hostile, reports, runId, 2);
    const [retagged, kept] = createdIds(reports, runId);
    // The target now shows the first record with someone else's reference (an id given to another order, a record
    // edited since): every read of it says so.
    hostile.misbehave = (req, upstream) => {
      if (req.method !== 'GET' || !req.url.startsWith('/subscription')) return null;
      const body = JSON.parse(upstream.body) as unknown;
      const mark = (r: Record<string, unknown>) =>
        r.id === retagged ? { ...r, clientSubscriptionReference: 'someone-elses-order-42' } : r;
      const changed = Array.isArray(body) ? body.map(mark) : mark(body as Record<string, unknown>);
      return { status: upstream.status, body: JSON.stringify(changed) };
    };
    hostile.passed.length = 0;
    const run = await cleanup(hostile, reports);
    expect(run.code, 'records left open are reported with a failing exit code').toBe(1);
    expect(cancels(hostile)).toEqual([`/subscription/${kept}/cancel`]);
    expect(run.output).toContain(`left open: record ${retagged}: it carries another clientSubscriptionReference than the run's tag`);
    expect(run.output).toMatch(new RegExp(`run ${runId}: 1 cancelled, .*1 left open \\(not carrying the run's tag\\)`));
    hostile.misbehave = () => null;
    expect(
      (await liveWithTag(hostile.reference.url, (r) => r.startsWith(`osd-suite.${runId}.`))).map((r) => (r as { id: string }).id),
    ).toEqual([retagged]);
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
});
