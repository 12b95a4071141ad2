// Issue 51: the k6-operator manifests, checked without a cluster.
// - Every TestRun validates against the fields of k6-operator's TestRun CRD that we use (load/k6-operator/
//   testrun.schema.json, written from k6-operator v1.6.0), the initializer and the volumes included.
// - The initializer gets no credential (k6-operator puts each of its env variables on the `k6 archive` command line);
//   the runners get them from the Secret only (test/load/k6-operator-model.ts: what k6-operator makes of a manifest).
// - Each script's init context (run under Node with k6's modules stood in) exports the same options with the
//   initializer's environment (no credentials) as with a runner's (credentials from the Secret): what `k6 archive`
//   and `k6 inspect` compute in the initializer is what the runners run.
// Canary credentials: none in the rendered manifests, the initializer's command line or archive, or the options.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { readLoadConfig } from '../../load/lib/config.ts';
import { SCENARIOS } from '../../load/lib/names.ts';
import type { LoadPort } from '../../load/lib/port.ts';
import { REQUEST } from '../../load/lib/requests.ts';
import { createRuntime } from '../../load/lib/runtime.ts';
import { encodedForms } from '../../src/config/redact.ts';
import { projectAjv } from '../../src/schema/project-ajv.ts';
import { CANARY } from '../hostile/canary.ts';
import { initializerPod, runnerPod, type Secrets, type TestRun } from './k6-operator-model.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'load', 'k6-operator');
const INIT = join(import.meta.dirname, 'k6-init-context');
const schema = JSON.parse(readFileSync(join(DIR, 'testrun.schema.json'), 'utf8'));
const validate = projectAjv({ allErrors: true, strict: true }).compile(schema);

const manifests = readdirSync(DIR)
  .filter((f) => /^testrun-.*\.yaml$/.test(f))
  .sort()
  .map((file) => ({ file, text: readFileSync(join(DIR, file), 'utf8'), run: parse(readFileSync(join(DIR, file), 'utf8')) as TestRun }));

/** secret.example.yaml filled in with the canary credentials. */
function canarySecrets(): Secrets {
  const secret = parse(readFileSync(join(DIR, 'secret.example.yaml'), 'utf8')) as {
    metadata: { name: string };
    stringData: Record<string, string>;
  };
  expect(Object.keys(secret.stringData).sort()).toEqual(['secret', 'subscriptionKey']);
  return { [secret.metadata.name]: { subscriptionKey: CANARY.subscriptionKey, secret: CANARY.secret } };
}
const SECRETS = canarySecrets();
const FORMS = Object.values(CANARY).flatMap(encodedForms);
const credentialIn = (text: string) => FORMS.some((f) => text.includes(f));

function schemaErrors(data: unknown): string[] {
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'}: ${e.message}`);
}

test('one TestRun per scenario, each valid against the CRD fields we use (initializer and volumes included)', () => {
  expect(manifests.map((m) => m.run.spec.script.localFile)).toEqual([...SCENARIOS].sort().map((s) => `/test/load/${s}.ts`));
  for (const m of manifests) expect(schemaErrors(m.run), m.file).toEqual([]);
});

test('the schema refuses what the API server would silently prune or reject', () => {
  const run = manifests[0].run;
  const cases: Array<[string, unknown]> = [
    ['a misspelt initializer', { ...run, spec: { ...run.spec, initialiser: run.spec.initializer } }],
    [
      'a volume mount without its path',
      { ...run, spec: { ...run.spec, runner: { ...run.spec.runner, volumeMounts: [{ name: 'reports' }] } } },
    ],
    ['no parallelism', { ...run, spec: { ...run.spec, parallelism: undefined } }],
    ['cleanup other than post', { ...run, spec: { ...run.spec, cleanup: 'always' } }],
    [
      'an env variable with a value and a valueFrom',
      {
        ...run,
        spec: { ...run.spec, runner: { env: [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] } },
      },
    ],
  ];
  for (const [what, data] of cases) expect(schemaErrors(JSON.parse(JSON.stringify(data))), what).not.toEqual([]);
});

