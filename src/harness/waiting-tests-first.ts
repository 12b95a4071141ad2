/**
 * The order Playwright hands tests to its workers in, with the tests that may wait on a read of their own write moved
 * to the front. Such a test may read again for the whole read-settle window (API_READ_SETTLE, src/checks/read-settle.ts)
 * before it judges; started among the last, as the alphabetical order of the files had it, the other worker ran out of
 * work meanwhile and the window was paid on the wall clock (a correct conformance run is about 1.3 s of tests on 2
 * workers; the window is 2 s). Started first, the other worker takes the rest of the queue during the wait.
 *
 * Playwright queues one project's tests file by file, in the order of the project suite's entries (files sorted by
 * name, tests in the order declared), before any reporter's onBegin. So the reorder is done in a reporter's
 * `preprocess` on the suites' entries (`Suite.entries()` is the live list), and undone in `onBegin`: every report sees
 * the files and tests in their declared order, as before. Only the order the tests start in changes, which with
 * `fullyParallel` was never fixed between workers. Should a Playwright release copy the entries or queue later, the
 * reorder does nothing or is undone before it counts: timings move, verdicts and reports do not
 * (test/harness/waiting-tests-first.test.ts says which).
 */
import type { Suite, TestCase } from '@playwright/test/reporter';

/** The tag of the tests that may wait on a read of their own write: they cover the clause that records the lag. */
export const MAY_WAIT_TAG = '@SUB-READ-AFTER-WRITE';

export const mayWait = (test: TestCase): boolean => test.tags.includes(MAY_WAIT_TAG);

type Entry = Suite | TestCase;

/**
 * Orders, at every level below the root, the entries by how many tests `first` picks they hold, most first, the rest
 * in their declared order (a stable sort). A file's tests are queued together, so the file with more of them goes
 * first. Returns the function that puts every list back as it was.
 */
export function moveFirst(root: Suite, first: (test: TestCase) => boolean = mayWait): () => void {
  const declared: [Entry[], Entry[]][] = [];
  const picked = (entry: Entry): number => (entry.type === 'test' ? Number(first(entry)) : entry.allTests().filter(first).length);
  const visit = (suite: Suite) => {
    const entries = suite.entries();
    const counts = new Map(entries.map((e) => [e, picked(e)]));
    const ordered = [...entries].sort((a, b) => counts.get(b)! - counts.get(a)!);
    if (ordered.some((e, i) => e !== entries[i])) {
      declared.push([entries, [...entries]]);
      entries.splice(0, entries.length, ...ordered);
    }
    for (const entry of entries) if (entry.type !== 'test') visit(entry);
  };
  // Projects keep their order (Playwright sorts them by the config's list anyway).
  for (const project of root.suites) visit(project);
  return () => {
    for (const [entries, original] of declared) entries.splice(0, entries.length, ...original);
  };
}
