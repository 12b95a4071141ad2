// The live variations (a service whose data changes while the suite runs), with a clock the test moves: offers edited
// in place and new ones published, offers closing early, offers listed most recently modified first, allocations
// granted; pages and single offers answer with the data as it is then, and the correct behaviour never changes.
import { expect, test } from '@playwright/test';
import { correctBehaviour } from '../../reference/behaviour.ts';
import { SEED_ALLOCATIONS } from '../../reference/data/allocations.ts';
import { SEED_OFFERS } from '../../reference/data/offers.ts';
import type { Offer } from '../../reference/data/types.ts';
import { OfferCatalogue } from '../../reference/offer-catalogue.ts';
import { allocationsGrantedLive, liveOffers, withVariations } from '../../reference/variations.ts';

const START = Date.parse('2026-11-25T08:00:00.000Z');

function catalogueAt(variants: string[]): { catalogue: OfferCatalogue; at(ms: number): void } {
  let now = START;
  const catalogue = new OfferCatalogue(SEED_OFFERS, withVariations(variants), () => now);
  return { catalogue, at: (ms) => (now = START + ms) };
}

const listed = (catalogue: OfferCatalogue, query = {}) => JSON.parse(catalogue.page(undefined, query, 100).toString()) as Offer[];

test('offers-published-live: an offer edited every second keeps its place; every fourth second a new open offer at the end', () => {
  const { catalogue, at } = catalogueAt(['offers-published-live']);
  const seed = listed(catalogue);
  expect(seed.map((o) => o.id)).toEqual(SEED_OFFERS.map((o) => o.id));

  at(1_500); // one period: the first offer edited at START + 1 s
  const once = listed(catalogue);
  expect(once.map((o) => o.id)).toEqual(seed.map((o) => o.id));
  expect(once[0].dates.lastModifiedOn).toBe('2026-11-25T08:00:01.000Z');
  expect(once[0].textProperties.specialInstruction).toBe('Edited at 2026-11-25T08:00:01.000Z.');
  expect(once.slice(1)).toEqual(seed.slice(1));
  expect(JSON.parse(catalogue.json(once[0].id)!)).toEqual(once[0]);

  at(4_000); // four periods: four offers edited, one offer published at the end, open, with an id of its own
  const four = listed(catalogue);
  expect(four).toHaveLength(seed.length + 1);
  expect(four.slice(0, 4).map((o) => o.dates.lastModifiedOn)).toEqual([1, 2, 3, 4].map((s) => new Date(START + s * 1000).toISOString()));
  const published = four[four.length - 1];
  expect(published.details.status).toBe('open_for_subscription');
  expect(published.dates.lastModifiedOn).toBe('2026-11-25T08:00:04.000Z');
  expect(seed.map((o) => o.id)).not.toContain(published.id);
  expect(published.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(catalogue.byId.get(published.id)).toEqual(published);
  // A page cached before the change is not served after it.
  expect(listed(catalogue, { offset: seed.length, limit: 5 }).map((o) => o.id)).toEqual([published.id]);
  // modifiedAfter finds the edited and published offers.
  const since = JSON.parse(catalogue.page('2026-11-25T08:00:02.000Z', {}, 100).toString()) as Offer[];
  expect(since.map((o) => o.id)).toEqual([four[1].id, four[2].id, four[3].id, published.id]);
});

test('offers-published-live publishes at most the number it is given, and edits the seed offers in turn', () => {
  const published = liveOffers(1000, 1, 2);
  const after = published(SEED_OFFERS, START, START + (SEED_OFFERS.length + 1) * 1000);
  expect(after).toHaveLength(SEED_OFFERS.length + 2);
  // The first offer was edited twice (periods 1 and n+1): it shows the later edit.
  expect(after[0].dates.lastModifiedOn).toBe(new Date(START + (SEED_OFFERS.length + 1) * 1000).toISOString());
  // The same array while no period has passed: the catalogue renders nothing again.
  expect(published(SEED_OFFERS, START, START + (SEED_OFFERS.length + 1) * 1000 + 999)).toBe(after);
});

test('the correct behaviour publishes the seed offers, unchanged, whenever asked', () => {
  const { catalogue, at } = catalogueAt([]);
  const before = catalogue.page(undefined, {}, 100);
  at(3_600_000);
  expect(catalogue.page(undefined, {}, 100)).toBe(before);
  expect(correctBehaviour().offers.published(SEED_OFFERS, START, START + 1e9)).toBe(SEED_OFFERS);
});

test('offers-closing-early: every third second the next open offer closes early, at most three; composes with offers-published-live', () => {
  const { catalogue, at } = catalogueAt(['offers-published-live', 'offers-closing-early']);
  const seed = listed(catalogue);
  const openIds = seed.filter((o) => o.details.status === 'open_for_subscription').map((o) => o.id);
  at(3_000);
  const one = listed(catalogue);
  const first = one.find((o) => o.id === openIds[0])!;
  expect(first.details.status).toBe('closed_for_subscription');
  expect(first.dates.offerEarlyClose).toBe('2026-11-25T08:00:03.000Z');
  expect(first.dates.lastModifiedOn).toBe('2026-11-25T08:00:03.000Z');
  expect(one.filter((o) => o.dates.offerEarlyClose !== undefined && !seed.find((s) => s.id === o.id)?.dates.offerEarlyClose)).toHaveLength(
    1,
  );
  at(100_000);
  const later = listed(catalogue);
  const closedNow = later.filter((o) => o.dates.offerEarlyClose !== undefined && !seed.find((s) => s.id === o.id)?.dates.offerEarlyClose);
  expect(closedNow.map((o) => o.id)).toEqual(openIds.slice(0, 3));
  // The live publishing goes on beneath: twelve offers published by now.
  expect(later).toHaveLength(seed.length + 12);
});

test('offers-recently-modified-first: the list is ordered by lastModifiedOn, newest first; an edit moves an offer to the front', () => {
  const { catalogue, at } = catalogueAt(['offers-published-live', 'offers-recently-modified-first']);
  const times = (offers: Offer[]) => offers.map((o) => Date.parse(o.dates.lastModifiedOn));
  const descending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1] >= v);
  const first = listed(catalogue);
  expect(descending(times(first))).toBe(true);
  at(1_000); // the first seed offer edited: now the most recent
  const edited = listed(catalogue);
  expect(edited[0].id).toBe(SEED_OFFERS[0].id);
  expect(descending(times(edited))).toBe(true);
  expect(new Set(edited.map((o) => o.id))).toEqual(new Set(first.map((o) => o.id)));
});

