/**
 * The clause catalogue: every normative statement of the contract (`spec/offer-subscription-api.md`) with a stable
 * ID, one file per clause area (the ID prefix names the file: `SUB-` -> subscriptions.ts). What a clause is, and the
 * kinds, are in ./clause.ts. IDs are stable: tests, fault switches, waivers and reports refer to them. Add, never
 * renumber.
 */
import type { Clause } from './clause.ts';
import { GENERAL_CLAUSES } from './general.ts';
import { AUTH_CLAUSES } from './auth.ts';
import { OFFER_CLAUSES } from './offers.ts';
import { ALLOCATION_CLAUSES } from './allocations.ts';
import { SUBSCRIPTION_CLAUSES } from './subscriptions.ts';
import { HEALTH_CLAUSES } from './health.ts';
import { PAGINATION_CLAUSES } from './pagination.ts';
import { ERROR_CLAUSES } from './errors.ts';
import { LIMIT_CLAUSES } from './limits.ts';
import { EVENT_CLAUSES } from './events.ts';
import { VERSIONING_CLAUSES } from './versioning.ts';
import { CLIENT_CLAUSES } from './client.ts';
import { SECURITY_CLAUSES } from './security.ts';

export type { Clause, ClauseKind } from './clause.ts';
export { isBinding } from './clause.ts';

/** The service's clauses, area by area. */
export const clauses = [
  ...GENERAL_CLAUSES,
  ...AUTH_CLAUSES,
  ...OFFER_CLAUSES,
  ...ALLOCATION_CLAUSES,
  ...SUBSCRIPTION_CLAUSES,
  ...HEALTH_CLAUSES,
  ...PAGINATION_CLAUSES,
  ...ERROR_CLAUSES,
  ...LIMIT_CLAUSES,
  ...EVENT_CLAUSES,
  ...VERSIONING_CLAUSES,
  // Beyond the contract's words: security findings of their own kind (./security.ts).
  ...SECURITY_CLAUSES,
] as const satisfies readonly Clause[];

/** The client's side of the contract (./client.ts). */
export const clientClauses = CLIENT_CLAUSES;

export type ClauseId = (typeof clauses)[number]['id'] | (typeof clientClauses)[number]['id'];
export type ClientClauseId = (typeof clientClauses)[number]['id'];

const byId = new Map<string, Clause>([...clauses, ...clientClauses].map((c) => [c.id, c]));

export function getClause(id: string): Clause {
  const clause = byId.get(id);
  if (!clause) throw new Error(`Unknown clause ID "${id}": add it to src/contract/clauses/catalogue.ts`);
  return clause;
}

export function isClauseId(id: string): id is ClauseId {
  return byId.has(id);
}
