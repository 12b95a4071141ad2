import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { isEncodable, oddString } from './odd-string.ts';

/** An identifier to put in a path: `/offer/{offerId}`, `/allocation/{offerId}`, `/subscription/{subscriptionId}`. */
export interface PathIdentifier {
  route: 'offer' | 'allocation' | 'subscription';
  id: string;
}

const LOOKALIKES = [
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  '.',
  '..',
  '%',
  'null',
  'true',
  '[]',
  '{}',
  ' ',
  '*',
  "' OR 1=1 --",
] as const;

/**
 * Identifiers of any kind in each path that takes one: known ids (when given), UUIDs, look-alikes,
 * and odd text (percent-encoded by the client; lone surrogates left out, a URL cannot carry them).
 * An unknown id gets a 4xx; nothing gets a 5xx.
 */
export function pathIdentifier(o: { knownOfferIds?: readonly string[] } = {}): Arbitrary<PathIdentifier> {
  const known = o.knownOfferIds?.length ? [fc.constantFrom(...o.knownOfferIds)] : [];
  const id = fc.oneof(fc.uuid(), fc.constantFrom(...LOOKALIKES), oddString({ maxLength: 400 }).filter(isEncodable), ...known);
  return fc.record(
    { route: fc.constantFrom('offer' as const, 'allocation' as const, 'subscription' as const), id },
    { noNullPrototype: true },
  );
}
