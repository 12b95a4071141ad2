// The suite tags every record it creates with the run tag (API client, `createSubscription`): a body
// without clientSubscriptionReference gets one. The body arbitraries sometimes generate their own
// reference; these maps leave it out, so each case is tagged by the client with a fresh run tag,
// journalled, found by the cleanup sweep and, for a refused body, looked for in the list.
import type { Arbitrary } from 'fast-check';
import type { InvalidCreateBody } from '../../src/arbitraries/index.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body without clientSubscriptionReference (anything else unchanged). */
export function withoutReference<T>(body: T): T {
  if (!isPlainObject(body) || !('clientSubscriptionReference' in body)) return body;
  const { clientSubscriptionReference: _dropped, ...rest } = body;
  return rest as T;
}

/** Valid bodies the client will tag. */
export function clientTagged<T>(bodies: Arbitrary<T>): Arbitrary<T> {
  return bodies.map(withoutReference);
}

/**
 * Bodies with one defect the client will tag: the reference is left out unless it is the defect itself
 * (then the body goes as generated, and a record it left behind cannot be told apart by tag).
 */
export function clientTaggedInvalid(bodies: Arbitrary<InvalidCreateBody>): Arbitrary<InvalidCreateBody> {
  return bodies.map((c) => (c.target === '/clientSubscriptionReference' ? c : { ...c, body: withoutReference(c.body) }));
}

/** Whether the client tags this body (a JSON object without a reference of its own). */
export function taggedByClient(body: unknown): boolean {
  return isPlainObject(body) && body.clientSubscriptionReference === undefined;
}
