// Fault switches, offers on the wire. One area of the table joined in reference/faults.ts.
import { editable, type Json, patch, respellTimestamps } from '../patches.ts';
import type { FaultSwitch } from './fault-switch.ts';

/** `2024-03-01T10:00:00.000Z` rendered in UTC+01:00: `2024-03-01T11:00:00.000+01:00`. */
function withPlusOneHour(utc: string): string {
  const local = new Date(Date.parse(utc) + 3_600_000).toISOString();
  return `${local.slice(0, -1)}+01:00`;
}

export const OFFER_FAULTS = [
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
] as const satisfies readonly FaultSwitch[];
