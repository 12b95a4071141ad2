/**
 * Cancels what a run created and left open. Used by the teardown of every run (even when tests failed)
 * and by `npm run cleanup` for runs that were killed before their teardown.
 */
import type { ApiClient } from '../client/api-client.ts';
import { ConfigError } from '../config/config-error.ts';
import { openRecords, type JournalEntry, type JournalFile } from './journal.ts';
import { readJsonl } from './jsonl.ts';

export interface CleanupSummary {
  cancelled: string[];
  /** Records the target would not cancel (e.g. already rejected): status code per id. */
  refused: Array<{ id: string; status: number }>;
  /** Tags whose record could not be found by listing (never created, or not visible). */
  notFound: string[];
  errors: string[];
}

export interface CleanupOptions {
  /**
   * API_READ_SETTLE, ms: a tag not found in the list is looked for once more after this long, since a record created
   * a moment ago may show in a replica's list only later (src/checks/read-settle.ts). 0: no second look.
   */
  readSettleMs?: number;
}

export async function cancelOpenRecords(client: ApiClient, entries: JournalEntry[], o: CleanupOptions = {}): Promise<CleanupSummary> {
  const summary: CleanupSummary = { cancelled: [], refused: [], notFound: [], errors: [] };
  const open = openRecords(entries);
  const ids = new Set(open.ids);
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
      for (const r of found) if (typeof r.id === 'string' && r.status !== 'cancelled') ids.add(r.id);
    }
  }
  for (const id of ids) {
    try {
      const ex = await client.cancelSubscription(id);
      if (ex.status < 300) summary.cancelled.push(id);
      else summary.refused.push({ id, status: ex.status });
    } catch (error) {
      summary.errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return summary;
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

/** Sweep each run in turn, one line per run; a run that fails does not stop the next. Returns the number of errors. */
export async function cleanupRuns(
  client: ApiClient,
  journals: JournalFile[],
  say: (line: string) => void,
  o: CleanupOptions = {},
): Promise<number> {
  let errors = 0;
  for (const { runId, path } of journals) {
    const summary = await cancelOpenRecords(client, readJsonl<JournalEntry>(path), o);
    errors += summary.errors.length;
    say(
      `run ${runId}: ${summary.cancelled.length} cancelled, ${summary.refused.length} refused by the target, ${summary.notFound.length} tag(s) not found, ${summary.errors.length} error(s)`,
    );
    for (const e of summary.errors) say(`  error: ${e}`);
  }
  return errors;
}
