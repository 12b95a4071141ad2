/**
 * What the client writes down about the records it creates and cancels, as it does it: the ledger a run keeps
 * (src/run/journal.ts is the run's, on disk). The client depends on this interface, not on the run, so the client sits
 * below the run in the house: the run hands it a ledger.
 */
export type LedgerEntry =
  | { at: string; event: 'create-sent'; tag: string }
  | { at: string; event: 'created'; tag: string; id: string; status: string }
  | { at: string; event: 'create-refused'; tag: string; httpStatus: number }
  | { at: string; event: 'create-unknown'; tag: string; reason: string }
  | { at: string; event: 'cancelled'; id: string; httpStatus: number }
  | { at: string; event: 'cancel-failed'; id: string; httpStatus: number | null; reason: string };

/** An entry before the ledger stamps it with the time. */
export type NewLedgerEntry = LedgerEntry extends infer E ? (E extends LedgerEntry ? Omit<E, 'at'> : never) : never;

export interface Ledger {
  /** What every tag of this run starts with. */
  runTagPrefix(): string;
  /** A fresh tag for the next create, unique across the run's workers. */
  nextTag(): string;
  record(entry: NewLedgerEntry): void;
  /** Writes down a create answered with a record; returns the tags of the run's earlier creates given the same id. */
  recordCreated(entry: { tag: string; id: string; status: string }): string[];
}