test('allocations-granted-live: every second second the largest record gets one more allocation, counted, at most twenty', () => {
  const grant = allocationsGrantedLive(2000, 20);
  const largest = [...SEED_ALLOCATIONS].sort((a, b) => b.allocations.length - a.allocations.length)[0];
  const at = (ms: number) => grant(SEED_ALLOCATIONS, START, START + ms).find((r) => r.offerId === largest.offerId)!;
  expect(grant(SEED_ALLOCATIONS, START, START + 1_999)).toBe(SEED_ALLOCATIONS);
  const once = at(2_000);
  expect(once.allocations).toHaveLength(largest.allocations.length + 1);
  const added = once.allocations[once.allocations.length - 1];
  expect(added.allocatedOn).toBe('2026-11-25T08:00:02.000Z');
  expect(largest.allocations.map((a) => a.allocationId)).not.toContain(added.allocationId);
  if (largest.allocationCount !== undefined) expect(once.allocationCount).toBe(largest.allocationCount + 1);
  expect(at(3_600_000).allocations).toHaveLength(largest.allocations.length + 20);
});

test('the correct behaviour grants the seed allocations, unchanged, whenever asked', () => {
  expect(correctBehaviour().allocations.granted(SEED_ALLOCATIONS, START, START + 1e9)).toBe(SEED_ALLOCATIONS);
});
