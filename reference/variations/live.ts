// Lists that change while a run goes on, as a live service's do: offers edited and published, closing early,
// allocations granted.
import { createHash } from 'node:crypto';
import type { Behaviour } from '../behaviour.ts';
import type { AllocationRecord, Offer } from '../data/types.ts';

/**
 * Offers as a live service publishes them: every `periodMs` one offer is edited (the seed offers in turn; its
 * lastModifiedOn moves to that instant, its special instruction changes, it keeps its place in the list), and every
 * `publishEvery` periods a new open offer is published at the end of the list, up to `mostPublished` of them. State per
 * server instance: the offers after the last period applied, advanced when a request comes.
 */
export function liveOffers(periodMs = 1000, publishEvery = 4, mostPublished = 12) {
  return advancingEvery<Offer>(periodMs, Infinity, (offers, step, at, seed) => {
    const next = [...offers];
    const i = (step - 1) % seed.length;
    next[i] = {
      ...next[i],
      dates: { ...next[i].dates, lastModifiedOn: at },
      textProperties: { ...next[i].textProperties, specialInstruction: `Edited at ${at}.` },
    };
    const template = seed.find((offer) => offer.details.status === 'open_for_subscription') ?? seed[0];
    const published = next.length - seed.length;
    if (step % publishEvery === 0 && published < mostPublished && template) {
      const hex = createHash('sha256')
        .update(`${template.id}/tranche/${published + 1}`)
        .digest('hex');
      next.push({
        ...template,
        id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
        dates: { ...template.dates, lastModifiedOn: at },
        textProperties: { ...template.textProperties, title: `${template.textProperties.title} (tranche ${published + 2})` },
      });
    }
    return next;
  });
}

/**
 * A list that advances one step every `periodMs` after the server started, `most` steps at most, with state per server
 * instance: `step` makes the list after step `n` (at instant `at`) from the one before. The same array while no step
 * is due, so what is rendered from it is rendered again only when something changed.
 */
function advancingEvery<T>(
  periodMs: number,
  most: number,
  step: (list: readonly T[], n: number, at: string, seed: readonly T[]) => readonly T[],
): (seed: readonly T[], startedAt: number, now: number) => readonly T[] {
  let applied = 0;
  let current: readonly T[] | null = null;
  return (seed, startedAt, now) => {
    current ??= seed;
    const due = Math.min(most, Math.floor((now - startedAt) / periodMs));
    for (; applied < due; applied++)
      current = step(current, applied + 1, new Date(startedAt + (applied + 1) * periodMs).toISOString(), seed);
    return current;
  };
}

/**
 * Offers closing early while the suite runs: every `everyMs` the next open offer of the list closes (status
 * closed_for_subscription, offerEarlyClose and lastModifiedOn that instant), up to `most` of them. Applied on top of
 * whatever the behaviour already publishes; the same array while nothing changed.
 */
export function offersClosingEarly(base: Behaviour['offers']['published'], everyMs = 3000, most = 3) {
  let last: { from: readonly Offer[]; closed: number; offers: readonly Offer[] } | null = null;
  return (seed: readonly Offer[], startedAt: number, now: number): readonly Offer[] => {
    const from = base(seed, startedAt, now);
    const closed = Math.min(most, Math.floor((now - startedAt) / everyMs));
    if (last && last.from === from && last.closed === closed) return last.offers;
    const next = [...from];
    for (let k = 1; k <= closed; k++) {
      const i = next.findIndex((offer) => offer.details.status === 'open_for_subscription' && offer.dates.offerEarlyClose === undefined);
      if (i < 0) break;
      const at = new Date(startedAt + k * everyMs).toISOString();
      next[i] = {
        ...next[i],
        details: { ...next[i].details, status: 'closed_for_subscription' },
        dates: { ...next[i].dates, offerEarlyClose: at, lastModifiedOn: at },
      };
    }
    last = { from, closed, offers: next };
    return next;
  };
}

/**
 * Allocations granted while the suite reads them: every `everyMs` the record with the most allocations gets one more
 * (a copy of its last, with an id of its own and that instant as allocatedOn; allocationCount, when the record
 * carries one, counts it), up to `most` of them. State per server instance.
 */
export function allocationsGrantedLive(everyMs = 2000, most = 20) {
  return advancingEvery<AllocationRecord>(everyMs, most, (records, step, at) => {
    if (records.length === 0) return records;
    const i = records.reduce((best, record, k) => (record.allocations.length > records[best].allocations.length ? k : best), 0);
    const record = records[i];
    const last = record.allocations[record.allocations.length - 1];
    if (!last) return records;
    const next = [...records];
    next[i] = {
      ...record,
      allocations: [...record.allocations, { ...last, allocationId: `${last.allocationId}-live-${step}`, allocatedOn: at }],
      ...(record.allocationCount === undefined ? {} : { allocationCount: record.allocationCount + 1 }),
    };
    return next;
  });
}
