/**
 * The run's write budget (FUZZ_MAX_WRITES): the most subscriptions the fuzz properties may create in
 * one run, across every worker process. Each create first claims a token, a file created with the
 * exclusive flag in the run's folder, so two workers can never claim the same one and the cap holds
 * for the run as a whole, not per worker.
 */
import { closeSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Raised by a create when the budget is spent; the property stops there (see FuzzRunner). */
export class WriteBudgetSpent extends Error {
  override readonly name = 'WriteBudgetSpent';
}

export class WriteBudget {
  /** Tokens below this index are known to be taken (a hint, so claims do not rescan from 0). */
  private next = 0;

  constructor(
    /** Creates allowed in the whole run; Infinity = no cap. */
    readonly max: number,
    private readonly dir: string,
  ) {}

  get capped(): boolean {
    return Number.isFinite(this.max);
  }

  /** Claims one write; false when the budget is spent. */
  take(): boolean {
    if (!this.capped) return true;
    mkdirSync(this.dir, { recursive: true });
    for (; this.next < this.max; this.next++) {
      try {
        closeSync(openSync(join(this.dir, `write-${this.next}`), 'wx'));
        this.next++;
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return false;
  }

  /** Claims one write or throws WriteBudgetSpent. */
  claim(): void {
    if (!this.take()) throw new WriteBudgetSpent(`the write budget of ${this.max} creates (FUZZ_MAX_WRITES) is spent`);
  }

  /** Writes still free in the whole run. */
  remaining(): number {
    if (!this.capped) return Infinity;
    let taken = 0;
    try {
      taken = readdirSync(this.dir).filter((f) => f.startsWith('write-')).length;
    } catch {
      taken = 0;
    }
    return Math.max(0, this.max - taken);
  }
}
