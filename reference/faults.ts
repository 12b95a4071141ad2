// Fault switches: each one a single, plausible bug a real implementation of the contract could ship,
// and the clauses a correct conformance suite must report failing when it is on. A fault changes
// the reference by wrapping or replacing ONE strategy of the behaviour table (reference/behaviour.ts);
// several faults compose in the order given.
import { createHash } from 'node:crypto';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import { enumFieldsOf } from '../src/schema/registry.ts';
import { ApiError } from './errors.ts';
import { correctBehaviour } from './behaviour.ts';
import type { Behaviour, ParameterValidator } from './behaviour.ts';
import type { Offer, Subscription } from './data/types.ts';

export type CatchBy = 'conformance' | 'fuzz' | 'both';

export interface FaultSwitch {
  name: string;
  /** What the bug is, as a partner would describe it. */
  description: string;
  /** Clauses a correct suite must report failing with this fault on. */
  clauses: readonly ClauseId[];
  /** Which of the suites is expected to catch it. */
  catchBy: CatchBy;
  /** The bug: a change to one strategy of the behaviour table. */
  apply(behaviour: Behaviour): Behaviour;
}

type Json = Record<string, unknown>;

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
function editParametersFirst(edit: (data: Record<string, unknown>) => void) {
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

/** `2024-03-01T10:00:00.000Z` rendered in UTC+01:00: `2024-03-01T11:00:00.000+01:00`. */
function withPlusOneHour(utc: string): string {
  const local = new Date(Date.parse(utc) + 3_600_000).toISOString();
  return `${local.slice(0, -1)}+01:00`;
}

const PAGE_SIZE_WHEN_OMITTED = 20;
const LONGEST_STORED_REFERENCE = 64;

/** Request fields the create schema gives an enum (subscriptionType, currency, ...). */
const ENUM_FIELDS = enumFieldsOf('subscription-create-request');

/** How a hand-written decimal check miscounts: digits after '.', in whatever String() prints. */
function naiveDecimalPlaces(n: number): number {
  return String(n).split('.')[1]?.length ?? 0;
}

function requestFieldsOf(record: Subscription): string {
  const { id: _id, status: _status, ...request } = record;
  return JSON.stringify(request);
}

export const FAULTS = [
  // ---- Offers on the wire ------------------------------------------------------------------------
  {
    name: 'offer-field-renamed',
    description: 'offerSubType is sent as offerSubtype (camel-case slip in the serializer).',
    clauses: ['OFFER-SCHEMA'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      offer: (offer) => {
        const { offerSubType, ...rest } = editable(current.offer(offer));
        return { ...rest, offerSubtype: offerSubType };
      },
    })),
  },
  {
    name: 'offer-price-as-string',
    description: 'pricingAndOrderLimits.offerPrice is sent as a string ("245.5") from a decimal column.',
    clauses: ['OFFER-SCHEMA'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      offer: (offer) => {
        const out = editable(current.offer(offer));
        const pricing = out.pricingAndOrderLimits as Json;
        pricing.offerPrice = String(pricing.offerPrice);
        return out;
      },
    })),
  },
  {
    name: 'offer-type-uppercase',
    description: 'offerType is sent in upper case ("IPO") straight from a database enum.',
    clauses: ['OFFER-ENUMS'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      offer: (offer) => {
        const out = editable(current.offer(offer));
        out.offerType = String(out.offerType).toUpperCase();
        return out;
      },
    })),
  },
  {
    name: 'timestamp-with-offset',
    description: 'Offer dates are rendered in local time with an offset (+01:00) instead of UTC with Z.',
    clauses: ['GEN-TIMESTAMP-UTC'],
    catchBy: 'conformance',
    apply: respellTimestamps({ offerDates: withPlusOneHour }),
  },
  {
    name: 'content-type-text-plain',
    description: 'Successful responses are sent as text/plain (pre-serialized strings without a content type).',
    clauses: ['GEN-JSON-CONTENT-TYPE'],
    catchBy: 'conformance',
    apply: patch('wire', () => ({ contentType: 'text/plain; charset=utf-8' })),
  },
  {
    name: 'modified-after-exclusive',
    description: 'modifiedAfter is applied as "strictly after": an offer modified at exactly that instant is left out.',
    clauses: ['OFFER-MODIFIED-AFTER'],
    catchBy: 'conformance',
    apply: patch('offers', (current) => ({
      // "on or after" one way but not the other: strictly after.
      modifiedOnOrAfter: (lastModifiedOn, instant) =>
        current.modifiedOnOrAfter(lastModifiedOn, instant) && !current.modifiedOnOrAfter(instant, lastModifiedOn),
    })),
  },
  {
    name: 'modified-after-ignored',
    description: 'GET /offer ignores modifiedAfter: every offer comes back, those modified long before the instant too.',
    clauses: ['OFFER-MODIFIED-AFTER'],
    catchBy: 'conformance',
    apply: patch('offers', () => ({ modifiedOnOrAfter: () => true })),
  },
  {
    name: 'unknown-offer-empty-200',
    description: 'GET /offer/{offerId} for an unknown id answers 200 with an empty object.',
    clauses: ['OFFER-UNKNOWN-ID'],
    catchBy: 'conformance',
    apply: patch('offers', () => ({ missing: () => ({}) })),
  },

  // ---- Allocations ---------------------------------------------------------------------------------
  {
    name: 'allocation-count-off-by-one',
    description: 'allocationCount is one more than the number of allocations (counts a header row).',
    clauses: ['ALLOC-COUNT'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      allocation: (record) => {
        const out = editable(current.allocation(record));
        if (typeof out.allocationCount === 'number') out.allocationCount += 1;
        return out;
      },
    })),
  },
  {
    name: 'allocation-currency-lowercase',
    description: 'priceCurrency is sent in lower case ("gbp").',
    clauses: ['ALLOC-SCHEMA'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      allocation: (record) => {
        const out = editable(current.allocation(record));
        out.priceCurrency = String(out.priceCurrency).toLowerCase();
        return out;
      },
    })),
  },

  // ---- Pagination ----------------------------------------------------------------------------------
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

  // ---- Authentication ------------------------------------------------------------------------------
  {
    name: 'secret-not-checked',
    description: 'The service-api-secret header is never checked: missing or wrong secrets are accepted.',
    clauses: ['AUTH-SECRET'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected) => current.verify({ ...presented, secret: expected.secret }, expected),
    })),
  },
  {
    name: 'subscription-key-not-checked',
    description: 'The service-api-subscription header is never checked: missing or wrong keys are accepted.',
    clauses: ['AUTH-SUBSCRIPTION-KEY'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({
      verify: (presented, expected) => current.verify({ ...presented, subscriptionKey: expected.subscriptionKey }, expected),
    })),
  },
  {
    name: 'auth-error-plain-text',
    description: 'Refused credentials get a text/plain "Unauthorized" body instead of the JSON error body.',
    clauses: ['AUTH-ERROR-BODY'],
    catchBy: 'conformance',
    apply: patch('errors', (current) => ({
      render: (shape, error) =>
        error.kind === 'auth' ? { contentType: 'text/plain; charset=utf-8', body: 'Unauthorized' } : current.render(shape, error),
    })),
  },
  {
    name: 'health-status-only',
    description: 'The health check answers only { "status": "ok" }, without info, error and details.',
    clauses: ['HEALTH-SCHEMA'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      health: (result) => ({ status: editable(current.health(result)).status }),
    })),
  },
  {
    name: 'health-requires-credentials',
    description: 'The health check sits behind the credential check like every other route.',
    clauses: ['HEALTH-NO-CREDENTIALS'],
    catchBy: 'conformance',
    apply: patch('auth', () => ({ isPublic: () => false })),
  },

  // ---- Create: validation --------------------------------------------------------------------------
  {
    name: 'seven-decimals-accepted',
    description: 'amountRequested is checked for at most 7 decimal places (off by one), counted on String(n).',
    clauses: ['SUB-CREATE-DECIMALS'],
    catchBy: 'both',
    apply: patch('subscriptions', (current) => ({
      validate: (body) => {
        if (isRecord(body) && typeof body.amountRequested === 'number' && naiveDecimalPlaces(body.amountRequested) <= 7) {
          const amount = body.amountRequested;
          const result = current.validate({ ...body, amountRequested: Math.trunc(amount) });
          return result.ok ? { ok: true, request: { ...result.request, amountRequested: amount } } : result;
        }
        return current.validate(body);
      },
    })),
  },
  {
    name: 'enum-case-insensitive',
    description: 'Enum values are matched ignoring case: "Retail" or "gbp" is accepted (and stored normalised).',
    clauses: ['SUB-CREATE-VALIDATION'],
    catchBy: 'both',
    apply: patch('subscriptions', (current) => ({
      validate: (body) => {
        if (!isRecord(body)) return current.validate(body);
        const normalised: Json = { ...body };
        for (const [field, values] of ENUM_FIELDS) {
          const value = body[field];
          if (typeof value !== 'string') continue;
          const match = values.find((v) => v.toLowerCase() === value.toLowerCase());
          if (match !== undefined) normalised[field] = match;
        }
        return current.validate(normalised);
      },
    })),
  },
  {
    name: 'missing-field-defaulted',
    description: 'A create body without currency is not refused: currency silently defaults to GBP.',
    clauses: ['SUB-CREATE-VALIDATION'],
    catchBy: 'both',
    apply: patch('subscriptions', (current) => ({
      validate: (body) => current.validate(isRecord(body) && !Object.hasOwn(body, 'currency') ? { ...body, currency: 'GBP' } : body),
    })),
  },
  {
    name: 'server-error-on-bad-enum',
    description: 'An enum value outside the list crashes the code lookup before validation: 500 instead of 400.',
    clauses: ['GEN-FAILURE-4XX'],
    catchBy: 'both',
    apply: patch('subscriptions', (current) => ({
      validate: (body) => {
        if (isRecord(body)) {
          for (const [field, values] of ENUM_FIELDS) {
            const value = body[field];
            // A lookup table indexed by the raw value: an unknown value reads a property of undefined.
            if (typeof value === 'string' && !values.includes(value)) {
              throw new TypeError(`Cannot read properties of undefined (reading 'code') [${field}]`);
            }
          }
        }
        return current.validate(body);
      },
    })),
  },
  {
    name: 'server-error-on-long-reference',
    description: `clientSubscriptionReference or investorReference longer than ${LONGEST_STORED_REFERENCE} characters overflows a database column: 500.`,
    clauses: ['GEN-FAILURE-4XX'],
    catchBy: 'fuzz',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) => {
        const longest = Math.max(record.clientSubscriptionReference?.length ?? 0, record.investorReference?.length ?? 0);
        if (longest > LONGEST_STORED_REFERENCE) {
          throw new RangeError(`value too long for type character varying(${LONGEST_STORED_REFERENCE})`);
        }
        return current.insert(store, record);
      },
    })),
  },
  {
    name: 'unknown-offer-accepted',
    description: 'The offer is not looked up on create: an order for an unknown offerId is recorded as accepted.',
    clauses: ['SUB-CREATE-UNKNOWN-OFFER'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      resolveOffer: (offers, offerId) => current.resolveOffer(offers, offerId) ?? unlimitedOpenOffer(offers, offerId),
    })),
  },

  // ---- Create: recording ----------------------------------------------------------------------------
  {
    name: 'defaults-not-applied',
    description: 'With neither subscriptionType nor subscriptionCategory, no defaults are set: both are missing from the record.',
    clauses: ['SUB-CREATE-DEFAULTS'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({ applyDefaults: (request) => request })),
  },
  {
    name: 'duplicate-detection',
    description: 'An identical body is treated as a retry: the earlier record is returned instead of a new one.',
    clauses: ['SUB-CREATE-NO-DEDUP'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) => {
        const fields = requestFieldsOf(record);
        return store.all().find((existing) => requestFieldsOf(existing) === fields) ?? current.insert(store, record);
      },
    })),
  },
  {
    name: 'order-limits-not-enforced',
    description: 'Orders outside hardMinLimit..hardMaxLimit are accepted (only closed offers reject).',
    clauses: ['SUB-CREATE-ORDER-LIMITS'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      outcome: (request, offer) => current.outcome({ ...request, amountRequested: offer.pricingAndOrderLimits.hardMinLimit }, offer),
    })),
  },
  {
    name: 'amount-rounded-in-echo',
    description: 'amountRequested is stored in a 2-decimal money column: 1234.567 comes back as 1234.57.',
    clauses: ['SUB-CREATE-ECHO'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) => current.insert(store, { ...record, amountRequested: Math.round(record.amountRequested * 100) / 100 }),
    })),
  },
  {
    name: 'timestamp-read-as-local-time',
    description:
      'clientSubscriptionTimestamp is parsed without its Z and stored as local time in UTC+01:00: 09:30:00Z comes back as 08:30:00Z.',
    clauses: ['SUB-CREATE-ECHO'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) =>
        current.insert(store, {
          ...record,
          clientSubscriptionTimestamp: new Date(Date.parse(record.clientSubscriptionTimestamp) - 3_600_000).toISOString(),
        }),
    })),
  },
  {
    name: 'status-uppercase',
    description: 'Subscription status is sent in upper case ("ACCEPTED").',
    clauses: ['SUB-STATUS-ENUM'],
    catchBy: 'conformance',
    apply: patch('wire', (current) => ({
      subscription: (record) => {
        const out = editable(current.subscription(record));
        out.status = String(out.status).toUpperCase();
        return out;
      },
    })),
  },

  // ---- List, cancel ---------------------------------------------------------------------------------
  {
    name: 'offer-filter-ignored',
    description: 'GET /subscription ignores the offerId filter and lists every subscription.',
    clauses: ['SUB-LIST-OFFER-FILTER'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({ forOffer: (records) => records })),
  },
  {
    name: 'cancel-not-persisted',
    description: 'Cancel answers with status cancelled but never saves it: the next read still says accepted.',
    clauses: ['SUB-CANCEL'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => {
        const before = store.get(id);
        const answer = current.cancel(store, id);
        if (before) store.put(before);
        return answer;
      },
    })),
  },
  {
    name: 'cancel-unknown-200',
    description: 'Cancelling an unknown id answers 200 (an UPDATE that matched no row is not checked).',
    clauses: ['SUB-CANCEL-UNKNOWN-ID'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => (store.get(id) ? current.cancel(store, id) : { id, status: 'cancelled' }),
    })),
  },

  // ---- Error bodies ----------------------------------------------------------------------------------
  {
    name: 'create-error-list-shape',
    description: 'Create and cancel errors use the list/get body ({ error, message }) instead of { status, errors, message }.',
    clauses: ['ERR-CREATE-CANCEL-BODY'],
    catchBy: 'conformance',
    apply: patch('errors', (current) => ({ render: (_shape, error) => current.render('read', error) })),
  },
  {
    name: 'bad-request-message',
    description: 'A 400 carries the message "Validation failed" instead of "Bad Request".',
    clauses: ['ERR-400-MESSAGE'],
    catchBy: 'conformance',
    apply: patch('errors', (current) => ({
      render: (shape, error) => {
        const rendered = current.render(shape, error);
        if (error.statusCode !== 400) return rendered;
        const body = JSON.parse(rendered.body) as Json;
        return { ...rendered, body: JSON.stringify({ ...body, message: 'Validation failed' }) };
      },
    })),
  },

  // ---- Verdicts (issue 15): run-wide ids, list against get, every enum value -------------------------
  {
    name: 'id-per-offer-sequence',
    description: 'Subscription ids come from a per-offer sequence (SUB-000001 on every offer): orders on two offers get the same id.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({
      newId: (store, request) => `SUB-${String(store.all().filter((r) => r.offerId === request.offerId).length + 1).padStart(6, '0')}`,
    })),
  },
  {
    name: 'list-stale-after-cancel',
    description:
      'GET /subscription is served from a copy written at create and never updated: a cancelled record is still listed as accepted.',
    clauses: ['SUB-LIST-MATCHES-GET'],
    catchBy: 'conformance',
    apply: (behaviour) => {
      const asCreated = new Map<string, Subscription>(); // one copy per server instance
      return patch('subscriptions', (current) => ({
        insert: async (store, record) => {
          const stored = await current.insert(store, record);
          asCreated.set(stored.id, stored);
          return stored;
        },
        forOffer: (records, offerId) => current.forOffer(records, offerId).map((r) => asCreated.get(r.id) ?? r),
      }))(behaviour);
    },
  },
  {
    name: 'enum-value-with-slash-refused',
    description:
      'subscriptionCategory "ecp/institutional" is refused with 400: enum values are checked against a pattern ^[a-z_]+$ that forgets the slash.',
    clauses: ['SUB-CREATE-ENUM-VALUES'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      validate: (body) =>
        isRecord(body) && typeof body.subscriptionCategory === 'string' && !/^[a-z_]+$/.test(body.subscriptionCategory)
          ? { ok: false, errors: [{ property: 'subscriptionCategory', messages: ['must match pattern "^[a-z_]+$"'] }] }
          : current.validate(body),
    })),
  },

  // ---- Sequences (issue 12): deviations that only a sequence of calls shows --------------------------
  {
    name: 'get-cached-after-cancel',
    description:
      'GET /subscription/{id} is served from a read-through cache filled at the first read and not invalidated by cancel: after a cancel, get says accepted while the list says cancelled.',
    clauses: ['SUB-LIST-MATCHES-GET'],
    catchBy: 'fuzz',
    apply: (behaviour) => {
      const cache = new Map<string, Subscription>(); // one cache per server instance
      return patch('subscriptions', (current) => ({
        lookup: (store, id) => {
          const cached = cache.get(id);
          if (cached) return cached;
          const record = current.lookup(store, id);
          if (record) cache.set(id, record);
          return record;
        },
      }))(behaviour);
    },
  },
  {
    name: 'id-reused-by-overlapping-creates',
    description:
      'The id comes from a sequence read before a 25 ms database write and advanced after it: creates one after another get their own ids, two creates in flight together get the same one, and the second overwrites the first.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'fuzz',
    apply: (behaviour) => {
      let next = 1; // one sequence per server instance
      return patch('subscriptions', () => ({
        newId: () => `SUB-${String(next).padStart(6, '0')}`,
        insert: async (store, record) => {
          await new Promise((resolve) => setTimeout(resolve, 25));
          next += 1;
          store.put(record);
          return record;
        },
      }))(behaviour);
    },
  },
  {
    name: 'id-from-live-count',
    description:
      'A new id is "SUB-" + the number of live (not cancelled) records + 1: after a cancel, the next create gets the id of an existing record and overwrites it.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'fuzz',
    apply: patch('subscriptions', () => ({
      newId: (store) => `SUB-${String(store.all().filter((r) => r.status !== 'cancelled').length + 1).padStart(6, '0')}`,
    })),
  },
  {
    name: 'cancel-toggles',
    description:
      'Cancel flips a flag (is_cancelled = NOT is_cancelled): a second cancel turns a cancelled record back into accepted, answered 200.',
    clauses: ['SUB-CANCELLED-STAYS'],
    catchBy: 'fuzz',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => {
        const record = store.get(id);
        if (record?.status !== 'cancelled') return current.cancel(store, id);
        const restored: Subscription = { ...record, status: 'accepted' };
        store.put(restored);
        return restored;
      },
    })),
  },
  {
    name: 'list-order-rotates',
    description:
      'GET /subscription has no ORDER BY and reads from a ring buffer whose start advances on every call: two reads of an unchanged list give it in different orders.',
    clauses: ['PAGE-STABLE-ORDER'],
    catchBy: 'fuzz',
    apply: (behaviour) => {
      let reads = 0; // one cursor per server instance
      return patch('subscriptions', (current) => ({
        forOffer: (records, offerId) => {
          const listed = current.forOffer(records, offerId);
          const start = listed.length === 0 ? 0 : reads++ % listed.length;
          return [...listed.slice(start), ...listed.slice(0, start)];
        },
      }))(behaviour);
    },
  },

  // ---- Verdicts, round three (issue 31) ---------------------------------------------------------------
  {
    name: 'offers-order-unstable',
    description:
      'GET /offer has no ORDER BY and is answered by whichever of several replicas is free, each holding the rows in its own order: the same offers, each unchanged, come back in another order from one read to the next.',
    clauses: ['PAGE-STABLE-ORDER'],
    catchBy: 'both',
    apply: (behaviour) => {
      let reads = 0; // one counter per server instance
      return patch('offers', (current) => ({
        published: (seed, startedAt, now) => shuffled(current.published(seed, startedAt, now), ++reads),
      }))(behaviour);
    },
  },
  {
    name: 'id-sequence-per-connection',
    description:
      'Each connection gets its own session with its own id sequence (SUB-000001, SUB-000002, ... on every connection): creates on one connection get ids of their own, but a second client (another worker, another process) is given the ids the first already carries.',
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'conformance',
    apply: (behaviour) => {
      const sequences = new Map<number, number>(); // per server instance: the next id of each connection
      return patch('subscriptions', () => ({
        newId: (_store, _request, caller) => {
          const next = (sequences.get(caller.connection) ?? 0) + 1;
          sequences.set(caller.connection, next);
          return `SUB-${String(next).padStart(6, '0')}`;
        },
      }))(behaviour);
    },
  },
  {
    name: 'id-from-client-reference',
    description:
      "The id is a digest of the partner's clientSubscriptionReference, as if the reference were an idempotency key: two different orders carrying the same reference (sent from different workers, days apart, or by two desks of one partner) get one id, and the second overwrites the first.",
    clauses: ['SUB-CREATE-ID'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      newId: (store, request, caller) => {
        if (request.clientSubscriptionReference === undefined) return current.newId(store, request, caller);
        const hex = createHash('sha256').update(`ref:${request.clientSubscriptionReference}`).digest('hex');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
      },
    })),
  },
  {
    name: 'records-shared-across-partners',
    description:
      "Subscriptions are kept in one table without the partner: GET /subscription?offerId=, GET /subscription/{id} and cancel find every partner's records, so a partner reads, lists and cancels another partner's subscriptions.",
    clauses: ['SEC-PARTNER-ISOLATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', () => ({ recordsOf: (store) => store.unscoped() })),
  },
  {
    name: 'cancel-ignores-partner',
    description:
      "Reads and lists are scoped to the partner, but cancel looks the record up by id alone: a partner cancels another partner's subscription (answered 200, the record cancelled).",
    clauses: ['SEC-PARTNER-ISOLATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({ cancel: (store, id) => current.cancel(store.unscoped(), id) })),
  },

  // ---- Requests the suite must send (issue 31): every operation's credentials, filters with paging, strict types ----
  {
    name: 'cancel-skips-credentials',
    description:
      'The cancel route is registered outside the scope that checks credentials: a cancel with no, or wrong, credentials cancels the record.',
    clauses: ['AUTH-CANCEL'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({ isPublic: (operation) => operation === 'cancelSubscription' || current.isPublic(operation) })),
  },
  {
    name: 'get-subscription-skips-credentials',
    description: 'GET /subscription/{id} is served by a handler mounted before the credential check: anyone can read a record by its id.',
    clauses: ['AUTH-REQUIRED'],
    catchBy: 'conformance',
    apply: patch('auth', (current) => ({ isPublic: (operation) => operation === 'getSubscription' || current.isPublic(operation) })),
  },
  {
    name: 'modified-after-paged-first',
    description: 'GET /offer cuts the page (offset, limit) before it applies modifiedAfter: filtered pages come back short or empty.',
    clauses: ['PAGE-WALK'],
    catchBy: 'conformance',
    apply: patch('offers', () => ({
      select: (count, kept, window) => {
        const { start, count: most } = window(count);
        return Array.from({ length: count }, (_, i) => i)
          .slice(start, most === Infinity ? undefined : start + most)
          .filter(kept);
      },
    })),
  },
  {
    name: 'investor-reference-uppercased',
    description: 'investorReference is normalised to upper case before it is stored: "ab123456c" comes back as "AB123456C".',
    clauses: ['SUB-CREATE-ECHO'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      insert: (store, record) =>
        current.insert(
          store,
          record.investorReference === undefined ? record : { ...record, investorReference: record.investorReference.toUpperCase() },
        ),
    })),
  },
  {
    name: 'boolean-strings-accepted',
    description: 'isExistingShareholder and isIssuerEmployee given as "true" or "false" are converted to booleans instead of refused.',
    clauses: ['SUB-CREATE-VALIDATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      validate: (body) => {
        if (!isRecord(body)) return current.validate(body);
        const converted: Json = { ...body };
        for (const field of ['isExistingShareholder', 'isIssuerEmployee'])
          if (body[field] === 'true' || body[field] === 'false') converted[field] = body[field] === 'true';
        return current.validate(converted);
      },
    })),
  },

  // ---- Invalid input that is accepted (issue 31) ------------------------------------------------------------
  {
    name: 'unparseable-modified-after-ignored',
    description: 'A modifiedAfter that does not parse as a date is dropped (a lenient date parser returns null): 200 with every offer.',
    clauses: ['GEN-QUERY-INVALID'],
    catchBy: 'conformance',
    apply: editParametersFirst((data) => {
      if (typeof data.modifiedAfter === 'string' && Number.isNaN(Date.parse(data.modifiedAfter))) delete data.modifiedAfter;
    }),
  },
  {
    name: 'repeated-page-param-last-wins',
    description: 'A repeated offset or limit (offset=0&offset=5) is not refused: the last value wins, as a naive query parser does.',
    clauses: ['GEN-QUERY-INVALID'],
    catchBy: 'conformance',
    apply: editParametersFirst((data) => {
      for (const key of ['offset', 'limit']) if (Array.isArray(data[key])) data[key] = (data[key] as unknown[]).at(-1);
    }),
  },
  {
    name: 'missing-timestamp-stamped',
    description: 'A create without clientSubscriptionTimestamp is not refused: the service stamps it with its own clock.',
    clauses: ['SUB-CREATE-VALIDATION'],
    catchBy: 'conformance',
    apply: patch('subscriptions', (current) => ({
      validate: (body) =>
        current.validate(
          isRecord(body) && !Object.hasOwn(body, 'clientSubscriptionTimestamp')
            ? { ...body, clientSubscriptionTimestamp: new Date().toISOString() }
            : body,
        ),
    })),
  },
] as const satisfies readonly FaultSwitch[];

