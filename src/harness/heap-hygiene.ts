/**
 * What a suite process holds between tests. V8 collects its old generation lazily: after a full collection it lets
 * the heap grow to a multiple of what survived before it collects again. A test that reads whole lists leaves their
 * garbage behind (a catalogue of 2,000 offers is 3.5 MB of JSON, several times that once parsed and checked), so a
 * fuzz worker whose live heap stayed at 65-69 MB grew to 300 MB and more against the reference's large-catalogue
 * variation, against 60 MB live and about 100 MB for the reference as it ships (issue 41: measured after each test,
 * with and without a full collection first). What a run holds at its peak is what a partner's CI runner must hold.
 *
 * Garbage is not only on V8's heap: every answer arrives in fetch's chunks (ArrayBuffers, outside the heap, counted in
 * `external`) that only a collection frees; a fuzz worker paging a catalogue of 2,000 offers had 70 MB of them waiting
 * within one test while its heap stayed level. So growth is counted on both (`heapUsed + external`).
 *
 * A process that grew by more than a threshold since its last collection is collected the way V8 does under memory
 * pressure (its "last resort" collection): the garbage, then the young generation shrunk and the freed pages handed
 * back to the system. Without that last part a process's resident size only ever grows: V8 keeps what it once used
 * (a fuzz worker stayed at 230-340 MB after an ordinary collection had brought its heap to 70-100 MB).
 * - Between tests, at GROWTH_BEFORE_COLLECT.
 * - Between the cases of a fuzz property (fuzz/runner.ts), at GROWTH_BETWEEN_CASES: a property whose cases each read a
 *   whole list otherwise piles up their garbage, and grows the young generation, until it ends. Higher, because a
 *   property runs a hundred cases; a property that reads pages (most) never reaches it.
 * The figures, certify against large-catalogue / the reference on Node 24: memory 1.19x with an ordinary collection
 * between cases, 1.06x with this one (bench:scale, docs/benchmarks.md); fuzz's CPU the same within the noise.
 * A collection of a 60-100 MB live heap costs tens of milliseconds; a test or case that allocates less costs nothing.
 *
 * `gc` is reached the way jest-leak-detector reaches it: the V8 flag set at run time and the function taken from a
 * fresh context, so no NODE_OPTIONS is needed and a plain `npx playwright test` gets the same. Its options (`type`,
 * `execution`, `flavor`) are V8's gc extension's, from V8 12 (Node 22) on; before, it is called without them (an
 * ordinary collection). Where none of it is there, nothing is collected and the run goes on as before.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Growth of what is in use (heap and ArrayBuffers) since the last collection past which the next pause between tests collects. */
export const GROWTH_BEFORE_COLLECT = 32 * 2 ** 20;

/** The same between two cases of a fuzz property. */
export const GROWTH_BETWEEN_CASES = 64 * 2 ** 20;

/** V8's gc extension: a full, synchronous collection; `last-resort` also shrinks the heap and returns its free pages. */
type GcFunction = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let exposed: GcFunction | null | undefined;

/** V8's full collection, exposed once for this process; null where the runtime does not allow it. */
function gcFunction(): GcFunction | null {
  if (exposed !== undefined) return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    exposed = typeof gc === 'function' ? (gc as GcFunction) : null;
  } catch {
    exposed = null;
  }
  return exposed;
}

/** V8 12 (Node 22) and later take the gc extension's options; V8 11 (Node 20, out of support) ignores them and collects nothing. */
export const GC_TAKES_OPTIONS = Number(process.versions.v8.split('.')[0]) >= 12;

/** The garbage collected and the memory it held handed back; false where `gc` cannot be reached. */
function collectAndRelease(): boolean {
  const gc = gcFunction();
  if (!gc) return false;
  if (GC_TAKES_OPTIONS) gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  else gc();
  return true;
}

/** What a collection can free: V8's used heap and the memory outside it that heap objects hold (ArrayBuffers). */
function collectable(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** What was in use as of the last collection, and the collection when it grew past `growth` since. */
export class HeapCollector {
  /** In use after the last collection; at first, when the collector was made (a process's start, imports done). */
  #usedAfterLastCollection: number;

  constructor(
    readonly growth = GROWTH_BEFORE_COLLECT,
    private readonly used: () => number = collectable,
    private readonly collect: () => boolean = collectAndRelease,
  ) {
    this.#usedAfterLastCollection = used();
  }

  /** Collects when what is in use grew by more than `growth` since the last collection (or since the collector was made). */
  collectIfGrown(growth = this.growth): boolean {
    if (this.used() - this.#usedAfterLastCollection <= growth) return false;
    if (!this.collect()) return false;
    this.#usedAfterLastCollection = this.used();
    return true;
  }
}

const processHeap = new HeapCollector();

/**
 * Between tests: this process's heap, collected and its memory released when it grew by more than `growth`
 * (GROWTH_BEFORE_COLLECT). After a phase that read whole lists in a process that then waits for the run (the global
 * setup, certify's discovery): 0.
 */
export function collectIfGrown(growth = GROWTH_BEFORE_COLLECT): boolean {
  return processHeap.collectIfGrown(growth);
}

/** Between the cases of a fuzz property: the same, past GROWTH_BETWEEN_CASES. */
export function collectBetweenCases(): boolean {
  return processHeap.collectIfGrown(GROWTH_BETWEEN_CASES);
}
