// offset/limit as the contract's Limits section says: zero-based offset, limit = most entries,
// both omitted = everything, a limit above the maximum capped (the window strategy lives in the
// behaviour table). Query values arrive as strings; the schemas here refuse anything but digits,
// so negative, fractional, empty, repeated or non-numeric values get a 400, never a guess.
import type { PageQuery, PageWindow } from './behaviour.ts';

export const NON_NEGATIVE_INTEGER = { type: 'string', pattern: '^[0-9]+$', description: 'a non-negative integer' } as const;

export const pageQueryProperties = { offset: NON_NEGATIVE_INTEGER, limit: NON_NEGATIVE_INTEGER } as const;

export interface RawPageQuery {
  offset?: string;
  limit?: string;
}

export function pageQuery(raw: RawPageQuery): PageQuery {
  const query: PageQuery = {};
  if (raw.offset !== undefined) query.offset = Number(raw.offset);
  if (raw.limit !== undefined) query.limit = Number(raw.limit);
  return query;
}

export function slicePage<T>(items: readonly T[], window: PageWindow): T[] {
  return items.slice(window.start, window.count === Infinity ? undefined : window.start + window.count);
}
