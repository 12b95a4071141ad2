/**
 * What a suite process holds between tests. V8 collects its old generation lazily: after a full collection it lets
 * the heap grow to a multiple of what survived before it collects again. A test that reads whole lists leaves their
 * garbage behind (a catalogue of 2,000 offers is 3.5 MB of JSON, several times that once parsed and checked), so a
 * fuzz worker whose live heap stayed at 65-69 MB grew to 300 MB and more against the reference's large-catalogue
 * variation, against 60 MB live and about 100 MB for the reference as it ships (issue 41: measured after each test,
 * with and without a full collection first). What a run holds at its peak is what a partner's CI runner must hold.
 *
 * So between tests, and after the global setup's shared reads, a process whose heap grew by more than
 * GROWTH_BEFORE_COLLECT since its last collection is collected once: a full collection of a 60 MB live heap costs tens
 * of milliseconds, and a test that allocates less (most, against a small target) costs nothing.
 *
 * `gc` is reached the way jest-leak-detector reaches it: the V8 flag set at run time and the function taken from a
 * fresh context, so no NODE_OPTIONS is needed and a plain `npx playwright test` gets the same. Where that fails (a
 * runtime without it), nothing is collected and the run goes on as before.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Growth of the used heap since the last collection past which the next pause between tests collects. */
export const GROWTH_BEFORE_COLLECT = 32 * 2 ** 20;

let exposed: (() => void) | null | undefined;

/** V8's full collection, exposed once for this process; null where the runtime does not allow it. */
function fullCollection(): (() => void) | null {
  if (exposed !== undefined) return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    exposed = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    exposed = null;
  }
  return exposed;
}

/** The used heap as of the last collection, and the collection when it grew past `growth` since. */
export class HeapCollector {
  /** The used heap after the last collection; at first, when the collector was made (a process's start, imports done). */
  #usedAfterLastCollection: number;

  constructor(
    readonly growth = GROWTH_BEFORE_COLLECT,
    private readonly heapUsed: () => number = () => process.memoryUsage().heapUsed,
    private readonly collect: () => (() => void) | null = fullCollection,
  ) {
    this.#usedAfterLastCollection = heapUsed();
  }

  /** Collects when the used heap grew by more than `growth` since the last collection (or since the collector was made). */
  collectIfGrown(growth = this.growth): boolean {
    if (this.heapUsed() - this.#usedAfterLastCollection <= growth) return false;
    const gc = this.collect();
    if (!gc) return false;
    gc();
    this.#usedAfterLastCollection = this.heapUsed();
    return true;
  }
}

const processHeap = new HeapCollector();

/**
 * Between tests: this process's heap, collected when it grew by more than `growth` (GROWTH_BEFORE_COLLECT). After a
 * phase that read whole lists in a process that then waits for the run (the global setup, certify's discovery): 0.
 */
export function collectIfGrown(growth = GROWTH_BEFORE_COLLECT): boolean {
  return processHeap.collectIfGrown(growth);
}
