/**
 * Cancels what a run created and left open. Used by the teardown of every run (even when tests failed)
 * and by `npm run cleanup` for runs that were killed before their teardown.
 */
import type { ApiClient } from '../client/api-client.ts';
import { openRecords, type JournalEntry } from './journal.ts';

export interface CleanupSummary {
  cancelled: string[];
  /** Records the target would not cancel (e.g. already rejected): status code per id. */
  refused: Array<{ id: string; status: number }>;
  /** Tags whose record could not be found by listing (never created, or not visible). */
  notFound: string[];
  errors: string[];
}

export async function cancelOpenRecords(client: ApiClient, entries: JournalEntry[]): Promise<CleanupSummary> {
  const summary: CleanupSummary = { cancelled: [], refused: [], notFound: [], errors: [] };
  const open = openRecords(entries);
  const ids = new Set(open.ids);
  if (open.unresolvedTags.length) {
    // Outcome unknown (killed mid-call or transport error): look for the tag among all subscriptions.
    const list = await client.listSubscriptions();
    const records = Array.isArray(list.body) ? (list.body as Array<Record<string, unknown>>) : [];
    for (const tag of open.unresolvedTags) {
      const found = records.filter((r) => r.clientSubscriptionReference === tag);
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
