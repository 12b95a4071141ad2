// Issue 29, item 2: the CI example (examples/github-actions/certify-staging.yml) cleans up after the runs it exists
// for. The workflow is read as GitHub reads it and its steps' commands run in order, as the runner runs them (bash,
// the job's and the step's env, each step's `if:`), in a copy of the repository's layout, against a reference server
// behind the hostile front: the certification is killed half-way (the runner's last resort after a cancel or a
// timeout), and the job goes on as cancelled. Measured on main: the "Cancel left-over records" step looked in
// reports/certification/suite, found no journal there (a stopped run's stays under reports/certification.partial/),
// and left every record of the run open.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { findCanaries } from './canary-scan.ts';
import { CANARY, expect, liveWithTag, test } from './hostile-front.ts';

const ROOT = join(import.meta.dirname, '../..');
const WORKFLOW = join(ROOT, 'examples/github-actions/certify-staging.yml');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}

type JobStatus = 'success' | 'failure' | 'cancelled';

/** A step's `if:` as the runner evaluates it, for the status functions this workflow uses (and !, &&, ||). */
function stepRuns(condition: string | undefined, status: JobStatus): boolean {
  if (!condition) return status === 'success';
  const js = condition
    .replace(/\$\{\{|\}\}/g, '')
    .replace(/\balways\(\)/g, 'true')
    .replace(/\bsuccess\(\)/g, String(status === 'success'))
    .replace(/\bfailure\(\)/g, String(status === 'failure'))
    .replace(/\bcancelled\(\)/g, String(status === 'cancelled'));
  if (!/^[\s()!&|truefals]*$/.test(js)) throw new Error(`the test cannot evaluate the step condition "${condition}"`);
  return Function(`return (${js});`)() as boolean;
}

/** `${{ context.name }}` replaced from `values`; an expression the test does not know is an error, never left in. */
function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`the test has no value for \${{ ${name} }}`);
    return values[name];
  });
}

/** A checkout of the repository for the job: its files linked, with reports/, profiles/ and waivers.json of its own. */
function checkout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'osd-ci-example-'));
  for (const name of readdirSync(ROOT))
    if (!['reports', '.git', 'profiles', 'waivers.json'].includes(name) && !name.startsWith('.env'))
      symlinkSync(join(ROOT, name), join(dir, name));
  // What the example asks the repository to hold: a pinned profile and a waivers file.
  mkdirSync(join(dir, 'profiles'));
  copyFileSync(join(ROOT, 'reference/profile.json'), join(dir, 'profiles/staging.json'));
  writeFileSync(join(dir, 'waivers.json'), '[]\n');
  return dir;
}

test('item 2: the CI example, its certification killed half-way: the cleanup step leaves 0 records open', async ({ hostile }) => {
  test.setTimeout(180_000);
  const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as { jobs: Record<string, { env: Record<string, string>; steps: Step[] }> };
  const job = workflow.jobs.certify;
  const dir = checkout();
  const values = {
    'vars.API_BASE_URL': hostile.url,
    'secrets.API_SUBSCRIPTION_KEY': CANARY.subscriptionKey,
    'secrets.API_SECRET': CANARY.secret,
    'github.run_id': String(process.pid),
    'github.run_attempt': '1',
  };
  const jobEnv = Object.fromEntries(Object.entries(job.env).map(([k, v]) => [k, substitute(String(v), values)]));
  const runId = jobEnv.RUN_ID;
  const mine = (r: string) => r.startsWith(`osd-suite.${runId}.`);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(API_|RUN_ID|REPORTS_DIR|REFERENCE_|GITHUB_)/.test(k)),
  );
  let status: JobStatus = 'success';
  let output = '';
  const ran: string[] = [];
  try {
    for (const step of job.steps) {
      const name = step.name ?? step.run ?? step.uses ?? '';
      // Actions (checkout, setup-node, k6, uploads) are the runner's; `npm ci` would reach the registry, and the
      // dependencies are installed: neither is what this test is about.
      if (step.uses || step.run?.trim() === 'npm ci' || !stepRuns(step.if, status)) continue;
      ran.push(name);
      const env = {
        ...inherited,
        CI: 'true',
        GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md'),
        ...jobEnv,
        ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), values)])),
      };
      // As the runner runs a `run:` step: bash, stopping at the first failing command; a process group of its own.
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', substitute(step.run!, values)], {
        cwd: dir,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => (output += d));
      child.stderr.on('data', (d: Buffer) => (output += d));
      const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
      if (step.name === 'Certify') {
        // Half-way: the conformance run has records open on the target. Then the job is cancelled and its processes
        // killed before their teardown (SIGKILL to the group: what the runner ends with, and what a lost runner does).
        await expect.poll(async () => (await liveWithTag(hostile.reference.url, mine)).length, { timeout: 120_000 }).toBeGreaterThan(0);
        process.kill(-child.pid!, 'SIGKILL');
        await exit;
        status = 'cancelled';
        const open = (await liveWithTag(hostile.reference.url, mine)).length;
        test.info().annotations.push({ type: 'killed half-way', description: `${open} record(s) of run ${runId} open` });
        expect(open, 'the killed run left records open for the cleanup step').toBeGreaterThan(0);
      } else if ((await exit) !== 0 && status === 'success') status = 'failure';
    }
    expect(ran).toEqual(['Certify', 'Report in the job summary', 'Cancel left-over records']);
    expect(await liveWithTag(hostile.reference.url, mine), output).toEqual([]);
    expect(output).toMatch(new RegExp(`run ${runId}: [1-9]\\d* cancelled`));
    expect(findCanaries(output, [CANARY.subscriptionKey, CANARY.secret])).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
