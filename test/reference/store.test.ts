// The reference's store lists a partner's records, and those of one offer, from its own index (reference/store.ts):
// the same records, in creation order, as filtering every record would give.
import { expect, test } from '@playwright/test';
import { SubscriptionStore } from '../../reference/store.ts';
import type { Subscription } from '../../reference/data/types.ts';

const record = (id: string, offerId: string, status: Subscription['status'] = 'accepted') => ({ id, offerId, status }) as Subscription;
const ids = (records: readonly Subscription[]) => records.map((r) => r.id);

test("one offer's records of one partner, in creation order, replaced in place, moved when their offer changes", () => {
  const store = new SubscriptionStore();
  const a = store.of('partner-a');
  const b = store.of('partner-b');
  a.put(record('1', 'X'));
  b.put(record('2', 'X'));
  a.put(record('3', 'Y'));
  a.put(record('4', 'X'));
  expect(ids(a.ofOffer('X'))).toEqual(['1', '4']);
  expect(ids(b.ofOffer('X'))).toEqual(['2']);
  expect(ids(a.ofOffer('Z'))).toEqual([]);
  a.put(record('1', 'X', 'cancelled'));
  expect(a.ofOffer('X').map((r) => r.status)).toEqual(['cancelled', 'accepted']);
  a.put(record('1', 'Y'));
  expect(ids(a.ofOffer('X'))).toEqual(['4']);
  expect(ids(a.ofOffer('Y'))).toEqual(['3', '1']);
  expect(ids(a.all())).toEqual(['1', '3', '4']);
  for (const offer of ['X', 'Y'])
    expect(ids(store.unscoped().ofOffer(offer)), 'the unscoped view scans every partner').toEqual(
      ids(
        store
          .unscoped()
          .all()
          .filter((r) => r.offerId === offer),
      ),
    );
  const copy = a.ofOffer('Y');
  copy.pop();
  expect(ids(a.ofOffer('Y')), 'a copy: changing it changes nothing stored').toEqual(['3', '1']);
});
