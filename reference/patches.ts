// Patch helpers: how a fault or a variation changes one strategy of the behaviour table
// (reference/behaviour.ts), and edits of the JSON a strategy sends. Shared by reference/faults/ and reference/variations.ts.
import type { Behaviour, ParameterValidator } from './behaviour.ts';

export type Json = Record<string, unknown>;

/** Replaces some strategies of one kind of effect; `current` lets a fault wrap what was there. */
export function patch<K extends keyof Behaviour>(kind: K, change: (current: Behaviour[K]) => Partial<Behaviour[K]>) {
  return (behaviour: Behaviour): Behaviour => {
    const next = { ...behaviour };
    next[kind] = { ...behaviour[kind], ...change(behaviour[kind]) };
    return next;
  };
}

/** A deep copy of a JSON value as a plain object, for faults that edit what goes out. */
export function editable(value: unknown): Json {
  return structuredClone(value) as Json;
}

/** How a server spells the timestamps it sends, per kind: offer dates, allocatedOn, the echoed clientSubscriptionTimestamp. */
export interface TimestampSpelling {
  offerDates?: (utc: string) => string;
  allocatedOn?: (utc: string) => string;
  clientSubscriptionTimestamp?: (utc: string) => string;
}

/** A wire patch that respells the timestamps of every body it renders (kinds without a spelling are left as they are). */
export function respellTimestamps(spell: TimestampSpelling) {
  return patch('wire', (current) => ({
    ...(spell.offerDates && {
      offer: (offer) => {
        const out = editable(current.offer(offer));
        const dates = out.dates as Record<string, string>;
        for (const key of Object.keys(dates)) dates[key] = spell.offerDates!(dates[key]);
        return out;
      },
    }),
    ...(spell.allocatedOn && {
      allocation: (record) => {
        const out = editable(current.allocation(record));
        for (const item of out.allocations as Json[])
          if (typeof item.allocatedOn === 'string') item.allocatedOn = spell.allocatedOn!(item.allocatedOn);
        return out;
      },
    }),
    ...(spell.clientSubscriptionTimestamp && {
      subscription: (record) => {
        const out = editable(current.subscription(record));
        if (typeof out.clientSubscriptionTimestamp === 'string')
          out.clientSubscriptionTimestamp = spell.clientSubscriptionTimestamp!(out.clientSubscriptionTimestamp);
        return out;
      },
    }),
  }));
}

/** A parameters patch that edits the query (or path parameters) as parsed before the route's validator sees them. */
export function editParametersFirst(edit: (data: Record<string, unknown>) => void) {
  return patch('parameters', (current) => ({
    validator: (strict) => {
      const validate = current.validator(strict);
      const edited: ParameterValidator = (data) => {
        edit(data);
        const ok = validate(data);
        edited.errors = validate.errors;
        return ok;
      };
      return edited;
    },
  }));
}

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A protocol patch: status codes, routes, headers and pacing as `change` sets them. */
export const protocol = (change: Partial<Behaviour['protocol']>) => patch('protocol', () => change);
