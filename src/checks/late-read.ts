/**
 * The late read (issue 50): what the service confirmed must still hold later. Before the teardown cancels anything,
 * every record the run created is read again, by id and in the list it belongs to (GET /subscription?offerId= of its
 * offer: the partner's whole list may hold years of a shared staging's records), once API_DURABILITY_WAIT has passed since the service last confirmed its
 * state, and compared with that state: every request field its create echoed, and `cancelled` where a cancel was
 * answered as done. With a soak (`--soak`), the same reads are repeated at intervals, each change kept with when it
 * was first seen.
 *
 * How each change is judged, from the States table (the contract's only words on a record's life):
 * - gone (by id: a 4xx; or missing from a list it belongs to), or an echoed field with another value: fails
 *   SUB-CREATED-LASTS. The create's effect is "A new record with a generated id is created", and no trigger the table
 *   shows removes a record or changes its fields (cancel changes the status only).
 * - a record read `cancelled` (a cancel answered as done, or a create answered so) read later with another status:
 *   fails SUB-CANCELLED-STAYS. The cancel's next state is `cancelled`, and no trigger leads out of it.
 * - any other status change (accepted read late as rejected, or as cancelled by someone else): an observation,
 *   SUB-STATUS-UNPROMPTED. The table shows no trigger for it, but which status a record has "under which condition"
 *   is not shown, and nothing forbids a service from rejecting an order after its own checks: a server written from the
 *   contract alone may do it.
 * - an echoed field the contract makes optional in a response, left out later: an observation (SUB-CREATE-ECHO's own
 *   reading: a service may keep a field without sending it back).
 * A record that reads differently is read once more after API_READ_SETTLE (a replica a moment behind is no finding).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ApiClient } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import type { JournalEntry } from '../run/journal.ts';
import { echoes, OPTIONAL_IN_RESPONSE } from './echo.ts';

/** The last state the service confirmed of one record the run created. */
export interface ConfirmedRecord {
  id: string;
  tag: string;
  offerId: string | null;
  /** Request fields the create echoed, with the values it echoed. */
  echoed: Record<string, unknown>;
  status: string;
  confirmedBy: 'create' | 'cancel';
  /** ISO time the confirmation arrived. */
  confirmedAt: string;
}

export type LateReadClause = 'SUB-CREATED-LASTS' | 'SUB-CANCELLED-STAYS' | 'SUB-STATUS-UNPROMPTED' | 'SUB-CREATE-ECHO';

export interface LateReadFinding {
  kind: 'vanished' | 'field-changed' | 'cancel-undone' | 'status-changed' | 'field-withheld';
  clause: LateReadClause;
  /** A failure (true) or an observation. */
  binding: boolean;
  id: string;
  /** The read that showed it: `GET /subscription/{id}`, `GET /subscription`, `GET /subscription?offerId=...`. */
  where: string;
  field?: string;
  expected: unknown;
  received: unknown;
  message: string;
  /** When it was first seen, and how long after the service confirmed the state it differs from. */
  firstSeenAt: string;
  afterS: number;
}

export interface LateReadSummary {
  /** API_DURABILITY_WAIT, seconds. */
  waitS: number;
  /** Whether the late read ran; otherwise `note` says why. */
  ran: boolean;
  note?: string;
  startedAt?: string;
  /** Records re-read: all the run created through its own credentials, and of them those last confirmed cancelled. */
  records: number;
  cancelled: number;
  /** Reads by id (first round). */
  readById: number;
  /** The lists read (first round), with their answer. */
  lists: Array<{ request: string; status: number | null; entries: number | null }>;
  /** Time from each record's confirmation to its first late read: the shortest and longest, seconds. */
  ageS: { min: number; max: number } | null;
  /** Records, or lists, that could not be read (a 5xx, a 429, a timeout): neither confirmed nor failed. */
  notRead: string[];
  findings: LateReadFinding[];
  /** Rounds of reads (1 without a soak) and the soak asked for, seconds. */
  rounds: number;
  soakS: number;
  requests: number;
}

