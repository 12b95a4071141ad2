// The discovery phase's progress lines say what each probe did: on a shared environment with no cancel route the
// create and cancel probes send nothing, and their lines say "not probed" and why, not "create one valid
// subscription" and "cancel the record ..." (issue 32, item 4). With the route, the same probes run and say so.
import { expect, test } from '@playwright/test';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { probeProgressNote, runDiscovery } from '../../src/certify/discovery.ts';
import type { TargetProfile } from '../../src/config/target-profile.ts';
import { makeRedactor } from '../../src/config/redact.ts';
import { writePolicy } from '../../src/run/write-policy.ts';
import { clientFor, STUB_PROFILE } from '../client/client-for.ts';

let reference: RunningReference;
test.beforeAll(async () => {
  reference = await startReferenceServer();
});
test.afterAll(async () => reference?.close());

/** The progress note of every probe, by item, and the requests each sent. */
async function discover(profile: TargetProfile): Promise<Map<string, { note: string; requests: number }>> {
  const { client, dispose } = await clientFor(reference.url, { credentials: reference.credentials, profile });
  const notes = new Map<string, { note: string; requests: number }>();
  try {
    const session = { client, profile, redact: makeRedactor([]), readSettleMs: 0, dispose };
    await runDiscovery(session, {
      writes: writePolicy({ environment: 'staging' }, profile),
      runId: 'discovery-test',
      onProbe: (_done, _total, probe, record) =>
        notes.set(probe.item, { note: probeProgressNote(probe, record), requests: record.requests.length }),
    });
  } finally {
    await dispose();
  }
  return notes;
}

test('shared environment, no cancel route: the create and cancel probes send nothing and their lines say so', async () => {
  const notes = await discover({ ...STUB_PROFILE, cancel: null });
  for (const item of ['status.create', 'cancel', 'status.cancelNotCancellable']) {
    expect(notes.get(item)?.requests, item).toBe(0);
    expect(notes.get(item)?.note, item).toMatch(new RegExp(`^${item.replace('.', '\\.')}: not probed \\(.+\\)$`));
  }
  expect(notes.get('status.create')?.note).toContain('cancel route');
  const all = [...notes.values()].map((n) => n.note).join('\n');
  expect(all).not.toContain('create one valid subscription');
  expect(all).not.toMatch(/^cancel /m);
  // The reads still run, under their own titles.
  expect(notes.get('status.unknownId')).toEqual({ note: 'GET an offer and a subscription that do not exist', requests: 2 });
});

test('with the cancel route, the create and cancel probes run under their titles', async () => {
  const notes = await discover(STUB_PROFILE);
  expect(notes.get('status.create')?.note).toMatch(/^create one valid subscription/);
  expect(notes.get('cancel')?.note).toMatch(/^cancel the record/);
  expect(notes.get('cancel')?.requests).toBe(1);
});
