import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { validCreateBody } from '../../src/arbitraries/index.ts';
import type { CreateBodyConstraints, OpenOffer, SubscriptionCreateBody } from '../../src/arbitraries/index.ts';
import { withoutReference } from './client-tagged.ts';
import { oddString } from './odd-string.ts';

/** The request fields the contract types as free text (a plain string, no format, no limit). */
export const FREE_TEXT_FIELDS = ['clientSubscriptionReference', 'investorReference', 'membershipCode'] as const;
export type FreeTextField = (typeof FREE_TEXT_FIELDS)[number];

/** A valid body with one free-text field holding odd text. */
export interface OddStringBody {
  field: FreeTextField;
  /** The text; for clientSubscriptionReference it follows the run tag (`<tag>.<text>`), so the record stays findable. */
  text: string;
  /** The body without clientSubscriptionReference (the case sets it, see `oddStringBodyToSend`). */
  body: SubscriptionCreateBody;
}

/**
 * Valid bodies with one free-text field (clientSubscriptionReference, investorReference,
 * membershipCode) replaced by `oddString()`: long, short, every Unicode plane, troublemakers. The
 * contract gives these fields no length or character limit, so every one is a body a target must
 * answer with a 2xx or a 4xx, never a 5xx.
 */
export function oddStringBody(offers: readonly OpenOffer[], constraints: CreateBodyConstraints = {}): Arbitrary<OddStringBody> {
  return fc
    .record({ body: validCreateBody(offers, constraints).map(withoutReference), field: fc.constantFrom(...FREE_TEXT_FIELDS), text: oddString() }, { noNullPrototype: true })
    .map(({ body, field, text }): OddStringBody => ({ field, text, body: field === 'clientSubscriptionReference' ? body : { ...body, [field]: text } }));
}

/** The body as sent for a run tag: the tagged reference, or the body as generated. */
export function oddStringBodyToSend(c: OddStringBody, tag: string): Record<string, unknown> {
  return c.field === 'clientSubscriptionReference' ? { ...c.body, clientSubscriptionReference: `${tag}.${c.text}` } : { ...c.body };
}
