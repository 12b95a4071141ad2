// The tests that may wait on a read of their own write start first; every report still lists the tests as declared.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Suite, TestCase } from '@playwright/test/reporter';
import { MAY_WAIT_TAG, moveFirst } from '../../src/harness/waiting-tests-first.ts';
import { runSuite, tail } from '../selftest/run-suite.ts';

type Fake = { title: string; type: string; tags?: string[]; children?: Fake[] };
const t = (title: string, waits = false): Fake => ({ title, type: 'test', tags: waits ? [MAY_WAIT_TAG] : ['@read'] });
const s = (title: string, type: string, children: Fake[]): Fake => ({ title, type, children });

/** Just what moveFirst reads of Playwright's suites: live entries, allTests, a root's suites. */
function suiteOf(fake: Fake): Suite | TestCase {
  if (fake.type === 'test') return { title: fake.title, type: 'test', tags: fake.tags } as unknown as TestCase;
  const entries = fake.children!.map(suiteOf);
  const all = (e: Suite | TestCase): TestCase[] => (e.type === 'test' ? [e as TestCase] : (e as Suite).allTests());
  return {
    title: fake.title,
    type: fake.type,
    entries: () => entries,
    allTests: () => entries.flatMap(all),
    get suites() {
      return entries.filter((e) => e.type !== 'test');
    },
  } as unknown as Suite;
}
const titles = (suite: Suite): string[] => suite.allTests().map((x) => x.title);

test('files holding more waiting tests go first, the waiting tests first within them, and the declared order comes back', () => {
  const root = suiteOf(
    s('', 'root', [
      s('conformance', 'project', [
        s('a.spec.ts', 'file', [t('a1'), t('a2')]),
        s('b.spec.ts', 'file', [t('b1'), s('b describe', 'describe', [t('b2'), t('b3', true)])]),
        s('c.spec.ts', 'file', [s('c describe', 'describe', [t('c1'), t('c2', true), t('c3', true)])]),
      ]),
    ]),
  ) as Suite;
  const declared = titles(root);
  const restore = moveFirst(root);
  // c holds two, b one (in a describe declared after a test); the rest keep their declared order.
  expect(titles(root)).toEqual(['c2', 'c3', 'c1', 'b3', 'b2', 'b1', 'a1', 'a2']);
  restore();
  expect(titles(root)).toEqual(declared);
});

test('with no waiting test nothing moves', () => {
  const root = suiteOf(s('', 'root', [s('fuzz', 'project', [s('x.spec.ts', 'file', [t('x1'), t('x2')])])])) as Suite;
  const entries = root.suites[0].entries();
  const before = [...entries];
  moveFirst(root)();
  expect(entries).toEqual(before);
});

test('in a real run the waiting tests start first, and the JSON report lists every test as declared', async () => {
  test.setTimeout(120_000);
  // One worker: the order the tests start in is the order Playwright queued them in.
  const files = ['offers', 'pagination', 'subscriptions-read-cancel'];
  const run = await runSuite({ project: 'conformance', label: 'waiting-tests-first', workers: 1, args: files });
  expect(run.exitCode, tail(run)).toBe(0);
  type Spec = { title: string; file: string; tags: string[]; tests: { results: { startTime: string }[] }[] };
  type ReportSuite = { specs?: Spec[]; suites?: ReportSuite[] };
  const specs = (x: ReportSuite): Spec[] => [...(x.specs ?? []), ...(x.suites ?? []).flatMap(specs)];
  const report = JSON.parse(readFileSync(join(run.reportsDir, 'conformance', 'results.json'), 'utf8')) as ReportSuite;
  const all = specs(report);
  // As declared: files by name, tests in their order.
  expect([...new Set(all.map((x) => x.file))]).toEqual(files.map((f) => `conformance/${f}.spec.ts`));
  const waiting = all.filter((x) => x.tags.includes(MAY_WAIT_TAG.slice(1)));
  expect(waiting.length, 'tests tagged SUB-READ-AFTER-WRITE in these files').toBeGreaterThanOrEqual(2);
  const started = [...all].sort((a, b) => Date.parse(a.tests[0].results[0].startTime) - Date.parse(b.tests[0].results[0].startTime));
  // The file holding the most waiting tests first, its waiting tests first.
  const first = started.filter((x) => x.file === 'conformance/subscriptions-read-cancel.spec.ts' && x.tags.includes(MAY_WAIT_TAG.slice(1)));
  expect(started.slice(0, first.length).map((x) => x.title)).toEqual(first.map((x) => x.title));
  expect(started.at(-1)!.file, 'a file without a waiting test runs last').toBe('conformance/offers.spec.ts');
});
