import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { isEncodable, oddString } from './odd-string.ts';
import { isSendableId } from '../../src/client/request-path.ts';

/** An identifier to put in a path: `/offer/{offerId}`, `/allocation/{offerId}`, `/subscription/{subscriptionId}`. */
export interface PathIdentifier {
  route: 'offer' | 'allocation' | 'subscription';
  id: string;
}

/** Ids that look like something else: sent as written, each of them (test/client/request-path.test.ts). */
export const LOOKALIKES = [
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  // Dots that are no dot segment once percent-encoded: sent as written (src/client/request-path.ts).
  '...',
  '%2e',
  '%2E%2e',
  'a/..',
  '../x',
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
 * An unknown id gets a 4xx; nothing gets a 5xx. Never an id the target would not receive as written: one that
 * encodes to nothing or to a dot segment (`""`, `.`, `..`) leaves as the list's path, or the path above, once URL
 * parsing has read it (src/client/request-path.ts), and its answer would be judged as another request's.
 */
export function pathIdentifier(o: { knownOfferIds?: readonly string[] } = {}): Arbitrary<PathIdentifier> {
  const known = o.knownOfferIds?.length ? [fc.constantFrom(...o.knownOfferIds)] : [];
  const id = fc
    .oneof(fc.uuid(), fc.constantFrom(...LOOKALIKES), oddString({ maxLength: 400 }).filter(isEncodable), ...known)
    .filter(isSendableId);
  return fc.record(
    { route: fc.constantFrom('offer' as const, 'allocation' as const, 'subscription' as const), id },
    { noNullPrototype: true },
  );
}
