/**
 * Creates and cancels interleaved with a paged walk of one offer's list. fast-check's scheduler
 * decides when each call is sent (each waits for its turn), so a failing interleaving is shrunk and
 * replayed like any other value; the target sees the calls in that order, overlapping in flight.
 *
 * Asserted here (see the property in fuzz/sequences.spec.ts for what the contract does and does not
 * promise under concurrency): each call's own answer, and that a record of the sequence listed
 * during the walk shows a status it really had.
 */
import type { Scheduler } from 'fast-check';
import type { Cancel, Create } from './commands.ts';
import { label, readOfferList, walk, type Entry, type SequenceModel, type SequenceReal } from './model.ts';

export interface InterleavedWalk {
  model: SequenceModel;
  real: SequenceReal;
  scheduler: Scheduler;
  /** Creates on the walked offer, sent while the walk runs. */
  during: Create[];
  /** Cancels of records created before the walk. */
  cancels: Cancel[];
}

export async function interleavedWalk(o: InterleavedWalk): Promise<void> {
  const { model, real, scheduler } = o;
  const { verdict } = real;
  model.step += 1;
  const offerId = model.records[0].offerId;
  const statusBefore = new Map(model.records.map((r) => [r.id, r.status]));
  const cancelSent = new Set<string>();
  const listed: Array<Entry & { cancelSent: boolean }> = [];
  const turn = (what: string) => scheduler.schedule(Promise.resolve(what), what);

  const { entries } = await real.fuzz.aside(() => readOfferList(real, offerId));
  const total = entries?.length ?? 1;
  const walking = walk(real, offerId, total, {
    beforePage: (offset) => turn(`page at offset ${offset}`),
    // A cancel counts as sent for a page when it left before the page's answer arrived.
    onPage: (page) => listed.push(...page.map((e) => ({ ...e, cancelSent: cancelSent.has(e.id) }))),
  });
  const creating = o.during.map(async (create, i) => {
    await turn(`create ${i}`);
    await create.act(model, real);
  });
  const cancelling = o.cancels.map(async (cancel) => {
    await turn(cancel.toString());
    if (cancel.target.kind === 'record') cancelSent.add(model.records[cancel.target.pick].id);
    await cancel.act(model, real);
  });
  const [walked] = await scheduler.waitFor(Promise.all([walking, ...creating, ...cancelling]));
  if ('refused' in walked) {
    verdict.check('PAGE-WALK', false, `a page of the list filtered by offer ${offerId} was refused while creates and cancels ran`, {
      expected: '200 with an array',
      received: walked.refused.status,
      exchange: walked.refused,
    });
    return;
  }
  for (const r of model.records) {
    const had = statusBefore.get(r.id) ?? r.status; // a record created during the walk had only its created status (no cancel targets it)
    for (const e of listed.filter((x) => x.id === r.id)) {
      const possible = e.cancelSent ? [had, 'cancelled'] : [had];
      verdict.check(
        'SUB-LIST-MATCHES-GET',
        possible.includes(e.status),
        `${label(r)} was listed during the walk as ${e.status}, a status it never had`,
        { expected: possible, received: e.status, exchange: walked.ex },
      );
    }
  }
}
