/**
 * What the client writes down about the records it creates and cancels, as it does it: the ledger a run keeps
 * (src/run/journal.ts is the run's, on disk). The client depends on this interface, not on the run, so the client sits
 * below the run in the house: the run hands it a ledger.
 */
export type LedgerEntry =
  | { at: string; event: 'create-sent'; tag: string }
  | ({ at: string; event: 'created' } & CreatedEntry)
  | { at: string; event: 'create-refused'; tag: string; httpStatus: number }
  | { at: string; event: 'create-unknown'; tag: string; reason: string }
  | { at: string; event: 'cancelled'; id: string; httpStatus: number }
  | { at: string; event: 'cancel-failed'; id: string; httpStatus: number | null; reason: string }
  /** A record the late read found closed by the service itself (rejected, or cancelled by another): nothing to cancel. */
  | { at: string; event: 'read-closed'; id: string; status: string };

/** An entry before the ledger stamps it with the time. */
export type NewLedgerEntry = LedgerEntry extends infer E ? (E extends LedgerEntry ? Omit<E, 'at'> : never) : never;

export interface Ledger {
  /** What every tag of this run starts with. */
  runTagPrefix(): string;
  /** A fresh tag for the next create, unique across the run's workers. */
  nextTag(): string;
  record(entry: NewLedgerEntry): void;
  /** Writes down a create answered with a record; returns the run's earlier creates given the same id. */
  recordCreated(entry: CreatedEntry): CreatedEntry[];
}

/**
 * A create answered with a record, as the ledger holds it: the reference it carried (`tag`), the id it was given, and
 * what tells two creates apart whatever reference they carried: `create`, unique to each create of the run, and `body`,
 * a digest of the body sent (two creates of one body given one id are duplicate detection, SUB-CREATE-NO-DEDUP's
 * finding; of two bodies, two records under one id, SUB-CREATE-ID's). Older journals lack the last two.
 */
export interface CreatedEntry {
  tag: string;
  id: string;
  status: string;
  create?: string;
  body?: string;
  /**
   * The request fields the created record carried, with the values it carried them with: what the service confirmed,
   * which the late read (src/checks/late-read.ts) compares with a later read of the record. Older journals lack it.
   */
  echoed?: Record<string, unknown>;
}

/**
 * Two creates of the run are different creates: their unique keys differ, or (older journals) their tags do; and they
 * sent different bodies (one body sent twice and given one id is duplicate detection, not an id given twice).
 */
export function differentCreates(a: CreatedEntry, b: CreatedEntry): boolean {
  const sameCreate = a.create !== undefined && b.create !== undefined ? a.create === b.create : a.tag === b.tag;
  if (sameCreate) return false;
  return a.body === undefined || b.body === undefined ? a.tag !== b.tag : a.body !== b.body;
}
