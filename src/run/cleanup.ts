/**
 * Cancels what a run created and left open. Used by the teardown of every run (even when tests failed)
 * and by `npm run cleanup` for runs that were killed before their teardown. `npm run cleanup` cancels only on the
 * target a journal's records were created on, and only records that still carry the run's tag (issue 29, item 1):
 * record ids alone are no proof of ownership on another server, or after an id was given to someone else's record.
 */
import type { ApiClient } from '../client/api-client.ts';
import { ConfigError } from '../config/config-error.ts';
import { openRecords, type JournalEntry, type JournalFile, type JournalTarget } from './journal.ts';
import { readJsonl } from './jsonl.ts';

export interface CleanupSummary {
  cancelled: string[];
  /** Records the target would not cancel (e.g. already rejected): status code per id. */
  refused: Array<{ id: string; status: number }>;
  /** Tags whose record could not be found by listing (never created, or not visible). */
  notFound: string[];
  /** With `checkTag`: records not cancelled because, read first, they did not show the run's tag (never cancelled). */
  leftAlone: Array<{ id: string; reason: string }>;
  /**
   * Records read as already cancelled or rejected (nothing to do): with `checkTag`, before the cancel; else after a
   * refused cancel, read back.
   */
  closed: string[];
  errors: string[];
}

/**
 * What a sweep after an interrupt did, in one clause of a sentence that reads true beside the run's own teardown line
 * ("[cleanup] run X: 40 cancelled."): when the teardown had closed everything, it found nothing, never "cancelled 0".
 */
export function sweepSentence(s: Pick<CleanupSummary, 'cancelled' | 'refused' | 'errors'>): string {
  const left = s.refused.length + s.errors.length;
  if (s.cancelled.length === 0 && left === 0) return 'the sweep found nothing left open (the run had closed what it created)';
  return `the sweep cancelled ${s.cancelled.length} record(s)${left ? `, ${left} not (run \`npm run cleanup\`): ${s.errors[0] ?? `refused ${s.refused[0]?.status}`}` : ''}`;
}

/**
 * What `npm run cleanup` did for one run. When the sweep had nothing to do, the user hears why (the run's own
 * teardown cancelled its records, as its journal says), never a row of zeros (issue 49, item 5).
 */
export function runSweepSentence(s: CleanupSummary, entries: JournalEntry[]): string {
  const counts = [s.cancelled, s.refused, s.notFound, s.closed, s.leftAlone, s.errors].map((list) => list.length);
  if (counts.every((n) => n === 0)) {
    const byTeardown = new Set(entries.flatMap((e) => (e.event === 'cancelled' ? [e.id] : []))).size;
    return byTeardown
      ? `nothing left open: the run's teardown cancelled ${byTeardown} record(s)`
      : 'nothing left open: the run left no record open (none created, or none the target accepted)';
  }
  return `${s.cancelled.length} cancelled, ${s.refused.length} refused by the target, ${s.notFound.length} tag(s) not found, ${s.closed.length} already closed, ${s.leftAlone.length} left open (not carrying the run's tag), ${s.errors.length} error(s)`;
}

export interface CleanupOptions {
  /**
   * API_READ_SETTLE, ms: a tag not found in the list is looked for once more after this long, since a record created
   * a moment ago may show in a replica's list only later (src/checks/read-settle.ts). 0: no second look.
   */
  readSettleMs?: number;
  /**
   * Read each record (GET) before cancelling it, and cancel it only when its clientSubscriptionReference is the tag
   * the run created it with (`npm run cleanup`, which may meet a journal long after its run). A run's own teardown,
   * on the target it has just written to, does not need the extra read.
   */
  checkTag?: boolean;
}

