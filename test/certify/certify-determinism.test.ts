// One verdict per target (issue 49, item 2): the same suite version, target, profile and settings send the same
// generated requests and reach the same verdict on a target that behaves the same. Certify runs twice against a
// fresh reference with a fault (its shrunk fuzz counterexample is in the failure) and a strictness variation (a repeated
// query parameter answered with its first value: strictness findings under GEN-QUERY-INVALID), behind one recording
// front on one address (the target's base URL is part of the derived seed): the same failures, the same findings, the
// same strictness findings, the same request bodies and paths, ids, run tags and timestamps aside.
// Seen failing on the code before the derived seed (ef9a65c): each property drew its own seed, so the two runs sent other
// bodies, shrank to other counterexamples (250.0000001 against 100.0000001) and even observed other clauses.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { buildReferenceServer } from '../../reference/server.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/run/bundled-reference.ts';
import { ONE_WORKER, runCertify, tail, type CertifyRun } from './run-certify.ts';

const FAULT = 'seven-decimals-accepted';
const VARIATION = 'repeated-parameter-first';
const CREDENTIALS = { subscriptionKey: 'determinism-key-0001', secret: 'determinism-secret-0001' };
const SECOND = { subscriptionKey: 'determinism-key-0002', secret: 'determinism-secret-0002' };

interface Sent {
  method: string;
  url: string;
  body: string;
}

/** A front on one loopback address that records each request and passes it to the reference of the moment. */
async function recordingFront(): Promise<{ url: string; sent: Sent[]; upstream: { port: number }; close: () => Promise<void> }> {
  const sent: Sent[] = [];
  const upstream = { port: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      sent.push({ method: req.method ?? '', url: req.url ?? '', body: body.toString('utf8') });
      const forward = request(
        { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    upstream,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** What two runs may differ in: ids the target gives, the run's id and tags, timestamps. */
function normalised(text: string, runId: string): string {
  return text
    .split(runId)
    .join('<run>')
    .replace(/<run>\.\d+-\d+/g, '<run>.<tag>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<time>');
}

test.describe('certify twice on one target', { tag: '@long' }, () => {
  // Serial: one worker runs the two certifications once (a describe of fully parallel tests would run its beforeAll in each
  // worker, and two workers would write the same report folders).
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  const runs: Array<{ run: CertifyRun; sent: Sent[] }> = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const front = await recordingFront();
    try {
      for (const label of ['determinism/first', 'determinism/second']) {
        // A fresh reference each time: a target that behaves the same, from the same state.
        const app = await buildReferenceServer({
          faults: [FAULT],
          variants: [VARIATION],
          credentials: CREDENTIALS,
          secondCredentials: SECOND,
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        front.upstream.port = (app.server.address() as AddressInfo).port;
        const from = front.sent.length;
        try {
          const run = await runCertify({
            label,
            // The fault's clause (4 tests: 2 conformance, 2 fuzz properties, few cases) and the one read test of the
            // variation's clause: about 15 s of CPU a run.
            args: ['--skip-load', ...ONE_WORKER, '--clauses', 'SUB-CREATE-DECIMALS,GEN-QUERY-INVALID'],
            env: {
              API_BASE_URL: front.url,
              API_SUBSCRIPTION_KEY: CREDENTIALS.subscriptionKey,
              API_SECRET: CREDENTIALS.secret,
              API_SECOND_SUBSCRIPTION_KEY: SECOND.subscriptionKey,
              API_SECOND_SECRET: SECOND.secret,
              API_PROFILE: REFERENCE_PROFILE_PATH,
              FUZZ_RUNS: '10',
              // Shrinking to the end: one cut short by its time limit on a busy machine ends at another case (the same
              // clause fails, with another counterexample); a gate that wants the same counterexample gives it time.
              FUZZ_SHRINK_TIME_LIMIT: '300',
              FUZZ_COUNTEREXAMPLES: 'off',
            },
          });
          runs.push({ run, sent: front.sent.slice(from) });
        } finally {
          await app.close();
        }
      }
    } finally {
      await front.close();
    }
  });

  test('the same seed, derived and printed, in each evidence/config.json', () => {
    const [a, b] = runs.map((r) => r.run);
    for (const r of [a, b]) expect(r.report, tail(r)).not.toBeNull();
    const seeds = [a, b].map((r) => (r.report!.evidence.config as { fuzzSeed: { seed: number; source: string } }).fuzzSeed);
    expect(seeds[0]).toMatchObject({ source: 'derived' });
    expect(seeds[1]).toEqual(seeds[0]);
    expect(a.output).toContain(`fuzz seed ${seeds[0].seed}, derived from suite`);
  });

  test('the same failures and the same findings, clause by clause', () => {
    const [a, b] = runs.map((r) => r.run);
    const verdicts = (r: CertifyRun) =>
      r.report!.clauses.map((c) => ({
        id: c.id,
        status: c.status,
        failures: c.failures.map((f) => normalised(`${f.test}: ${f.message}`, r.report!.runId)),
        findings: c.observations.map((o) => normalised(o, r.report!.runId)),
      }));
    expect(a.report!.verdict).toBe('fail');
    expect(a.report!.clauses.find((c) => c.id === 'SUB-CREATE-DECIMALS')?.status).toBe('fail');
    expect(verdicts(b)).toEqual(verdicts(a));
    // The report's strictness findings: the variation's repeated parameters, the same in both runs.
    const strictness = (r: CertifyRun) => normalised(JSON.stringify(r.report!.strictness ?? []), r.report!.runId);
    expect((a.report!.strictness ?? []).map((f) => f.kind)).toContain('repeated-parameter');
    expect(strictness(b)).toBe(strictness(a));
  });

  test('the same generated request bodies and paths, ids, run tags and timestamps aside', () => {
    const [a, b] = runs.map(({ run, sent }) => sent.map((s) => normalised(`${s.method} ${s.url} ${s.body}`, run.report!.runId)).sort());
    // Discovery, two conformance tests, two properties of 10 cases and their shrinking: the creates most of them.
    expect(a.filter((s) => s.startsWith('POST /subscription ')).length).toBeGreaterThan(20);
    const onlyIn = (x: string[], y: string[]) => {
      const rest = [...y];
      return x.filter((s) => {
        const i = rest.indexOf(s);
        if (i === -1) return true;
        rest.splice(i, 1);
        return false;
      });
    };
    expect({ onlyInFirst: onlyIn(a, b).slice(0, 5), onlyInSecond: onlyIn(b, a).slice(0, 5) }).toEqual({
      onlyInFirst: [],
      onlyInSecond: [],
    });
  });
});
