import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { validCreateBody } from '../../src/arbitraries/index.ts';
import type { CreateBodyConstraints, OpenOffer, SubscriptionCreateBody } from '../../src/arbitraries/index.ts';
import { withoutReference } from './client-tagged.ts';
import { oddString } from './odd-string.ts';

/** The request fields the contract types as free text (a plain string, no format, no limit). */
export const FREE_TEXT_FIELDS = ['clientSubscriptionReference', 'investorReference', 'membershipCode'] as const;
export type FreeTextField = (typeof FREE_TEXT_FIELDS)[number];

/** A valid body with one free-text field holding odd text: the body exactly as sent. */
export interface OddStringBody {
  field: FreeTextField;
  /** The field's value as sent; for clientSubscriptionReference, the run tag prefix and the odd text (`osd-suite.<RUN_ID>.<text>`). */
  text: string;
  /** The body as sent (with the run tag as its reference when another field holds the odd text, see the client). */
  body: SubscriptionCreateBody;
}

/**
 * Valid bodies with one free-text field (clientSubscriptionReference, investorReference,
 * membershipCode) replaced by `oddString()`: long, short, every Unicode plane, troublemakers. The
 * contract gives these fields no length or character limit, so every one is a body a target must
 * answer with a 2xx or a 4xx, never a 5xx.
 */
/**
 * `runTagPrefix` (Journal.runTagPrefix(): the same for every request of a run) keeps a record whose reference is
 * odd text findable by cleanup; being part of the generated value, it is what the counterexample shows and what a
 * replay with the same RUN_ID sends again, byte for byte (issue 10, defect 11: a per-request sequence number
 * in it made a replayed value differ from the failing one).
 */
export function oddStringBody(
  offers: readonly OpenOffer[],
  runTagPrefix: string,
  constraints: CreateBodyConstraints = {},
): Arbitrary<OddStringBody> {
  return fc
    .record(
      { body: validCreateBody(offers, constraints).map(withoutReference), field: fc.constantFrom(...FREE_TEXT_FIELDS), text: oddString() },
      { noNullPrototype: true },
    )
    .map(({ body, field, text }): OddStringBody => {
      const sent = field === 'clientSubscriptionReference' ? `${runTagPrefix}${text}` : text;
      return { field, text: sent, body: { ...body, [field]: sent } };
    });
}
