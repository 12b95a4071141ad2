/**
 * How soon a read shows the run's own write is not shown by the contract: nothing in it promises that a record a
 * create returned is readable, or listed, the next instant, or that a cancelled one reads back cancelled at once (a
 * service that reads from a replica shows a write a moment later). So a read that does not show a write of the run yet
 * is read again, with growing pauses (src/contract/read-settle.ts), for up to API_READ_SETTLE seconds (default 2) before the check judges it, and how
 * long it took is recorded (SUB-READ-AFTER-WRITE). A correct target costs nothing: its first read shows the write.
 *
 * A target whose read did not show a write within the whole window once has shown its deviation: from then on (in this
 * worker) reads are judged at the first one, since every further wait would only slow the run down (shrinking a fuzz
 * counterexample repeats it dozens of times).
 */
import { settlePauses } from '../contract/read-settle.ts';
import { neitherSuccessNor4xx } from './exchange/general.ts';
import type { Verdict } from './test-verdict.ts';

export interface SettledRead<T> {
  /** The last read: the one that shows the write, or the one at the end of the window. */
  value: T;
  shows: boolean;
  /** From the first read to the one that showed the write (0: the first did). */
  waitedMs: number;
}

/**
 * A read whose answer no lag explains: a 5xx, 1xx or 3xx (the client has already retried what may pass, a 503 or a
 * 429). A replica behind the write answers 404 or the record as it was; this answer already fails GEN-FAILURE-4XX,
 * so reading it again could not change the verdict, only cost the window (seen: 2 s per worker against a target whose
 * every record read answered 500, a conformance run 1.6 times a correct one's).
 */
function answeredBeyondLag(value: unknown): boolean {
  const status = (value as { status?: unknown } | null)?.status;
  return typeof status === 'number' && neitherSuccessNor4xx(status);
}

export class ReadSettle {
  #gaveUp = false;

  constructor(
    /** API_READ_SETTLE in ms; 0 judges the first read. */
    readonly windowMs: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * What a failure message adds about the waiting, so that a partner whose service is slower to show its writes knows
   * which setting to raise: nothing when the read showed the write. No timings: a message stays the same from run to run.
   * (The fuzz properties add none: a replay judges reads at once, and its messages must match the recorded ones.)
   */
  note(read: SettledRead<unknown>): string {
    if (read.shows) return '';
    if (read.waitedMs > 0) return ` (read again for ${this.windowMs / 1000} s: API_READ_SETTLE)`;
    if (this.#gaveUp) return ' (judged at the first read: an earlier read never showed its write within API_READ_SETTLE)';
    return '';
  }

  /** Whether an earlier read never showed its write within the window (reads are judged at once since). */
  get gaveUp(): boolean {
    return this.#gaveUp;
  }

  /**
   * Reads until `shows` holds or the window is spent. `what` names the read and the write for the observation
   * ("GET /subscription/{id} after create").
   */
  async read<T>(o: { read: () => Promise<T>; shows: (value: T) => boolean; what: string; verdict?: Verdict }): Promise<SettledRead<T>> {
    const started = this.now();
    let value = await o.read();
    if (o.shows(value)) return { value, shows: true, waitedMs: 0 };
    if (this.#gaveUp || this.windowMs <= 0 || answeredBeyondLag(value)) return { value, shows: false, waitedMs: 0 };
    for (const pause of settlePauses(this.windowMs)) {
      await this.sleep(pause);
      value = await o.read();
      if (o.shows(value)) {
        const waitedMs = this.now() - started;
        o.verdict?.observe({
          clause: 'SUB-READ-AFTER-WRITE',
          key: 'readAfterWrite.lagMs',
          message: `${o.what} showed the write only after ${waitedMs} ms (read again within API_READ_SETTLE, ${this.windowMs / 1000} s)`,
          value: waitedMs,
        });
        return { value, shows: true, waitedMs };
      }
    }
    this.#gaveUp = true;
    return { value, shows: false, waitedMs: this.now() - started };
  }
}