export type FaultName = (typeof FAULTS)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);

/** The correct reference changes nothing; an unknown fault never runs silently as a correct server. */
export class UnknownFaultError extends Error {
  constructor(names: readonly string[]) {
    super(`Unknown fault switch ${names.map((n) => JSON.stringify(n)).join(', ')}. Valid names: ${FAULT_NAMES.join(', ')}`);
    this.name = 'UnknownFaultError';
  }
}

export function faultByName(name: string): FaultSwitch | undefined {
  return (FAULTS as readonly FaultSwitch[]).find((f) => f.name === name);
}

/** The behaviour of a reference with these faults on (none: the correct reference), over a base (variations). */
export function behaviourWith(faultNames: readonly string[] = [], base: Behaviour = correctBehaviour()): Behaviour {
  const unknown = faultNames.filter((name) => !faultByName(name));
  if (unknown.length > 0) throw new UnknownFaultError(unknown);
  return faultNames.reduce((behaviour, name) => faultByName(name)!.apply(behaviour), base);
}

// ---- helpers of individual faults ----------------------------------------------------------------

/** What a create without an offer lookup works with: an open offer without order limits. */
function unlimitedOpenOffer(offers: ReadonlyMap<string, Offer>, offerId: string): Offer {
  const template = [...offers.values()].find((o) => o.details.status === 'open_for_subscription')!;
  return {
    ...template,
    id: offerId,
    pricingAndOrderLimits: { ...template.pricingAndOrderLimits, hardMinLimit: 0, hardMaxLimit: Number.MAX_VALUE },
  };
}

/** A copy of `items` in an order drawn from `seed` (Fisher-Yates over a small LCG): another order for another seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = (seed * 2_654_435_761) >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
