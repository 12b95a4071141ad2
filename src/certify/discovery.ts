/**
 * The discovery phase: runs the probe table (src/certify/probes.ts) through one session with the
 * target, records every request each probe sent, cancels whatever the probes created, and returns
 * the findings by profile item. 429s met on the way are rate-limit observations (never provoked).
 */
import { cancelOpenRecords, type CleanupSummary } from '../run/cleanup.ts';
import type { Session } from '../run/target-session.ts';
import type { ItemObservation } from './observed-profile.ts';
import { PROBES, type Probe, type ProbeContext, type ProbeRecord } from './probes.ts';
import type { WritePolicy } from '../run/write-policy.ts';

export interface DiscoveryResult {
  records: ProbeRecord[];
  items: Map<string, ItemObservation[]>;
  cleanup: CleanupSummary | null;
  /** Why created records could not be cancelled, if so. */
  cleanupNote: string | null;
}

export async function runDiscovery(
  session: Session,
  opts: {
    writes: WritePolicy;
    runId: string;
    clientCurrency?: string | null;
    probes?: readonly Probe[];
    /** After each probe, with what it did (a probe that sent nothing says so: see `probeProgressNote`). */
    onProbe?: (done: number, total: number, probe: Probe, record: ProbeRecord) => void;
  },
): Promise<DiscoveryResult> {
  const probes = opts.probes ?? PROBES;
  const ctx: ProbeContext = {
    client: session.client,
    profile: session.profile,
    writes: opts.writes,
    runId: opts.runId,
    clientCurrency: opts.clientCurrency ?? null,
    state: {},
  };
  const records: ProbeRecord[] = [];
  const items = new Map<string, ItemObservation[]>();
  const add = (item: string, value: ItemObservation['value']) =>
    items.set(item, [...(items.get(item) ?? []), { source: 'discovery', value }]);
  const retryAfter: Array<string | null> = [];
  // Both the 429s that reached a probe and those the client retried instead.
  const stopRateWatch = session.client.listen((ex) => {
    if (ex.status === 429) retryAfter.push(ex.responseHeaders['retry-after'] ?? null);
  });
  const stopRetryWatch = session.client.onRetry((r) => {
    if (r.status === 429) retryAfter.push(r.retryAfter);
  });
  try {
    for (const [i, probe] of probes.entries()) {
      const requests: ProbeRecord['requests'] = [];
      const stop = session.client.listen((ex) => requests.push({ request: `${ex.method} ${ex.path}`, status: ex.status }));
      const base = { item: probe.item, clause: probe.clause, probe: probe.title };
      try {
        const finding = await probe.run(ctx);
        records.push({ ...base, ...finding, requests });
        if (finding.value) add(probe.item, finding.value);
        for (const extra of finding.also ?? []) add(extra.item, extra.value);
      } catch (error) {
        // A probe that cannot run (transport error, unknown route) is a finding, not a crash.
        const message = session.redact(error instanceof Error ? error.message.split('\n')[0] : String(error));
        records.push({ ...base, value: null, note: `the probe failed: ${message}`, requests, error: message });
      } finally {
        stop();
      }
      opts.onProbe?.(i + 1, probes.length, probe, records[records.length - 1]);
    }
  } finally {
    stopRateWatch();
    stopRetryWatch();
  }
  if (retryAfter.length) {
    add('retryAfter', { kind: 'retryAfter', values: retryAfter });
    add('status.rateLimited', { kind: 'status', codes: [429] });
  }
  const { cleanup, cleanupNote } = await cancelWhatWasCreated(session);
  return { records, items, cleanup, cleanupNote };
}

async function cancelWhatWasCreated(session: Session): Promise<{ cleanup: CleanupSummary | null; cleanupNote: string | null }> {
  const entries = session.client.journal.entries();
  if (!entries.some((e) => e.event === 'create-sent')) return { cleanup: null, cleanupNote: null };
  if (!session.profile.cancel) return { cleanup: null, cleanupNote: 'the cancel route is unknown: records created by discovery stay open' };
  const cleanup = await cancelOpenRecords(session.client, entries, { readSettleMs: session.readSettleMs });
  return { cleanup, cleanupNote: null };
}

/**
 * A probe's progress note: its title when it sent requests, else that it was not sent and why (first sentence). A shared
 * environment with no cancel route sends no create and no cancel: the console must not say it created one.
 */
export function probeProgressNote(probe: Probe, record: Pick<ProbeRecord, 'requests' | 'note'>): string {
  if (record.requests.length) return probe.title;
  const why = (record.note ?? 'nothing to probe').split(/(?<=[.;:])\s/)[0].replace(/[.;:]$/, '');
  return `${probe.item}: not probed (${why})`;
}
