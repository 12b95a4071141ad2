// The journal of what a run created: tags, append and read back (a torn last line skipped), and what
// is still open after any sequence of events.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { duplicateIds, findJournals, Journal, PROJECT_TESTS_FOLDER, TAG_PREFIX, openRecords } from '../../src/run/journal.ts';
import { appendJsonl, openJsonlAppender, readJsonl } from '../../src/run/jsonl.ts';
import { openRecordCases } from './journal.cases.ts';

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'osd-journal-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test.describe('openRecords', () => {
  for (const c of openRecordCases) {
    test(c.description, () => {
      expect(openRecords(c.entries)).toEqual(c.expected);
    });
  }
});

test('tags name the prefix, the run and the process, and never repeat', () => {
  const journal = new Journal('run-1', join(dir, 'journal.jsonl'));
  const tags = Array.from({ length: 50 }, () => journal.nextTag());
  expect(new Set(tags).size).toBe(50);
  expect(tags[0]).toBe(`${TAG_PREFIX}run-1.${process.pid}-1`);
  expect(tags[49]).toBe(`${TAG_PREFIX}run-1.${process.pid}-50`);
});

test('recorded entries read back in order, each stamped with a UTC time', () => {
  const journal = new Journal('run-1', join(dir, 'journal.jsonl'));
  journal.record({ event: 'create-sent', tag: 'x' });
  journal.record({ event: 'created', tag: 'x', id: 'a', status: 'accepted' });
  const entries = journal.entries();
  expect(entries.map(({ at: _, ...e }) => e)).toEqual([
    { event: 'create-sent', tag: 'x' },
    { event: 'created', tag: 'x', id: 'a', status: 'accepted' },
  ]);
  for (const e of entries) expect(e.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('two journals on one file (two workers) see each other’s entries', () => {
  const file = join(dir, 'journal.jsonl');
  new Journal('run-1', file).record({ event: 'create-sent', tag: 'w1' });
  new Journal('run-1', file).record({ event: 'create-sent', tag: 'w2' });
  expect(openRecords(new Journal('run-1', file).entries()).unresolvedTags).toEqual(['w1', 'w2']);
});

test('a journal that does not exist yet is empty', () => {
  expect(new Journal('run-1', join(dir, 'absent.jsonl')).entries()).toEqual([]);
});

test.describe('readJsonl', () => {
  test('a torn last line (a killed writer) is skipped; the lines before it are kept', () => {
    const file = join(dir, 'torn.jsonl');
    appendJsonl(file, { event: 'create-sent', tag: 'a' });
    appendJsonl(file, { event: 'created', tag: 'a', id: '1', status: 'accepted' });
    appendFileSync(file, '{"event":"create-sent","ta');
    expect(readJsonl(file)).toEqual([
      { event: 'create-sent', tag: 'a' },
      { event: 'created', tag: 'a', id: '1', status: 'accepted' },
    ]);
  });

  test('blank lines and Windows line ends are tolerated', () => {
    const file = join(dir, 'blank.jsonl');
    writeFileSync(file, '{"n":1}\r\n\n   \n{"n":2}\n');
    expect(readJsonl(file)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  test('a missing file reads as no entries', () => {
    expect(readJsonl(join(dir, 'none.jsonl'))).toEqual([]);
  });
});

test.describe('openJsonlAppender (the per-request log)', () => {
  test('each line is on disk as soon as it is appended, after what the file held, with its text finished', () => {
    const file = join(dir, 'requests.jsonl');
    appendJsonl(file, { n: 0 });
    const log = openJsonlAppender(file, { finish: (line) => line.replace('secret-value', '[REDACTED]') });
    log.append({ n: 1, path: '/offer?key=secret-value' });
    expect(readJsonl(file), 'read back before close: nothing waits in a buffer').toEqual([
      { n: 0 },
      { n: 1, path: '/offer?key=[REDACTED]' },
    ]);
    log.append({ n: 2 });
    log.close();
    expect(readJsonl(file)).toEqual([{ n: 0 }, { n: 1, path: '/offer?key=[REDACTED]' }, { n: 2 }]);
  });

  test('coalescing: the lines of one event-loop turn reach the file together at its end, finished as one text; close writes what waits', async () => {
    const file = join(dir, 'coalesced.jsonl');
    const finished: string[] = [];
    const log = openJsonlAppender(file, {
      flushAfterMs: 0,
      finish: (text) => {
        finished.push(text);
        return text.replaceAll('secret-value', '[REDACTED]');
      },
    });
    log.append({ n: 1, path: '/offer?key=secret-value' });
    log.append({ n: 2 });
    expect(readJsonl(file), 'nothing written within the turn').toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(readJsonl(file)).toEqual([{ n: 1, path: '/offer?key=[REDACTED]' }, { n: 2 }]);
    expect(finished, 'one write for the turn').toHaveLength(1);
    log.append({ n: 3 });
    log.close();
    expect(readJsonl(file)).toEqual([{ n: 1, path: '/offer?key=[REDACTED]' }, { n: 2 }, { n: 3 }]);
    expect(() => log.append({ n: 4 })).toThrow(/closed/);
  });

  test('coalescing over a stretch of time: lines wait up to flushAfterMs, then reach the file by one write', async () => {
    const file = join(dir, 'stretch.jsonl');
    let writes = 0;
    const log = openJsonlAppender(file, {
      flushAfterMs: 40,
      finish: (text) => {
        writes++;
        return text;
      },
    });
    log.append({ n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    log.append({ n: 2 });
    expect(readJsonl(file), 'still within the stretch').toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(readJsonl(file)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(writes, 'one write for the stretch').toBe(1);
    log.close();
  });

  test('appending after close is an error, and closing twice is harmless', () => {
    const log = openJsonlAppender(join(dir, 'closed.jsonl'));
    log.close();
    log.close();
    expect(() => log.append({ n: 1 })).toThrow(/closed/);
  });
});

test("recordCreated names the run's earlier creates given the same id, by any journal on the file (any worker)", () => {
  const file = join(dir, 'journal.jsonl');
  const [a, b] = [new Journal('run-1', file), new Journal('run-1', file)];
  const tags = (entries: { tag: string }[]) => entries.map((e) => e.tag);
  expect(a.recordCreated({ tag: 't1', id: 'id-1', status: 'accepted' })).toEqual([]);
  expect(b.recordCreated({ tag: 't2', id: 'id-2', status: 'accepted' })).toEqual([]);
  expect(tags(b.recordCreated({ tag: 't3', id: 'id-1', status: 'accepted' }))).toEqual(['t1']);
  appendJsonl(file, { event: 'created', tag: 't4', id: 'id-2', status: 'accepted' }); // another process
  expect(tags(a.recordCreated({ tag: 't5', id: 'id-2', status: 'rejected' }))).toEqual(['t2', 't4']);
  expect(b.recordCreated({ tag: 't6', id: 'id-3', status: 'accepted' })).toEqual([]);
});

test('duplicateIds: at the end of the run, every id two different creates got, across workers, however their reads raced', () => {
  const created = (tag: string, id: string, create: string, body: string) => ({
    at: 'now',
    event: 'created' as const,
    tag,
    id,
    status: 'accepted',
    create,
    body,
  });
  const entries = [
    created('w1-1', 'SUB-1', 'w1-1', 'a'), // worker 1 and worker 2 wrote these without either reading the other's
    created('w2-1', 'SUB-1', 'w2-1', 'b'),
    created('ref-x', 'SUB-2', 'w1-2', 'c'), // two orders with one reference, from two properties
    created('ref-x', 'SUB-2', 'w2-5', 'd'),
    created('t-9', 'SUB-3', 'w1-3', 'e'), // one body sent twice and given one id: duplicate detection, not counted here
    created('t-9', 'SUB-3', 'w1-4', 'e'),
    created('t-10', 'SUB-4', 'w1-5', 'f'),
  ];
  expect(duplicateIds(entries)).toEqual([
    { id: 'SUB-1', tags: ['w1-1', 'w2-1'] },
    { id: 'SUB-2', tags: ['ref-x', 'ref-x'] },
  ]);
  // Older journals (no create key, no digest): told apart by their tags.
  expect(
    duplicateIds([
      { at: 'now', event: 'created', tag: 'a', id: 'X', status: 'accepted' },
      { at: 'now', event: 'created', tag: 'b', id: 'X', status: 'accepted' },
    ]),
  ).toEqual([{ id: 'X', tags: ['a', 'b'] }]);
});

test("cleanup's journal search skips the project's own test output (reports/project-tests/), finds users' runs", () => {
  const write = (...parts: string[]) => {
    const runDir = join(dir, ...parts);
    mkdirSync(runDir, { recursive: true });
    appendJsonl(join(runDir, 'journal.jsonl'), { at: 'now', event: 'create-sent', tag: 't' });
  };
  write('runs', 'user-run');
  write('certification', 'suite', 'runs', 'certify-run');
  write(PROJECT_TESTS_FOLDER, 'selftest', 'conformance', 'runs', 'selftest-run');
  expect(
    findJournals(dir)
      .map((j) => j.runId)
      .sort(),
  ).toEqual(['certify-run', 'user-run']);
  // Pointed at the project tests' folder itself (as the project's cleanup test does), it finds theirs.
  expect(findJournals(join(dir, PROJECT_TESTS_FOLDER)).map((j) => j.runId)).toEqual(['selftest-run']);
});
