// Issue 10, defect 4: cleanup must not give up after one failed call, must find every run's journal
// whatever command wrote it (conformance, fuzz, certify under <out>/suite), and must refuse an unknown --run.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/config/config-error.ts';
import { cancelOpenRecords, cleanupRuns, selectJournals } from '../../src/run/cleanup.ts';
import { findJournals, Journal, type JournalEntry, type JournalTarget } from '../../src/run/journal.ts';
import { expect, test } from '../client/stub-target.ts';

const at = '2026-01-01T00:00:00.000Z';
const known: JournalEntry = { at, event: 'created', tag: 't1', id: 'a', status: 'accepted' };
const unknown: JournalEntry[] = [
  { at, event: 'create-sent', tag: 't2' },
  { at, event: 'create-unknown', tag: 't2', reason: 'status 504 without a record id' },
];

for (const [what, listReply] of [
  ['reset', 'reset'],
  ['answered 500', { status: 500, body: { message: 'down' } }],
] as const) {
  test(`defect 4: a list call that is ${what} is an error in the summary; the known ids are still cancelled`, async ({ stub, api }) => {
    stub.reply = (hit) => (hit.method === 'GET' ? listReply : { status: 200, body: {} });
    const summary = await cancelOpenRecords(api.client, [known, ...unknown]);
    expect(summary.cancelled).toEqual(['a']);
    expect(summary.errors).toHaveLength(1);
    expect(summary.notFound, 'a tag is not "not found" when the list could not be read').toEqual([]);
  });
}

test.describe('journals of every command', () => {
  let root: string;
  test.beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'osd-journals-'));
  });
  test.afterEach(() => rmSync(root, { recursive: true, force: true }));

  const target: JournalTarget = { baseUrl: 'http://127.0.0.1:1', environment: 'local', credentials: 'hmac-sha256:0' };

  function journalAt(dir: string, runId: string): string {
    mkdirSync(join(root, dir, runId), { recursive: true });
    const path = join(root, dir, runId, 'journal.jsonl');
    new Journal(runId, path, target).record({ event: 'create-sent', tag: `osd-suite.${runId}.1-1` });
    return path;
  }

  test('defect 4: conformance/fuzz runs and certify runs (default and custom --out, earlier ones kept beside) are all found; empty runs are not', () => {
    const paths = [
      journalAt('runs', 'conf-1'),
      journalAt('certification/suite/runs', 'cert-1'),
      journalAt('my-cert/suite/runs', 'cert-2'),
      journalAt('certification.journals/runs', 'cert-0'),
    ];
    mkdirSync(join(root, 'runs', 'empty-run'), { recursive: true });
    const found = findJournals(root);
    expect(found.map((j) => j.runId).sort()).toEqual(['cert-0', 'cert-1', 'cert-2', 'conf-1']);
    expect(found.map((j) => j.path).sort()).toEqual(paths.sort());
  });

  test('defect 4: --run with an unknown id is a usage error (exit 2) naming the runs that exist', () => {
    const all = [{ runId: 'conf-1', path: journalAt('runs', 'conf-1') }];
    expect(selectJournals(all, ['conf-1'])).toEqual(all);
    expect(selectJournals(all, undefined)).toEqual(all);
    let error: unknown;
    try {
      selectJournals(all, ['nope']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).exitCode).toBe(2);
    expect((error as ConfigError).message).toMatch(/nope.*conf-1/);
  });

  test('defect 4: a run whose sweep fails does not stop the next run', async ({ stub, api }) => {
    const first = journalAt('runs', 'run-a');
    const second = journalAt('runs', 'run-b');
    new Journal('run-b', second, target).record({ event: 'created', tag: 'osd-suite.run-b.1-1', id: 'b1', status: 'accepted' });
    stub.reply = (hit) =>
      hit.url === '/subscription/b1'
        ? { status: 200, body: { id: 'b1', clientSubscriptionReference: 'osd-suite.run-b.1-1', status: 'accepted' } }
        : hit.method === 'GET'
          ? 'reset'
          : { status: 200, body: {} };
    const lines: string[] = [];
    const errors = await cleanupRuns(
      api.client,
      [
        { runId: 'run-a', path: first },
        { runId: 'run-b', path: second },
      ],
      (l) => lines.push(l),
      { target },
    );
    expect(errors).toBeGreaterThanOrEqual(1);
    expect(lines.find((l) => l.startsWith('run run-b:'))).toMatch(/1 cancelled/);
    expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toContain('POST /subscription/b1/cancel');
  });
});
