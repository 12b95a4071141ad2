/**
 * The run's write budget (FUZZ_MAX_WRITES): the most subscriptions the fuzz properties may create in
 * one run, across every worker process (a create refused with a 4xx gives its token back: no record). Each create first claims a token, a file created with the
 * exclusive flag in the run's folder, so two workers can never claim the same one and the cap holds
 * for the run as a whole, not per worker.
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
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
    return this.takeToken() !== false;
  }

  /** Claims one write: its token (null when uncapped), or false when the budget is spent. */
  private takeToken(): number | null | false {
    if (!this.capped) return null;
    mkdirSync(this.dir, { recursive: true });
    // From the hint up, then once more from 0: a token another worker released lies below the hint.
    for (const start of [this.next, 0]) {
      for (let i = start; i < this.max; i++) {
        try {
          closeSync(openSync(join(this.dir, `write-${i}`), 'wx'));
          this.next = i + 1;
          return i;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
    }
    return false;
  }

  /** Claims one write or throws WriteBudgetSpent; returns the token to release if no record was made. */
  claim(): number | null {
    const token = this.takeToken();
    if (token === false) throw new WriteBudgetSpent(`the write budget of ${this.max} creates (FUZZ_MAX_WRITES) is spent`);
    return token;
  }

  /** Gives a token back: its create was refused and made no record. */
  release(token: number | null): void {
    if (token === null) return;
    rmSync(join(this.dir, `write-${token}`), { force: true });
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

/**
 * A property's own share of a capped budget: the records it may keep, counted by the property itself, so that what one
 * property may write never depends on how fast the properties in other workers spent theirs. A shared pool alone let
 * invalid bodies a lenient target accepted (each a record, each a token) use up the writes of properties that ran
 * later: two runs against the same target then ran different cases, and one skipped a property the other ran. Once the
 * property's first case fails, its shrinking draws on the whole run's budget (the hard cap still holds).
 */
export class PropertyShare {
  private kept = 0;
  private shrinking = false;

  constructor(
    /** Records the property may keep before its first failure; Infinity when uncapped or read-only. */
    readonly allowance: number,
  ) {}

  /** The property's first case failed: from here on, only the run's budget limits it. */
  startShrinking(): void {
    this.shrinking = true;
  }

  /** Throws WriteBudgetSpent when the property has kept all the records its share allows. */
  check(): void {
    if (!this.shrinking && this.kept >= this.allowance)
      throw new WriteBudgetSpent(`this property's share of the write budget (${this.allowance} record(s)) is spent`);
  }

  /** A create made a record (it was not refused with a 4xx). */
  recordKept(): void {
    this.kept++;
  }
}
