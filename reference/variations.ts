// Legitimate-variation switches: each one a different choice the contract allows (a "not shown" item
// taken the other plausible way, or a representation the contract does not pin). The counterpart of
// reference/faults.ts: a correct suite must PASS against every one of them, given only the routes
// (what an operator publishes: `routesOnlyProfile`). A variation changes the behaviour table like a
// fault does; several compose in the order given, and faults apply on top.
import { createHash } from 'node:crypto';
import { correctBehaviour } from './behaviour.ts';
import type { Behaviour, ServedRoute } from './behaviour.ts';
import type { AllocationRecord, Offer, Subscription, SubscriptionRequest } from './data/types.ts';
import { ApiError, type listGetBody } from './errors.ts';
import { editable, isRecord, patch, respellTimestamps } from './faults.ts';
import { CATEGORY_OF_TYPE, type SubscriptionType } from '../src/contract/vocabulary.ts';
import type { TargetProfile } from '../src/config/target-profile.ts';

export interface VariationSwitch {
  name: string;
  /** The choice, as an operator would describe it. */
  description: string;
  /** The behaviour with this choice made. */
  apply(behaviour: Behaviour): Behaviour;
  /** Too slow to run under every suite alone (rate limit, latency): the self-test runs it in a slow composite. */
  slow?: boolean;
}

type Json = Record<string, unknown>;

/** Rebuilds every object of a JSON value with `edit` applied (children first). */
function everyObject(value: unknown, edit: (object: Json) => Json): unknown {
  if (Array.isArray(value)) return value.map((item) => everyObject(item, edit));
  if (!isRecord(value)) return value;
  return edit(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyObject(v, edit)])));
}

/** Wraps every wire strategy and the error renderer with one edit of the JSON value sent. */
function everyBody(edit: (value: unknown) => unknown) {
  return (behaviour: Behaviour): Behaviour => {
    const { wire, errors } = behaviour;
    return {
      ...behaviour,
      wire: {
        ...wire,
        offer: (offer) => edit(wire.offer(offer)),
        allocation: (record) => edit(wire.allocation(record)),
        subscription: (record) => edit(wire.subscription(record)),
        health: (result) => edit(wire.health(result)),
      },
      errors: {
        render: (shape, error) => {
          const rendered = errors.render(shape, error);
          return { ...rendered, body: JSON.stringify(edit(JSON.parse(rendered.body))) };
        },
      },
    };
  };
}

const FRACTION = /\.\d+Z$/;
/** `2026-01-01T10:00:00.123Z` -> `2026-01-01T10:00:00Z`: a server that keeps whole seconds. */
const toSeconds = (utc: string): string => utc.replace(FRACTION, 'Z');
/** `…10:00:00.123Z` -> `…10:00:00.123000Z`, `…10:00:00Z` -> `…10:00:00.000000Z`: the same instant, to the microsecond. */
const toMicroseconds = (utc: string): string => {
  const [, whole, fraction = ''] = /^(.*?)(?:\.(\d+))?Z$/.exec(utc) ?? [];
  return whole === undefined ? utc : `${whole}.${fraction.padEnd(6, '0').slice(0, 6)}Z`;
};
/** The same instant with six fractional digits and a zero offset for Z, as Python's datetime.isoformat() writes UTC. */
const toZeroOffset = (utc: string): string => toMicroseconds(utc).replace(/Z$/, '+00:00');
/** Drops only an all-zero fraction: the same instant, spelled as the contract's own example. */
const withoutZeroFraction = (utc: string): string => utc.replace(/\.0+Z$/, 'Z');

/** Number tokens of a JSON text (strings skipped) respelled: 100 -> 1e2, 7 -> 7.0; fractions as they are. */
function respellNumbers(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) => {
    if (token.startsWith('"') || !/^-?\d+$/.test(token)) return token;
    const n = Number(token);
    if (n !== 0 && n % 100 === 0) return `${n / 100}e2`;
    return `${token}.0`;
  });
}