for (const m of manifests)
  test(`${m.file}: the initializer gets the runner's image and settings and no Secret; the runners get the credentials from it`, () => {
    const { initializer, runner } = m.run.spec;
    expect(initializer, 'spec.initializer is set (unset, it copies the runner, credentials included)').toBeDefined();
    expect(initializer?.image).toBe(runner.image);
    expect(initializer?.envFrom ?? []).toEqual([]);
    expect((initializer?.env ?? []).filter((v) => v.valueFrom !== undefined)).toEqual([]);
    // The same settings, in the same order: the runner's env without what comes from the Secret or the pod.
    expect(initializer?.env).toEqual((runner.env ?? []).filter((v) => v.valueFrom === undefined));
    const fromSecret = (runner.env ?? []).filter((v) => v.valueFrom?.secretKeyRef).map((v) => v.name);
    expect(fromSecret).toEqual(['API_SUBSCRIPTION_KEY', 'API_SECRET']);
    expect(runner.env?.find((v) => v.name === 'LOAD_RUNNER')?.valueFrom).toEqual({ fieldRef: { fieldPath: 'metadata.name' } });
    // Reports go to the volume: LOAD_REPORT_DIR is the mount of the claim reports-pvc.yaml makes.
    const dir = runner.env?.find((v) => v.name === 'LOAD_REPORT_DIR')?.value;
    const mount = runner.volumeMounts?.find((v) => v.mountPath === dir);
    const claim = (parse(readFileSync(join(DIR, 'reports-pvc.yaml'), 'utf8')) as { metadata: { name: string } }).metadata.name;
    expect(runner.volumes?.find((v) => v.name === mount?.name)?.persistentVolumeClaim.claimName).toBe(claim);
  });

test('rendered with the canary Secret: no credential in a manifest, the initializer pod, its command line or archive; the runners have them', () => {
  for (const m of manifests) {
    expect(credentialIn(m.text), m.file).toBe(false);
    const init = initializerPod(m.run, SECRETS);
    expect(credentialIn(JSON.stringify(init)), `${m.file}: initializer`).toBe(false);
    for (let i = 1; i <= m.run.spec.parallelism; i++) {
      const runner = runnerPod(m.run, i, SECRETS);
      expect([runner.env.API_SUBSCRIPTION_KEY, runner.env.API_SECRET]).toEqual([CANARY.subscriptionKey, CANARY.secret]);
    }
  }
  // The manifests as they were (no spec.initializer): k6-operator would put the secret on the command line.
  const { initializer: _, ...before } = manifests[0].run.spec;
  expect(initializerPod({ ...manifests[0].run, spec: before }, SECRETS).commandLine).toContain(`-e API_SECRET=${CANARY.secret}`);
});

/** The script's exported options from its init context under Node (test/load/k6-init-context/), given __ENV. */
function initContextOptions(script: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', join(INIT, 'register.mjs'), join(INIT, 'init-context.ts'), script, JSON.stringify(env)],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

/** A path in the runner image (Dockerfile: load/ at /test/load, the profile at /test/profile.json) on this checkout. */
function inCheckout(env: Record<string, string>): Record<string, string> {
  return { ...env, API_PROFILE: join(ROOT, 'reference', 'profile.json') };
}

for (const m of manifests)
  test(`${m.file}: the init context exports the same options with no credential (initializer) as with the Secret (runner)`, async () => {
    const script = join(ROOT, m.run.spec.script.localFile.replace(/^\/test\//, ''));
    const init = initializerPod(m.run, SECRETS);
    const [without, withSecret] = await Promise.all([
      initContextOptions(script, inCheckout(init.archiveEnv)),
      initContextOptions(script, inCheckout(runnerPod(m.run, 1, SECRETS).env)),
    ]);
    expect(without.code, without.err).toBe(0);
    expect(withSecret.code, withSecret.err).toBe(0);
    expect(JSON.parse(without.out)).toEqual(JSON.parse(withSecret.out));
    expect(credentialIn(without.out + without.err + withSecret.out + withSecret.err)).toBe(false);
    // k6-operator stops a run whose inspected maxVUs is below its parallelism (internal/controller/k6_initialize.go).
    const scenarios = Object.values((JSON.parse(without.out) as { scenarios: Record<string, { maxVUs?: number }> }).scenarios);
    expect(scenarios.reduce((n, s) => n + (s.maxVUs ?? 0), 0)).toBeGreaterThanOrEqual(m.run.spec.parallelism);
  });

test('without credentials, the init context goes through and the first request refuses, naming both, sending nothing', () => {
  const sent: unknown[] = [];
  const port: LoadPort = {
    engine: 'node-driver',
    env: {},
    readFile: () => '',
    request: (req) => {
      sent.push(req);
      return { status: 200, headers: {}, body: '[]', error: '' };
    },
    check: () => true,
    metric: () => ({ add: () => {} }),
    sleep: () => {},
    now: () => 0,
    execution: () => ({ vu: 1, iterationInTest: 0, scenarioStartTime: 0 }),
  };
  const config = readLoadConfig('pagination', { API_BASE_URL: 'https://staging.example.com' }, null, { credentialsLater: true });
  const runtime = createRuntime(port, config);
  expect(() => runtime.call(REQUEST.setupAllocations())).toThrow(
    /^load pagination: configuration refused\. API_SUBSCRIPTION_KEY: expected the subscription key header value, got \. API_SECRET: /,
  );
  expect(sent).toEqual([]);
  // Read as npm run load reads it (not an init context): refused at once.
  expect(() => readLoadConfig('pagination', { API_BASE_URL: 'https://staging.example.com' }, null)).toThrow(/API_SUBSCRIPTION_KEY/);
});
