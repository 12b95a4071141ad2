// Variation switches, representations the contract does not pin. One area of the table joined in reference/variations.ts.
import { createHash } from 'node:crypto';
import type { Offer } from '../data/types.ts';
import type { listGetBody } from '../errors.ts';
import { editable, type Json, patch, protocol, respellTimestamps } from '../patches.ts';
import {
  everyBody,
  everyObject,
  prettyPrinted,
  respellNumbers,
  toMicroseconds,
  toSeconds,
  toZeroOffset,
  withoutZeroFraction,
} from './body-spellings.ts';
import { allocationsGrantedLive, liveOffers, offersClosingEarly } from './live.ts';
import type { VariationSwitch } from './variation-switch.ts';

/** A community offering of variation community-offers: half the offers, by a stable digest of the id. */
const isCommunityOffering = (offerId: string) => createHash('sha256').update(offerId).digest()[0] % 2 === 0;
/** An offer of variation offers-priced-beyond-enum: a third of the offers, by another byte of the same digest. */
const isPricedInSwissFrancs = (offerId: string) => createHash('sha256').update(offerId).digest()[1] % 3 === 0;

export const REPRESENTATION_VARIATIONS = [
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
    name: 'offers-priced-in-pence',
    description:
      'Every offer is quoted in pence and takes orders in pounds, as a London placing is: pricingAndOrderLimits.currency is GBX, acceptedCurrency GBP (two "Currency code" fields the contract lists apart). A GBP client writes to every open offer, in GBP.',
    apply: patch('wire', (current) => ({
      offer: (offer) => {
        const out = editable(current.offer(offer)) as { pricingAndOrderLimits: Json };
        out.pricingAndOrderLimits.currency = 'GBX';
        out.pricingAndOrderLimits.acceptedCurrency = 'GBP';
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