/**
 * A compact JSON text indented two spaces, CRLF line ends and a last one. Token by token, not parsed and written
 * again: a number keeps its spelling (numbers-respelled), strings are copied as they are.
 */
function prettyPrinted(json: string): string {
  let out = '';
  let depth = 0;
  const newline = (d: number) => `\r\n${'  '.repeat(d)}`;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(json.slice(i))![0];
      out += end;
      i += end.length - 1;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      if (json[i + 1] === close) {
        out += c + close; // an empty object or array stays on its line
        i++;
      } else out += c + newline(++depth);
    } else if (c === '}' || c === ']') out += newline(--depth) + c;
    else if (c === ',') out += c + newline(depth);
    else if (c === ':') out += ': ';
    else out += c;
  }
  return `${out}\r\n`;
}

const fastifyPath = (route: ServedRoute): string => route.path.replace(/:(\w+)/g, '{$1}');

const protocol = (change: Partial<Behaviour['protocol']>) => patch('protocol', () => change);

/** UK NINO (HMRC): no D, F, I, Q, U, V in the prefix, no O second, not BG, GB, KN, NK, NT, TN, ZZ; six digits; A-D. */
const NINO = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;
/** US SSN (SSA): no area 000, 666 or 9xx, no group 00, no serial 0000, and not the numbers published as examples. */
const SSN = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;
const SSN_EXAMPLES = new Set(['078-05-1120', '219-09-9999', '123-45-6789']);
/** MiFID II CONCAT: nationality, birth date, five letters of first name and of surname, '#'-padded. */
const CONCAT = /^[A-Z]{2}\d{8}[A-Z#]{5}[A-Z#]{5}$/;

/** ISO 17442 LEI: 20 alphanumerics whose ISO 7064 MOD 97-10 remainder is 1. */
function isLei(value: string): boolean {
  if (!/^[A-Z0-9]{18}\d{2}$/.test(value)) return false;
  return BigInt(value.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n;
}

/** Whether `reference` is of the kind `type` names, by the issuer's rules where the kind has them (variation investor-references-checked). */
export function isInvestorReferenceOf(type: string, reference: string): boolean {
  if (type === 'nino') return NINO.test(reference);
  if (type === 'lei') return isLei(reference);
  if (type === 'ssn') return SSN.test(reference) && !SSN_EXAMPLES.has(reference);
  if (type === 'concat') return CONCAT.test(reference);
  return reference.trim() !== ''; // identity card and passport numbers, other: any kind of text, but some
}

/** A community offering of variation community-offers: half the offers, by a stable digest of the id. */
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

const isCommunityOffering = (offerId: string) => createHash('sha256').update(offerId).digest()[0] % 2 === 0;
/** An offer of variation offers-priced-beyond-enum: a third of the offers, by another byte of the same digest. */
const isPricedInSwissFrancs = (offerId: string) => createHash('sha256').update(offerId).digest()[1] % 3 === 0;

/** Subscription records answered without these fields (each optional in a response). */
const recordsWithout = (...fields: string[]) =>
  patch('wire', (current) => ({
    subscription: (record) => {
      const out = editable(current.subscription(record));
      for (const field of fields) delete out[field];
      return out;
    },
  }));

/** One more check of a create body the schema takes: `why` gives the reason it is refused with 400, or null. */
const refusing = (property: string, why: (request: SubscriptionRequest) => string | null) =>
  patch('subscriptions', (current) => ({
    validate: (body) => {
      const checked = current.validate(body);
      const reason = checked.ok ? why(checked.request) : null;
      return reason === null ? checked : { ok: false, errors: [{ property, messages: [reason] }] };
    },
  }));

export const VARIATIONS = [
  // ---- "Not shown" items taken the other plausible way ----------------------------------------------
  {
    name: 'create-200',
    description: 'A create is answered 200 (not 201).',
    apply: protocol({ createStatus: 200 }),
  },
  {
    name: 'create-202',
    description: 'A create is answered 202 Accepted with the record, as a service that takes an order for processing does (not 201).',
    apply: protocol({ createStatus: 202 }),
  },
  {
    name: 'credentials-403',
    description: 'Missing and wrong credentials are answered 403 (not 401).',
    apply: protocol({ missingCredentialsStatus: 403, wrongCredentialsStatus: 403 }),
  },
  {
    name: 'unknown-id-400',
    description: 'An unknown offer or subscription id is answered 400 (not 404).',
    apply: protocol({ unknownIdStatus: 400 }),
  },
  {
    name: 'validation-422',
    description:
      'An invalid request (a body, a query or a path parameter the service refuses, malformed JSON too) is answered 422 Unprocessable Content, as FastAPI and Rails answer one (not 400: "Failure: 4xx").',
    apply: protocol({ validationStatus: 422 }),
  },
  {
    name: 'cancel-by-delete',
    description: 'Cancel is DELETE /subscription/{subscriptionId} (not POST .../cancel).',
    apply: protocol({ cancelRoute: { method: 'DELETE', path: '/subscription/:subscriptionId' } }),
  },
  {
    name: 'cancel-204',
    description: 'A successful cancel is answered 204 No Content, with no body and no content-type (not 200 with the record).',
    apply: protocol({ cancelAnswer: 'no-content' }),
  },
  {
    name: 'cancel-answers-message',
    description:
      'A successful cancel is answered 200 with a JSON message ({"message": "Subscription ... cancelled"}), not the record (the success response is not shown).',
    apply: protocol({ cancelAnswer: 'message' }),
  },
  {
    name: 'cancel-async-202',
    description:
      'A cancel is answered 202 Accepted with no body and takes effect 300 ms later, as a queue would (the success response is not shown); a cancel of a record whose cancel is still pending is answered 202 again.',
    slow: true,
    apply: (behaviour) => {
      const pending = new Set<string>();
      const next = protocol({ cancelAnswer: 'accepted' })(behaviour);
      return patch('subscriptions', (current) => ({
        cancel: (store, id) => {
          const record = store.get(id);
          if (record && pending.has(id)) return record;
          // The checks a cancel makes (unknown id, not cancellable) answer at once; the change itself comes later.
          const before = record ? { ...record } : undefined;
          const view = current.cancel(store, id);
          if (before) {
            store.put(before);
            pending.add(id);
            setTimeout(() => {
              pending.delete(id);
              current.cancel(store, id);
            }, 300).unref();
          }
          return view;
        },
      }))(next);
    },
  },
  {
    name: 'health-elsewhere',
    description: 'The health check is GET /status/health (not /health).',
    apply: protocol({ healthRoute: { method: 'GET', path: '/status/health' } }),
  },
  {
    name: 'cancel-idempotent',
    description: 'Cancelling a cancelled subscription answers 200 with the record (not 409).',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => {
        const record = store.get(id);
        return record?.status === 'cancelled' ? record : current.cancel(store, id);
      },
    })),
  },
  {
    name: 'subscriptions-newest-first',
    description:
      'GET /subscription lists the newest record first (the order of a list is not shown): a record created between two page reads moves every later one down a place.',
    apply: patch('subscriptions', (current) => ({
      forOffer: (records, offerId) => [...current.forOffer(records, offerId)].reverse(),
    })),
  },
  {
    name: 'ids-opaque',
    description:
      'Subscription ids are not UUIDs: a sequence and a random part with characters a path must encode ("sub:2026/000042+k3f9"); the contract says only "Generated by the service, unique".',
    apply: (behaviour) => {
      let next = 0; // one sequence per server instance
      return patch('subscriptions', () => ({
        newId: () => `sub:2026/${String(++next).padStart(6, '0')}+${Math.random().toString(36).slice(2, 6)}`,
      }))(behaviour);
    },
  },
  {
    name: 'investor-identity-withheld',
    description:
      'Records are answered without investorReferenceType, investorReference and membershipCode (personal data and an access code kept, not sent back); the contract makes these fields optional in a response.',
    apply: recordsWithout('investorReferenceType', 'investorReference', 'membershipCode'),
  },
  {
    name: 'category-not-returned',
    description:
      'Records are answered without subscriptionCategory, as an API that added it to requests only would (optional in a response); the default a create gets shows in subscriptionType alone.',
    apply: recordsWithout('subscriptionCategory'),
  },
  {
    name: 'investor-references-checked',
    description:
      'investorReference is checked against its investorReferenceType ("Investor reference of the kind given"): a NINO by HMRC\'s rules, an LEI by its check digits, an SSN by the SSA\'s, a CONCAT by its layout; a reference of another kind is refused with 400.',
    apply: refusing('investorReference', ({ investorReferenceType: type, investorReference: reference }) =>
      type === undefined || reference === undefined || isInvestorReferenceOf(type, reference) ? null : `not a valid ${type}`,
    ),
  },
  {
    name: 'client-currency-gbp',
    description:
      'The client is associated with GBP ("A partner\'s client is associated with one currency; amounts in subscriptions are expressed in that currency"): a create in another currency is refused with 400, whatever the offer\'s own currency.',
    apply: refusing('currency', ({ currency }) => (currency === 'GBP' ? null : "must be GBP, the client's currency")),
  },
  {
    name: 'investor-kinds-checked',
    description:
      'An order is refused with 400 when its investor is of two kinds at once: a corporate investor ("ecp/institutional = corporate investor") identified as a person (any investorReferenceType but lei and other) or in a tax-efficient account (held by individuals), or an individual (retail, professional, or neither given) identified by an LEI (which identifies a legal entity).',
    apply: refusing('investorReferenceType', (request) => {
      const category =
        request.subscriptionCategory ??
        (request.subscriptionType ? CATEGORY_OF_TYPE[request.subscriptionType as SubscriptionType] : 'professional');
      const corporate = category === 'ecp/institutional';
      const type = request.investorReferenceType;
      if (corporate && type !== undefined && type !== 'lei' && type !== 'other')
        return `a corporate investor is not identified by a ${type}`;
      if (corporate && request.accountType === 'tax_efficient') return 'a corporate investor holds no tax-efficient account';
      if (!corporate && type === 'lei') return 'an individual investor is not identified by an LEI';
      return null;
    }),
  },
  {
    name: 'future-timestamps-refused',
    description:
      'A clientSubscriptionTimestamp more than 5 minutes ahead of the server\'s clock is refused with 400: it is the "time the order was received by the API client\'s own system", which cannot be to come.',
    apply: refusing('clientSubscriptionTimestamp', ({ clientSubscriptionTimestamp }) =>
      Date.parse(clientSubscriptionTimestamp) > Date.now() + 5 * 60_000 ? 'an order cannot be received in the future' : null,
    ),
  },
  {
    name: 'type-and-category-paired',
    description:
      'subscriptionType and subscriptionCategory must agree as the contract words them (qualified = professional, unqualified = retail, institutional = ecp/institutional); a body where they disagree is refused with 400.',
    apply: refusing('subscriptionCategory', ({ subscriptionType: type, subscriptionCategory: category }) =>
      type === undefined || category === undefined || CATEGORY_OF_TYPE[type as SubscriptionType] === category
        ? null
        : `${category} does not go with ${type}`,
    ),
  },
  {
    name: 'employees-rejected',
    description:
      "An order with isIssuerEmployee true is recorded as rejected (the issuer's own rule; which outcome under which condition is not shown).",
    apply: patch('subscriptions', (current) => ({
      outcome: (request, offer) => (request.isIssuerEmployee === true ? 'rejected' : current.outcome(request, offer)),
    })),
  },
  {
    name: 'reads-lag-300ms',
    description:
      'Reads (GET /subscription/{id}, GET /subscription) answer from a replica that shows a write 300 ms after it: a record just created is not found yet, one just cancelled still shows its old status. Writes answer at once.',
    slow: true,
    apply: (behaviour) => {
      const lagMs = 300;
      /** Per record id, its versions as written (oldest first): what a replica shows is the last one older than the lag. */
      const versions = new Map<string, Array<{ at: number; record: Subscription }>>();
      const wrote = (record: Subscription | undefined) => {
        if (!record) return;
        const list = versions.get(record.id) ?? [];
        list.push({ at: Date.now(), record });
        versions.set(record.id, list);
      };
      /** What the replica shows of a record the primary holds as `now`: a change no write hook saw (a queued cancel
       * applied later) counts from the read that first meets it. */
      const visible = (now: Subscription): Subscription | undefined => {
        const last = versions.get(now.id)?.at(-1)?.record;
        if (last === undefined || JSON.stringify(last) !== JSON.stringify(now)) wrote(now);
        return versions
          .get(now.id)
          ?.filter((v) => v.at <= Date.now() - lagMs)
          .at(-1)?.record;
      };
      return patch('subscriptions', (current) => ({
        insert: async (store, record) => {
          const stored = await current.insert(store, record);
          wrote(store.get(record.id));
          return stored;
        },
        cancel: (store, id) => {
          const answer = current.cancel(store, id);
          wrote(store.get(id));
          return answer;
        },
        lookup: (store, id) => {
          const now = current.lookup(store, id);
          return now ? visible(now) : undefined;
        },
        forOffer: (records, offerId) =>
          current
            .forOffer(records, offerId)
            .map(visible)
            .filter((r): r is Subscription => r !== undefined),
      }))(behaviour);
    },
  },
  {
    name: 'refuse-out-of-limits',
    description: 'An order outside the limits or on a closed offer is refused with 400 (not recorded as rejected).',
    apply: patch('subscriptions', (current) => ({
      // Its own condition, not "whatever the reference rejects": composed with employees-rejected, an employee's order
      // inside the limits is still a valid request, recorded (as rejected), never a 400.
      outcome: (request, offer) => {
        const { hardMinLimit, hardMaxLimit } = offer.pricingAndOrderLimits;
        const outside = request.amountRequested < hardMinLimit || request.amountRequested > hardMaxLimit;
        if (offer.details.status === 'open_for_subscription' && !outside) return current.outcome(request, offer);
        const why = "the order is outside the offer's limits or the offer is not open for subscription";
        throw new ApiError(400, 'validation', why, [{ property: 'amountRequested', messages: [why] }]);
      },
    })),
  },
  {
    name: 'orders-inside-offer-period',
    description:
      'An order whose clientSubscriptionTimestamp ("time the order was received by the API client\'s own system") is before the offer\'s offerStartDateTime or after its offerEndDateTime is refused with 400: no order for it could be received then.',
    apply: patch('subscriptions', (current) => ({
      outcome: (request, offer) => {
        const received = Date.parse(request.clientSubscriptionTimestamp);
        const { offerStartDateTime, offerEndDateTime } = offer.dates;
        if (received >= Date.parse(offerStartDateTime) && received <= Date.parse(offerEndDateTime)) return current.outcome(request, offer);
        const why = `an order for this offer can only be received between ${offerStartDateTime} and ${offerEndDateTime}`;
        throw new ApiError(400, 'validation', why, [{ property: 'clientSubscriptionTimestamp', messages: [why] }]);
      },
    })),
  },
  {
    name: 'allocations-open-empty',
    description: 'Allocations of an open offer are 200 with an empty array (not 404).',
    apply: patch('allocations', () => ({
      ofOpenOffer: (offer) => ({
        offerId: offer.id,
        price: offer.pricingAndOrderLimits.offerPrice,
        priceCurrency: offer.pricingAndOrderLimits.currency,
        allocationCount: 0,
        allocations: [],
      }),
    })),
  },
  {
    name: 'max-page-10',
    description: 'The largest page is 10 entries (larger limits are capped).',
    apply: protocol({ maxLimit: 10 }),
  },
  {
    name: 'rate-limit-5',
    description: 'At most 5 requests per second per client, then 429 with Retry-After and a JSON error body.',
    apply: protocol({ rateLimit: 5 }),
    slow: true,
  },
  {
    name: 'retry-after-date',
    description: 'Retry-After is an HTTP date (RFC 9110), under a rate limit of 5 requests per second.',
    apply: protocol({ retryAfter: 'http-date', rateLimit: 5 }),
    slow: true,
  },
  {
    name: 'rate-limit-no-retry-after',
    description:
      'A 429 without Retry-After (the header is not promised: rate limits are not shown), under a rate limit of 5 requests per second.',
    apply: protocol({ retryAfter: 'none', rateLimit: 5 }),
    slow: true,
  },
  {
    name: 'latency-200ms',
    description: 'Every answer takes 200 ms more.',
    apply: protocol({ latencyMs: 200 }),
    slow: true,
  },
  // ---- Representations the contract does not pin -----------------------------------------------------
  {
    name: 'timestamps-without-ms',
    description: 'Timestamps are written without milliseconds (2026-01-01T10:00:00Z), stored to the second.',
    apply: (behaviour) => {
      const next = respellTimestamps({ offerDates: toSeconds, allocatedOn: toSeconds, clientSubscriptionTimestamp: withoutZeroFraction })(
        behaviour,
      );
      // modifiedAfter compares the instant the server keeps (whole seconds), the one it shows.
      return patch('offers', (current) => ({ modifiedOnOrAfter: (last, instant) => current.modifiedOnOrAfter(toSeconds(last), instant) }))(
        next,
      );
    },
  },
  {
    name: 'timestamps-in-microseconds',
    description:
      'Timestamps are written with six fractional digits (2026-01-01T10:00:00.123000Z): the same instants, as a database keeps them.',
    apply: respellTimestamps({ offerDates: toMicroseconds, allocatedOn: toMicroseconds, clientSubscriptionTimestamp: toMicroseconds }),
  },
  {
    name: 'timestamps-zero-offset',
    description:
      "Timestamps are written with a zero offset instead of Z (2026-01-01T10:00:00.123000+00:00, as Python's isoformat writes UTC): the same instants, in UTC.",
    apply: respellTimestamps({ offerDates: toZeroOffset, allocatedOn: toZeroOffset, clientSubscriptionTimestamp: toZeroOffset }),
  },
  {
    name: 'keys-reversed',
    description: 'Every JSON object has its keys in the reverse order.',
    apply: everyBody((value) => everyObject(value, (object) => Object.fromEntries(Object.entries(object).reverse()))),
  },
  {
    name: 'charset-uppercase',
    description: 'The content type is application/json; charset=UTF-8.',
    apply: (behaviour) => {
      const contentType = 'application/json; charset=UTF-8';
      const next = patch('wire', () => ({ contentType }))(behaviour);
      return patch('errors', (current) => ({ render: (shape, error) => ({ ...current.render(shape, error), contentType }) }))(next);
    },
  },
  {
    name: 'connection-close',
    description: 'Every answer closes its connection (connection: close): no keep-alive, a new connection for each request.',
    apply: protocol({ closeConnections: true }),
  },
  {
    name: 'chunked-bodies',
    description: 'Every body is sent chunked (transfer-encoding: chunked, no content-length), as a server that streams its answers does.',
    apply: protocol({ chunkedBodies: true }),
  },
  {
    name: 'gzip',
    description: 'Bodies are gzip-compressed when the request accepts gzip.',
    apply: protocol({ gzip: true }),
  },
  {
    name: 'numbers-respelled',
    description: 'Whole numbers are written 1e2 (multiples of 100) or 7.0 (others).',
    apply: patch('wire', (current) => ({ text: (json) => respellNumbers(current.text ? current.text(json) : json) })),
  },
  {
    name: 'bodies-pretty-printed',
    description: 'Every JSON body is indented two spaces, with CRLF line ends and a last line end, as some frameworks write them.',
    apply: patch('wire', (current) => ({ text: (json) => prettyPrinted(current.text ? current.text(json) : json) })),
  },
  {
    name: 'extra-fields',
    description: 'Every JSON object carries a field the contract does not list.',
    apply: everyBody((value) => everyObject(value, (object) => ({ ...object, vendorNote: 'extension' }))),
  },
  {
    name: 'community-offers',
    description:
      'Half the offers are community offerings (membershipRequired "yes", beyond the value seen): an order accepted on one carries membershipStatus ("set by the service when a community-offering subscription is accepted"), code_not_found when its membershipCode is not one the issuer issued, pending_checks when it gave none.',
    apply: patch('wire', (current) => ({
      offer: (offer) => {
        const out = editable(current.offer(offer)) as { details: Json };
        if (isCommunityOffering(offer.id)) out.details.membershipRequired = 'yes';
        return out;
      },
      subscription: (record) => {
        const out = editable(current.subscription(record));
        // Set when accepted, and kept when the order is cancelled later; a rejected order never has one.
        if (record.offerId !== undefined && record.status !== 'rejected' && isCommunityOffering(record.offerId))
          out.membershipStatus = record.membershipCode ? 'code_not_found' : 'pending_checks';
        return out;
      },
    })),
  },
  {
    name: 'offers-priced-beyond-enum',
    description:
      'A third of the offers are priced in CHF (currency and acceptedCurrency): an offer\'s currency is a "Currency code" the contract does not enumerate, while a create names one of GBX, GBP, EUR, USD, NOK, SEK, DKK. No valid create can name CHF, so the suite writes only to the other offers, and says so.',
    apply: patch('wire', (current) => ({
      offer: (offer) => {
        const out = editable(current.offer(offer)) as { pricingAndOrderLimits: Json };
        if (isPricedInSwissFrancs(offer.id)) {
          out.pricingAndOrderLimits.currency = 'CHF';
          out.pricingAndOrderLimits.acceptedCurrency = 'CHF';
        }
        return out;
      },
    })),
  },
  {
    name: 'offers-published-live',
    description:
      'Offers change while the suite runs, as on a live service: every second one offer is edited (its lastModifiedOn moves to that second; it keeps its place in the list), and every fourth second a new open offer is published at the end of the list (at most 12). The contract: modifiedAfter is the "Recommended way to poll for new offers".',
    apply: (behaviour) => patch('offers', () => ({ published: liveOffers() }))(behaviour),
  },
  {
    name: 'offers-recently-modified-first',
    description:
      'GET /offer lists the most recently modified offers first (lastModifiedOn descending, then id): an order the contract does not pin. With offers edited while the suite runs, an edit moves the offer to the front.',
    apply: (behaviour) =>
      patch('offers', (current) => {
        let last: { from: readonly Offer[]; sorted: readonly Offer[] } | null = null;
        return {
          published: (seed, startedAt, now) => {
            const from = current.published(seed, startedAt, now);
            if (last?.from !== from) {
              const byRecency = (a: Offer, b: Offer) =>
                Date.parse(b.dates.lastModifiedOn) - Date.parse(a.dates.lastModifiedOn) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
              last = { from, sorted: [...from].sort(byRecency) };
            }
            return last.sorted;
          },
        };
      })(behaviour),
  },
  {
    name: 'allocations-granted-live',
    description:
      'Allocations are granted while the suite reads them: every second second the offer with the most allocations gets one more (its allocationCount counts it), up to twenty.',
    apply: (behaviour) => patch('allocations', () => ({ granted: allocationsGrantedLive() }))(behaviour),
  },
  {
    name: 'offers-closing-early',
    description:
      'Offers close early while the suite runs, as an issuer may end a bookbuild: every third second the next open offer in the list closes (status closed_for_subscription, offerEarlyClose and lastModifiedOn that instant), up to three. Orders sent to it afterwards meet a closed offer.',
    apply: (behaviour) => patch('offers', (current) => ({ published: offersClosingEarly(current.published) }))(behaviour),
  },
  {
    name: 'health-minimal',
    description:
      'The health check answers {"status":"ok","info":null,"error":null,"details":{}}: every field the contract names, info and error null, details empty ("inner contents: not shown").',
    apply: patch('wire', () => ({ health: () => ({ status: 'ok', info: null, error: null, details: {} }) })),
  },
  {
    name: 'values-beyond-seen',
    description: 'Fields with "values seen" carry other values (details.type, priceType, issuerType, health status).',
    apply: patch('wire', (current) => ({
      offer: (offer) => {
        const out = editable(current.offer(offer)) as { details: Json; pricingAndOrderLimits: Json; issuer: Json };
        out.details.type = 'tender_offer';
        out.pricingAndOrderLimits.priceType = 'range';
        out.issuer.issuerType = 'fund';
        return out;
      },
      health: (result) => ({ ...editable(current.health(result)), status: 'up' }),
    })),
  },
  {
    name: 'validation-errors-always',
    description: 'Every list/get error body carries validationErrors (its detail), not only validation failures.',
    apply: patch('errors', (current) => ({
      render: (shape, error) => {
        const rendered = current.render(shape, error);
        if (shape !== 'read') return rendered;
        const body = JSON.parse(rendered.body) as ReturnType<typeof listGetBody>;
        return { ...rendered, body: JSON.stringify({ ...body, validationErrors: body.validationErrors ?? [error.message] }) };
      },
    })),
  },
  {
    name: 'error-messages-own',
    description: 'Errors other than 400 say what happened in message ("No subscription with id ..."), not the reason phrase.',
    apply: patch('errors', (current) => ({
      render: (shape, error) => {
        const rendered = current.render(shape, error);
        if (error.statusCode === 400) return rendered;
        return { ...rendered, body: JSON.stringify({ ...(JSON.parse(rendered.body) as Json), message: error.message }) };
      },
    })),
  },
] as const satisfies readonly VariationSwitch[];