/** Every record the run created with its own credentials and the last state the service confirmed of it. */
export function confirmedRecords(entries: readonly JournalEntry[]): ConfirmedRecord[] {
  const byId = new Map<string, ConfirmedRecord>();
  for (const e of entries) {
    if (e.event === 'created' && e.echoed) {
      const offerId = typeof e.echoed.offerId === 'string' ? e.echoed.offerId : null;
      byId.set(e.id, { id: e.id, tag: e.tag, offerId, echoed: e.echoed, status: e.status, confirmedBy: 'create', confirmedAt: e.at });
    } else if (e.event === 'cancelled') {
      const record = byId.get(e.id);
      if (record) byId.set(e.id, { ...record, status: 'cancelled', confirmedBy: 'cancel', confirmedAt: e.at });
    }
  }
  return [...byId.values()];
}

type Found = Omit<LateReadFinding, 'firstSeenAt' | 'afterS'>;

/** What one late read of `record` (undefined: not there) shows against the confirmed state. */
export function compareWithConfirmed(c: ConfirmedRecord, got: Record<string, unknown> | undefined, where: string): Found[] {
  const at = { id: c.id, where };
  if (!got)
    return [
      {
        ...at,
        kind: 'vanished',
        clause: 'SUB-CREATED-LASTS',
        binding: true,
        expected: `record ${c.id} (${c.confirmedBy === 'cancel' ? 'cancelled' : `created ${c.status}`} at ${c.confirmedAt})`,
        received: 'no such record',
        message: `record ${c.id}, which the service ${c.confirmedBy === 'cancel' ? 'confirmed cancelled' : 'created'} at ${c.confirmedAt}, is gone from ${where}`,
      },
    ];
  const found: Found[] = [];
  if (got.status !== c.status) {
    const undone = c.status === 'cancelled';
    found.push({
      ...at,
      kind: undone ? 'cancel-undone' : 'status-changed',
      clause: undone ? 'SUB-CANCELLED-STAYS' : 'SUB-STATUS-UNPROMPTED',
      binding: undone,
      field: 'status',
      expected: c.status,
      received: got.status,
      message: undone
        ? `record ${c.id}, ${c.confirmedBy === 'cancel' ? 'whose cancel the service confirmed' : 'created cancelled'} at ${c.confirmedAt}, reads ${JSON.stringify(got.status)} in ${where}`
        : `record ${c.id}, ${c.status} at ${c.confirmedAt}, reads ${JSON.stringify(got.status)} in ${where} with no call of the run asking for it`,
    });
  }
  for (const [field, value] of Object.entries(c.echoed)) {
    if (!(field in got)) {
      const optional = OPTIONAL_IN_RESPONSE.has(field);
      found.push({
        ...at,
        kind: optional ? 'field-withheld' : 'field-changed',
        clause: optional ? 'SUB-CREATE-ECHO' : 'SUB-CREATED-LASTS',
        binding: !optional,
        field,
        expected: value,
        received: undefined,
        message: `record ${c.id} no longer carries ${field} in ${where} (echoed by its create)`,
      });
    } else if (!echoes(field, value, got[field]))
      found.push({
        ...at,
        kind: 'field-changed',
        clause: 'SUB-CREATED-LASTS',
        binding: true,
        field,
        expected: value,
        received: got[field],
        message: `record ${c.id}'s ${field} reads ${JSON.stringify(got[field])} in ${where}, not the ${JSON.stringify(value)} its create echoed at ${c.confirmedAt}`,
      });
  }
  return found;
}

/** The same finding seen again (another round, or the second look after API_READ_SETTLE). */
function sameFinding(a: Found, b: Found): boolean {
  return a.id === b.id && a.kind === b.kind && a.where === b.where && a.field === b.field && isDeepStrictEqual(a.received, b.received);
}

/** The records of a list answer, or null when it is no list (its own checks judge it). */
function listed(ex: Exchange): Array<Record<string, unknown>> | null {
  return ex.status < 300 && Array.isArray(ex.body) ? (ex.body as Array<Record<string, unknown>>) : null;
}

/** A read the late read cannot judge on: a 5xx, a 429, or no answer. */
function unreadable(ex: Exchange): boolean {
  return ex.status >= 500 || ex.status === 429 || ex.status === 0;
}

