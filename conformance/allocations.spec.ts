// Allocations: the list, one record per offer, the record by offer id, allocationCount.
import { isDeepStrictEqual } from 'node:util';
import { covers, test } from '../src/harness/fixtures.ts';
import { judgeOnSteadyAllocations } from '../src/harness/steady-facts.ts';
import type { AllocationRecord } from '../src/contract/types.ts';

test.describe('allocations', () => {
  test(
    'GET /allocation returns an array of valid allocation records',
    covers('read', 'ALLOC-LIST', 'ALLOC-SCHEMA', 'ALLOC-ITEM-FIELDS'),
    async ({ api, verdict }) => {
      const ex = await api.listAllocations();
      verdict.check('ALLOC-LIST', ex.status === 200 && Array.isArray(ex.body), 'GET /allocation returns 200 and an array', {
        expected: '200 with a JSON array',
        received: `${ex.status} with ${Array.isArray(ex.body) ? 'an array' : typeof ex.body}`,
        exchange: ex,
      });
    },
  );

  test(
    'there is one record per offer, each for an offer that exists',
    covers('read', 'ALLOC-ONE-PER-OFFER'),
    async ({ facts, verdict }) => {
      const [records, offers] = [await facts.allocations(), await facts.offers()];
      const ids = records.map((r) => r.offerId);
      const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
      verdict.check('ALLOC-ONE-PER-OFFER', duplicates.length === 0, 'several allocation records for one offer', {
        expected: 'one record per offerId',
        received: [...new Set(duplicates)],
      });
      const known = new Set(offers.map((o) => o.id));
      const orphans = ids.filter((id) => !known.has(id));
      verdict.check('ALLOC-ONE-PER-OFFER', orphans.length === 0, 'allocation records for offers the offers list does not have', {
        expected: 'every offerId in GET /offer',
        received: orphans,
      });
    },
  );

  test(
    "GET /allocation/{offerId} returns that offer's record, equal to its list entry",
    covers('read', 'ALLOC-GET', 'ALLOC-SCHEMA'),
    async ({ api, facts, verdict }) => {
      await judgeOnSteadyAllocations({ api, facts, verdict }, async (records, scratch) => {
        test.skip(records.length === 0, 'The target lists no allocations.');
        for (const record of [records[0], records[records.length - 1], records[Math.floor(records.length / 2)]]) {
          const ex = await api.getAllocation(record.offerId);
          scratch.check(
            'ALLOC-GET',
            ex.status === 200 && isDeepStrictEqual(ex.body, record),
            `GET /allocation/${record.offerId} differs from its list entry`,
            {
              expected: { offerId: record.offerId, allocations: record.allocations.length },
              received:
                ex.status === 200
                  ? { offerId: (ex.body as AllocationRecord)?.offerId, allocations: (ex.body as AllocationRecord)?.allocations?.length }
                  : `status ${ex.status}`,
              exchange: ex,
            },
          );
        }
      });
    },
  );

  test('allocationCount equals the number of allocations retrievable', covers('read', 'ALLOC-COUNT'), async ({ api, facts, verdict }) => {
    // Judged on records that held still: an issuer granting allocations meanwhile moves both (steady-facts.ts).
    await judgeOnSteadyAllocations({ api, facts, verdict }, async (records, scratch) => {
      const counted = records.filter((r) => typeof r.allocationCount === 'number');
      test.skip(counted.length === 0, 'No allocation record carries allocationCount.');
      for (const record of counted.slice(0, 5)) {
        const ex = await api.getAllocation(record.offerId);
        const length = (ex.body as AllocationRecord)?.allocations?.length;
        scratch.check(
          'ALLOC-COUNT',
          length === record.allocationCount,
          `offer ${record.offerId}: allocationCount ${record.allocationCount} but ${String(length)} allocations retrievable`,
          { expected: record.allocationCount, received: length, exchange: ex },
        );
      }
    });
  });

  test(
    'an unknown offer gets a 4xx with the list/get error body',
    covers('read', 'ALLOC-UNKNOWN-OFFER', 'ERR-LIST-GET-BODY'),
    async ({ api, suite, verdict }) => {
      const ex = await api.getAllocation(`osd-suite-unknown-${suite.config.runId}`);
      verdict.status(ex, {
        key: 'unknownId',
        profile: suite.profile,
        observeClause: 'ERR-STATUS-CODES',
        contractClause: 'ALLOC-UNKNOWN-OFFER',
        contractRule: ['4xx'],
        what: 'GET /allocation/{unknown offer}',
      });
    },
  );

  test(
    'whether GET /allocation honours offset and limit is recorded',
    covers('read', 'ALLOC-LIST-PAGINATION'),
    async ({ api, facts, verdict }) => {
      const records = await facts.allocations();
      test.skip(records.length < 2, 'Needs at least two allocation records.');
      const ex = await api.listAllocations({ offset: 1, limit: 1 });
      const honoured =
        ex.status === 200 &&
        Array.isArray(ex.body) &&
        ex.body.length === 1 &&
        (ex.body[0] as AllocationRecord).offerId === records[1].offerId;
      verdict.observe({
        clause: 'ALLOC-LIST-PAGINATION',
        key: 'allocationList.pagination',
        message: `GET /allocation?offset=1&limit=1 ${honoured ? 'honours' : 'does not honour'} offset/limit (status ${ex.status})`,
        value: honoured,
      });
    },
  );
});
