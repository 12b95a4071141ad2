// Between tests a suite process collects a heap a test grew a lot (src/harness/heap-hygiene.ts): a worker that read a
// large catalogue's whole lists held 300 MB of garbage against a 65 MB live heap (issue 41).
import { expect, test } from '@playwright/test';
import { HeapCollector } from '../../src/harness/heap-hygiene.ts';

test('a heap grown past the threshold is collected and its garbage freed; one grown less is left alone', () => {
  const small = new HeapCollector(8 * 2 ** 20);
  const huge = new HeapCollector(2 ** 40);
  let garbage: unknown[] | null = Array.from({ length: 400_000 }, (_, i) => ({ i, text: `entry ${i}`.repeat(4) }));
  const grown = process.memoryUsage().heapUsed;
  expect(huge.collectIfGrown(), 'a growth under the threshold does not collect').toBe(false);
  expect(garbage.length).toBe(400_000);
  garbage = null;
  expect(small.collectIfGrown(), 'a growth past the threshold collects').toBe(true);
  const after = process.memoryUsage().heapUsed;
  expect(grown - after, `used heap: ${grown} bytes with the garbage, ${after} after the collection`).toBeGreaterThan(16 * 2 ** 20);
  expect(small.collectIfGrown(), 'right after a collection nothing has grown').toBe(false);
});

test('the growth is measured from the last collection (at first, from when the collector was made)', () => {
  let used = 40;
  let collections = 0;
  const heap = new HeapCollector(
    60,
    () => used,
    () => () => collections++,
  );
  used = 100;
  expect(heap.collectIfGrown(), 'grown by 60 since the collector was made: not more than 60').toBe(false);
  used = 101;
  expect(heap.collectIfGrown(), 'grown by 61').toBe(true);
  used = 161;
  expect(heap.collectIfGrown()).toBe(false);
  used = 162;
  expect(heap.collectIfGrown()).toBe(true);
  expect(collections).toBe(2);
  let grows = 0;
  const without = new HeapCollector(
    0,
    () => grows++,
    () => null,
  );
  expect(without.collectIfGrown(), 'where gc cannot be reached, nothing is collected').toBe(false);
});