interface Round {
  found: Found[];
  /** The status each record read by id showed. */
  statusById: Map<string, unknown>;
  notRead: string[];
  lists: LateReadSummary['lists'];
  requests: number;
}

/** One round: each record by id, then the whole list and each offer's list, compared with the confirmed states. */
async function readRound(client: ApiClient, records: readonly ConfirmedRecord[]): Promise<Round> {
  const round: Round = { found: [], statusById: new Map(), notRead: [], lists: [], requests: 0 };
  const send = async (read: () => Promise<Exchange>, what: string): Promise<Exchange | null> => {
    round.requests += 1;
    try {
      const ex = await read();
      if (!unreadable(ex)) return ex;
      round.notRead.push(`${what} answered ${ex.status}`);
    } catch (error) {
      round.notRead.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return null;
  };
  for (const r of records) {
    const where = `GET /subscription/${r.id}`;
    const ex = await send(() => client.getSubscription(r.id), where);
    if (!ex) continue;
    const body = ex.status < 300 && ex.body && typeof ex.body === 'object' ? (ex.body as Record<string, unknown>) : undefined;
    // A 4xx for an id the service created: the record is gone. A 2xx without a record is the get checks' finding.
    if (ex.status >= 400 || body) round.found.push(...compareWithConfirmed(r, body, where));
    if (body) round.statusById.set(r.id, body.status);
  }
  const offers = [...new Set(records.flatMap((r) => (r.offerId ? [r.offerId] : [])))];
  // The lists each record belongs to: its offer's (the whole list of a shared staging may hold years of records).
  const lists = offers.map((offerId) => ({
    where: `GET /subscription?offerId=${offerId}`,
    query: { offerId },
    of: (r: ConfirmedRecord) => r.offerId === offerId,
  }));
  for (const list of lists) {
    const ex = await send(() => client.listSubscriptions(list.query), list.where);
    const entries = ex ? listed(ex) : null;
    round.lists.push({ request: list.where, status: ex?.status ?? null, entries: entries?.length ?? null });
    if (!entries) continue;
    const byId = new Map(entries.filter((e) => e && typeof e === 'object').map((e) => [e.id, e] as const));
    for (const r of records.filter(list.of)) round.found.push(...compareWithConfirmed(r, byId.get(r.id), list.where));
  }
  return round;
}

export interface LateReadOptions {
  /** API_DURABILITY_WAIT, ms: how long after its last confirmation a record is read again. */
  waitMs: number;
  /** API_READ_SETTLE, ms: a record that reads differently is read once more after this long. */
  readSettleMs: number;
  /** The latest instant (epoch ms) a round may start: the run's deadline, less what the teardown needs. */
  latestStartAt: number;
  /** --soak, ms (0: one round) and the pause between the starts of two rounds. */
  soakMs?: number;
  soakIntervalMs?: number;
  /** Each round's progress, for a long soak. */
  say?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_SOAK_INTERVAL_MS = 60_000;

/** Reads every confirmed record again (and again, for a soak); what was read, and what it showed. */
export async function lateRead(client: ApiClient, entries: readonly JournalEntry[], o: LateReadOptions): Promise<LateReadSummary> {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const records = confirmedRecords(entries);
  const soakMs = o.soakMs ?? 0;
  const summary: LateReadSummary = {
    waitS: o.waitMs / 1000,
    ran: false,
    records: records.length,
    cancelled: records.filter((r) => r.status === 'cancelled').length,
    readById: 0,
    lists: [],
    ageS: null,
    notRead: [],
    findings: [],
    rounds: 0,
    soakS: soakMs / 1000,
    requests: 0,
  };
  if (records.length === 0) return { ...summary, note: 'the run created no record with its own credentials: nothing to read again' };
  const latestConfirmation = Math.max(...records.map((r) => Date.parse(r.confirmedAt)));
  const readAt = latestConfirmation + o.waitMs;
  if (readAt > o.latestStartAt)
    summary.note = `the wait was cut to the run's deadline (API_RUN_TIMEOUT): read ${Math.round((readAt - o.latestStartAt) / 1000)} s early`;
  await sleep(Math.max(0, Math.min(readAt, o.latestStartAt) - now()));
  const firstStart = now();
  summary.ran = true;
  summary.startedAt = new Date(firstStart).toISOString();
  const ages = records.map((r) => (firstStart - Date.parse(r.confirmedAt)) / 1000);
  summary.ageS = { min: round1(Math.min(...ages)), max: round1(Math.max(...ages)) };
  const interval = Math.max(o.soakIntervalMs ?? DEFAULT_SOAK_INTERVAL_MS, 1);
  let last: Round | null = null;
  for (let start = firstStart; ; start += interval) {
    const round = await confirmedRound(client, records, o.readSettleMs, sleep);
    last = round;
    summary.rounds += 1;
    summary.requests += round.requests;
    if (summary.rounds === 1) {
      summary.readById = records.length;
      summary.lists = round.lists;
      summary.notRead = round.notRead;
    }
    const seenAt = now();
    for (const f of round.found)
      if (!summary.findings.some((known) => sameFinding(known, f))) {
        const confirmed = Date.parse(records.find((r) => r.id === f.id)!.confirmedAt);
        summary.findings.push({ ...f, firstSeenAt: new Date(seenAt).toISOString(), afterS: round1((seenAt - confirmed) / 1000) });
      }
    o.say?.(
      `[late read] round ${summary.rounds}: ${records.length} record(s), ${round.found.length} difference(s), ${summary.findings.length} change(s) seen so far`,
    );
    const next = start + interval;
    if (soakMs <= 0 || next > firstStart + soakMs || next > o.latestStartAt) break;
    await sleep(Math.max(0, next - now()));
  }
  journalClosed(client, records, last);
  return summary;
}

/**
 * Records the service closed itself (an order rejected on review, one cancelled by another client) are written down
 * as closed, so the teardown does not ask to cancel what is final (src/run/journal.ts openRecords).
 */
function journalClosed(client: ApiClient, records: readonly ConfirmedRecord[], last: Round | null): void {
  for (const r of records) {
    const status = last?.statusById.get(r.id);
    if (r.status === 'accepted' && (status === 'rejected' || status === 'cancelled'))
      client.journal.record({ event: 'read-closed', id: r.id, status });
  }
}

/** A round whose differences are read once more after the settle window; only those seen twice stand. */
async function confirmedRound(
  client: ApiClient,
  records: readonly ConfirmedRecord[],
  settleMs: number,
  sleep: (ms: number) => Promise<void>,
): Promise<Round> {
  const first = await readRound(client, records);
  if (first.found.length === 0) return first;
  await sleep(settleMs);
  const again = await readRound(
    client,
    records.filter((r) => first.found.some((f) => f.id === r.id)),
  );
  return {
    ...first,
    found: again.found.filter((f) => first.found.some((g) => sameFinding(f, g))),
    requests: first.requests + again.requests,
  };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The late read's one-paragraph account, for the console and every report. */
export function lateReadSentence(s: LateReadSummary): string {
  if (!s.ran) return `Late read: not run (${s.note ?? 'no record to read'}).`;
  const failures = s.findings.filter((f) => f.binding);
  const observed = s.findings.length - failures.length;
  const listed = s.lists.filter((l) => l.entries !== null).length;
  const read = `re-read ${s.records} record(s) the run created (${s.cancelled} confirmed cancelled) by id and in their offers' lists (GET /subscription?offerId=, ${listed} of ${s.lists.length} read)`;
  const after = s.ageS ? `${s.ageS.min}-${s.ageS.max} s after the service confirmed their state (API_DURABILITY_WAIT ${s.waitS} s)` : '';
  const soak = s.soakS > 0 ? `; soak of ${s.soakS} s: ${s.rounds} round(s)` : '';
  const found =
    failures.length + observed === 0
      ? 'each still as confirmed'
      : `${failures.length} failure(s)${observed ? `, ${observed} observation(s)` : ''}: ${(failures[0] ?? s.findings[0]).message}`;
  const notRead = s.notRead.length ? `; ${s.notRead.length} read(s) not answered (not judged): ${s.notRead[0]}` : '';
  return `Late read: ${read}, ${after}${soak}, ${s.requests} request(s); ${found}${notRead}${s.note ? ` (${s.note})` : ''}.`;
}
