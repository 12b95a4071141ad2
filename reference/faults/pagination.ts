// Fault switches, pagination. One area of the table joined in reference/faults.ts.
import { ApiError } from '../errors.ts';
import { patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

const PAGE_SIZE_WHEN_OMITTED = 20;

export const PAGINATION_FAULTS = [
  {
    name: 'offset-one-based',
    description: 'offset is treated as one-based: offset=1 starts at the first entry, offset=0 too.',
    clauses: ['PAGE-OFFSET-ZERO-BASED'],
    catchBy: 'conformance',
    apply: patch('paging', (current) => ({
      window: (query, total, maxLimit) => {
        const window = current.window(query, total, maxLimit);
        return query.offset === undefined ? window : { ...window, start: Math.max(0, query.offset - 1) };
      },
    })),
  },
  {
    name: 'page-one-short',
    description:
      'Every page holds one entry fewer than limit (its end computed as offset + limit - 1): a client walking offset += limit never sees the last entry of each page.',
    clauses: ['PAGE-WALK', 'PAGE-LIMIT'],
    catchBy: 'conformance',
    apply: patch('paging', (current) => ({
      window: (query, total, maxLimit) => {
        const window = current.window(query, total, maxLimit);
        return query.limit === undefined ? window : { ...window, count: Math.max(0, window.count - 1) };
      },
    })),
  },
  {
    name: 'limit-ignored',
    description: 'limit is ignored: every page runs to the end of the list.',
    clauses: ['PAGE-LIMIT'],
    catchBy: 'conformance',
    apply: patch('paging', (current) => ({
      window: (query, total, maxLimit) => current.window({ offset: query.offset }, total, maxLimit),
    })),
  },
  {
    name: 'omitted-params-default-page',
    description: `With neither offset nor limit, only the first ${PAGE_SIZE_WHEN_OMITTED} entries are returned (a default page size).`,
    clauses: ['PAGE-ALL-WHEN-OMITTED'],
    catchBy: 'conformance',
    apply: patch('paging', (current) => ({
      window: (query, total, maxLimit) =>
        query.offset === undefined && query.limit === undefined
          ? { start: 0, count: PAGE_SIZE_WHEN_OMITTED }
          : current.window(query, total, maxLimit),
    })),
  },
  {
    name: 'offset-past-end-error',
    description: 'An offset past the last entry is answered with 400 instead of an empty page.',
    clauses: ['PAGE-OFFSET-PAST-END'],
    catchBy: 'conformance',
    apply: patch('paging', (current) => ({
      window: (query, total, maxLimit) => {
        if (query.offset !== undefined && query.offset > 0 && query.offset >= total) {
          throw new ApiError(400, 'validation', 'offset is out of range', [
            { property: 'offset', messages: [`must be less than ${total}`] },
          ]);
        }
        return current.window(query, total, maxLimit);
      },
    })),
  },
  {
    name: 'max-limit-rejected',
    description: 'A limit above the maximum is refused with 400 instead of being capped.',
    clauses: ['PAGE-MAX-LIMIT'],
    catchBy: 'conformance',
    apply: patch('paging', (current) => ({
      window: (query, total, maxLimit) => {
        if (query.limit !== undefined && query.limit > maxLimit) {
          throw new ApiError(400, 'validation', 'limit is too large', [{ property: 'limit', messages: [`must be at most ${maxLimit}`] }]);
        }
        return current.window(query, total, maxLimit);
      },
    })),
  },
] as const satisfies readonly FaultSwitch[];
