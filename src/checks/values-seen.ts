/**
 * Fields for which the contract lists only "values seen": an unseen value is an observation, not a
 * failure (strict mode fails on it). A typed table, one row per field.
 */
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import type { SchemaName } from '../schema/registry.ts';

export interface ValuesSeenRule {
  model: SchemaName;
  /** JSON pointer inside one instance of the model. */
  pointer: string;
  seen: readonly string[];
  clause: ClauseId;
}

export const VALUES_SEEN: readonly ValuesSeenRule[] = [
  { model: 'offer', pointer: '/details/status', seen: ['open_for_subscription', 'closed_for_subscription'], clause: 'OFFER-VALUES-SEEN' },
  { model: 'offer', pointer: '/details/type', seen: ['ipo', 'follow_on'], clause: 'OFFER-VALUES-SEEN' },
  { model: 'offer', pointer: '/details/subType', seen: ['primary'], clause: 'OFFER-VALUES-SEEN' },
  { model: 'offer', pointer: '/details/membershipRequired', seen: ['no'], clause: 'OFFER-VALUES-SEEN' },
  { model: 'offer', pointer: '/pricingAndOrderLimits/priceType', seen: ['fixed', 'no_price'], clause: 'OFFER-VALUES-SEEN' },
  { model: 'offer', pointer: '/issuer/issuerType', seen: ['company'], clause: 'OFFER-VALUES-SEEN' },
  { model: 'health-check-result', pointer: '/status', seen: ['ok'], clause: 'HEALTH-STATUS-VALUES' },
];

/** Parsed JSON pointers (RFC 6901), kept: checks read the same few pointers on every response. */
const pointerTokens = new Map<string, string[]>();

function tokensOf(pointer: string): string[] {
  let tokens = pointerTokens.get(pointer);
  if (!tokens) {
    tokens = pointer
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    pointerTokens.set(pointer, tokens);
  }
  return tokens;
}

/** The value at a JSON pointer, or undefined when the path does not exist. */
export function valueAt(data: unknown, pointer: string): unknown {
  let cur: unknown = data;
  for (const token of tokensOf(pointer)) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[token];
  }
  return cur;
}