export type VariationName = (typeof VARIATIONS)[number]['name'];

export const VARIATION_NAMES: readonly VariationName[] = VARIATIONS.map((v) => v.name);

export class UnknownVariationError extends Error {
  constructor(names: readonly string[]) {
    super(`Unknown variation ${names.map((n) => JSON.stringify(n)).join(', ')}. Valid names: ${VARIATION_NAMES.join(', ')}`);
    this.name = 'UnknownVariationError';
  }
}

export function variationByName(name: string): VariationSwitch | undefined {
  return (VARIATIONS as readonly VariationSwitch[]).find((v) => v.name === name);
}

/** The correct behaviour with these variations (none: the reference's own choices). */
export function withVariations(names: readonly string[]): Behaviour {
  const unknown = names.filter((name) => !variationByName(name));
  if (unknown.length > 0) throw new UnknownVariationError(unknown);
  return names.reduce((behaviour, name) => variationByName(name)!.apply(behaviour), correctBehaviour());
}

/** What an operator publishes for a server with these variations: the cancel and health routes, nothing else. */
export function routesOnlyProfile(names: readonly string[]): TargetProfile {
  const { cancelRoute, healthRoute } = withVariations(names).protocol;
  return {
    name: `routes only (${names.length ? names.join(', ') : 'reference'})`,
    cancel: { method: cancelRoute.method, path: fastifyPath(cancelRoute) },
    health: { method: healthRoute.method, path: fastifyPath(healthRoute) },
  };
}
