// Fault switches, create, validation. One area of the table joined in reference/faults.ts.
import { enumFieldsOf } from '../../src/schema/registry.ts';
import type { Offer } from '../data/types.ts';
import { isRecord, type Json, patch } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

const LONGEST_STORED_REFERENCE = 64;

/** Request fields the create schema gives an enum (subscriptionType, currency, ...). */
const ENUM_FIELDS = enumFieldsOf('subscription-create-request');

/** How a hand-written decimal check miscounts: digits after '.', in whatever String() prints. */
function naiveDecimalPlaces(n: number): number {
  return String(n).split('.')[1]?.length ?? 0;
}

/** What a create without an offer lookup works with: an open offer without order limits. */
function unlimitedOpenOffer(offers: ReadonlyMap<string, Offer>, offerId: string): Offer {
  const template = [...offers.values()].find((o) => o.details.status === 'open_for_subscription')!;
  return {
    ...template,
    id: offerId,
    pricingAndOrderLimits: { ...template.pricingAndOrderLimits, hardMinLimit: 0, hardMaxLimit: Number.MAX_VALUE },
  };
}

export const CREATE_VALIDATION_FAULTS = [
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
    // Matching ignoring case and storing the enum's own spelling is strictness (variation enum-case-insensitive);
    // keeping the spelling sent records a value outside the enum: a deviation.
    name: 'enum-case-kept-as-sent',
    description: 'Enum values are matched ignoring case: "Retail" or "gbp" is accepted and stored as sent, outside the enum.',
    clauses: ['SUB-CREATE-VALIDATION'],
    catchBy: 'both',
    apply: patch('subscriptions', (current) => ({
      validate: (body) => {
        if (!isRecord(body)) return current.validate(body);
        const normalised: Json = { ...body };
        const kept: Json = {};
        for (const [field, values] of ENUM_FIELDS) {
          const value = body[field];
          if (typeof value !== 'string') continue;
          const match = values.find((v) => v.toLowerCase() === value.toLowerCase());
          if (match !== undefined && match !== value) {
            normalised[field] = match;
            kept[field] = value;
          }
        }
        const result = current.validate(normalised);
        return result.ok ? { ok: true, request: { ...result.request, ...kept } as typeof result.request } : result;
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
] as const satisfies readonly FaultSwitch[];