export async function cancelOpenRecords(client: ApiClient, entries: JournalEntry[], o: CleanupOptions = {}): Promise<CleanupSummary> {
  const summary: CleanupSummary = { cancelled: [], refused: [], notFound: [], leftAlone: [], closed: [], errors: [] };
  const open = openRecords(entries);
  const ids = new Set(open.ids);
  // The tag each id was created with: from the journal, or from the list for creates of unknown outcome.
  const tagOf = new Map(entries.flatMap((e) => (e.event === 'created' ? [[e.id, e.tag] as const] : [])));
  if (open.unresolvedTags.length) {
    // Outcome unknown (killed mid-call, transport error, 5xx): look for the tag among all subscriptions.
    // A failed list is an error in the summary, never the end of the sweep: the ids already known still get cancelled.
    let records = await listAll(client, summary.errors);
    const tagged = (tag: string) => (records ?? []).filter((r) => r.clientSubscriptionReference === tag);
    if (records !== null && o.readSettleMs && open.unresolvedTags.some((tag) => tagged(tag).length === 0)) {
      await new Promise((resolve) => setTimeout(resolve, o.readSettleMs));
      records = (await listAll(client, summary.errors)) ?? records;
    }
    // The contract makes clientSubscriptionReference optional in a response: a target that never sends it back leaves
    // no way to find these creates by their tag. "Not found" would read as "never created": it is an error instead.
    if (records?.length && !records.some((r) => typeof r.clientSubscriptionReference === 'string'))
      summary.errors.push(
        `${open.unresolvedTags.length} create(s) of unknown outcome cannot be looked up: the target's ${records.length} subscription record(s) carry no clientSubscriptionReference, the tag they were sent with; look for them by hand (tags ${open.unresolvedTags.join(', ')})`,
      );
    for (const tag of records === null ? [] : open.unresolvedTags) {
      const found = tagged(tag);
      if (found.length === 0) summary.notFound.push(tag);
      for (const r of found)
        if (typeof r.id === 'string' && r.status !== 'cancelled') {
          ids.add(r.id);
          tagOf.set(r.id, tag);
        }
    }
  }
  for (const id of ids) {
    try {
      if (o.checkTag) {
        const verdict = await readBeforeCancel(client, id, tagOf.get(id));
        if (verdict === 'closed') summary.closed.push(id);
        else if (verdict !== 'tagged') summary.leftAlone.push({ id, reason: verdict });
        if (verdict !== 'tagged') continue;
      }
      const ex = await client.cancelSubscription(id);
      if (ex.status < 300) summary.cancelled.push(id);
      else if (ex.status >= 400 && ex.status < 500 && (await closedByService(client, id))) summary.closed.push(id);
      else summary.refused.push({ id, status: ex.status });
    } catch (error) {
      summary.errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return summary;
}

/**
 * After a refused cancel: whether the record reads as closed by the service itself (an order rejected on review, one
 * another client cancelled; src/run/journal.ts openRecords), written down as such in the journal so that nothing the
 * run created is reported left open when the service had closed it. A failed read leaves the refusal as it was.
 */
async function closedByService(client: ApiClient, id: string): Promise<boolean> {
  const ex = await client.getSubscription(id).catch(() => null);
  const status = ex && ex.status < 300 && ex.body && typeof ex.body === 'object' ? (ex.body as Record<string, unknown>).status : undefined;
  if (status !== 'cancelled' && status !== 'rejected') return false;
  client.journal.record({ event: 'read-closed', id, status });
  return true;
}

/**
 * Reads a record before cancelling it: 'tagged' when it carries the run's tag and is still live, 'closed' when it is
 * already cancelled or rejected, otherwise why it is left alone. A failed read throws (an error of the sweep).
 */
async function readBeforeCancel(client: ApiClient, id: string, tag: string | undefined): Promise<'tagged' | 'closed' | string> {
  if (!tag) return "the journal holds no tag for it, so it cannot be told from someone else's";
  const ex = await client.getSubscription(id);
  if (ex.status >= 300) return `reading it answered ${ex.status}`;
  const body = ex.body as Record<string, unknown> | null;
  const reference = body && typeof body === 'object' ? body.clientSubscriptionReference : undefined;
  if (typeof reference !== 'string') return `it carries no clientSubscriptionReference (the run's tag was ${tag})`;
  if (reference !== tag) return `it carries another clientSubscriptionReference than the run's tag ${tag}`;
  return body?.status === 'cancelled' || body?.status === 'rejected' ? 'closed' : 'tagged';
}

/** Every subscription (no offset/limit: the contract returns all), or null with the reason added to `errors`. */
async function listAll(client: ApiClient, errors: string[]): Promise<Array<Record<string, unknown>> | null> {
  try {
    const list = await client.listSubscriptions();
    if (list.status < 300 && Array.isArray(list.body)) return list.body as Array<Record<string, unknown>>;
    errors.push(
      `listing subscriptions to find records of unknown outcome answered ${list.status}${Array.isArray(list.body) ? '' : ' without a list'}`,
    );
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  return null;
}

/** The journals `--run` names (all when none is named); a named run without a journal is a usage error (exit 2). */
export function selectJournals(all: JournalFile[], runIds: string[] | undefined): JournalFile[] {
  if (!runIds?.length) return all;
  const unknown = runIds.filter((id) => !all.some((j) => j.runId === id));
  if (unknown.length)
    throw new ConfigError(
      `No journal for run ${unknown.join(', ')} under the reports folder; runs with one: ${all.map((j) => j.runId).join(', ') || 'none'}.`,
    );
  return all.filter((j) => runIds.includes(j.runId));
}

/** Why a journal is left alone: the kind (counted in the closing line) and the detail (said per journal). */
export interface TargetMismatch {
  kind: 'no target recorded' | 'more than one target' | 'another target';
  detail: string;
}

/**
 * Why a journal's records are not to be cancelled on `target`, or null when they were created there. Each writer of a
 * journal writes its target before its first entry, so an entry before any target line comes from a writer that
 * recorded none (a journal older than targets): its records may be anyone's, and are left alone.
 */
export function targetMismatch(entries: JournalEntry[], target: JournalTarget): TargetMismatch | null {
  const first = entries.findIndex((e) => e.event === 'target');
  if (first === -1 || entries.slice(0, first).some((e) => e.event !== 'target'))
    return {
      kind: 'no target recorded',
      detail: 'no target recorded (a journal written before journals recorded their target): its records may be on another target',
    };
  const recorded = entries.filter((e) => e.event === 'target');
  const key = (t: JournalTarget) => JSON.stringify([t.baseUrl, t.environment, t.credentials]);
  if (new Set(recorded.map(key)).size > 1)
    return { kind: 'more than one target', detail: 'records of more than one target (one RUN_ID used against several)' };
  const r = recorded[0];
  const differences = [
    r.baseUrl !== target.baseUrl && `base URL ${r.baseUrl}`,
    r.environment !== target.environment && `environment ${r.environment}`,
    // The fingerprint is keyed by the base URL: on another base URL it differs whatever the credentials.
    r.baseUrl === target.baseUrl && r.credentials !== target.credentials && 'other credentials',
  ].filter(Boolean);
  return differences.length ? { kind: 'another target', detail: `another target (${differences.join(', ')})` } : null;
}

/**
 * Sweep each run of `target` in turn, one line per run; a run that fails does not stop the next. Journals of other
 * targets (or with none recorded) are left alone, each named with why, then counted. Records are read before each
 * cancel and cancelled only when they carry the run's tag. Returns the number of errors and records left alone.
 */
export async function cleanupRuns(
  client: ApiClient,
  journals: JournalFile[],
  say: (line: string) => void,
  o: Omit<CleanupOptions, 'checkTag'> & { target: JournalTarget },
): Promise<number> {
  let errors = 0;
  const leftAlone: Array<TargetMismatch['kind']> = [];
  for (const { runId, path } of journals) {
    const entries = readJsonl<JournalEntry>(path);
    const mismatch = targetMismatch(entries, o.target);
    if (mismatch) {
      leftAlone.push(mismatch.kind);
      say(`run ${runId}: left alone: ${mismatch.detail}`);
      continue;
    }
    const summary = await cancelOpenRecords(client, entries, { ...o, checkTag: true });
    errors += summary.errors.length + summary.leftAlone.length;
    say(`run ${runId}: ${runSweepSentence(summary, entries)}`);
    for (const r of summary.leftAlone) say(`  left open: record ${r.id}: ${r.reason}; never cancelled, look at it by hand`);
    for (const e of summary.errors) say(`  error: ${e}`);
  }
  if (leftAlone.length) {
    const counts = [...new Set(leftAlone)].map((why) => `${leftAlone.filter((w) => w === why).length} ${why}`);
    say(
      `${leftAlone.length} journal(s) left alone, not of ${o.target.baseUrl} (${o.target.environment}) with these credentials: ${counts.join('; ')}`,
    );
  }
  return errors;
}
