/**
 * Credentials that are almost right (issue 50, item 2). The contract: "Every call (except the health check) carries
 * two headers: `service-api-subscription` (subscription key) and `service-api-secret` (secret key). Values are
 * <SUBSCRIPTION_KEY> and <API_SECRET>. Without them the request is not accepted." (Authentication 1). A wrong value that
 * is entirely wrong cannot tell a service that checks the whole pair from one that checks a part of it (a column that
 * truncates the secret, a compare that stops early, a key looked up without its case, a key and a secret each valid
 * but issued to two partners): these can. Each near miss is made from the run's own credentials at run time, differs
 * from them as little as possible, and must be refused like any wrong credentials.
 *
 * A near miss is as good as the credential it is one character off, so it is never written anywhere: reports name its
 * kind (`says`), and the redactor (src/config/redact.ts) masks every value `nearMissValues` makes of a credential.
 * Pure: no Node built-in (k6 and the reference may import it).
 */
import type { ClauseId } from './clauses/catalogue.ts';

export interface PartnerCredentials {
  subscriptionKey: string;
  secret: string;
}

/** The one character put in place of `c`: the next of its class (letters keep their case), never a case variant of it. */
function otherCharacter(c: string): string {
  const next = (from: string, size: number) =>
    String.fromCharCode(from.charCodeAt(0) + ((c.charCodeAt(0) - from.charCodeAt(0) + 1) % size));
  if (c >= 'a' && c <= 'z') return next('a', 26);
  if (c >= 'A' && c <= 'Z') return next('A', 26);
  if (c >= '0' && c <= '9') return next('0', 10);
  return 'x';
}

function changedAt(value: string, index: number): string {
  return value.slice(0, index) + otherCharacter(value[index]) + value.slice(index + 1);
}

function swapCase(value: string): string {
  return [...value].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
}

/**
 * The edits that take one credential value one step from itself: one table, for the near misses sent and for the
 * values the redactor masks. An edit that leaves a value as it was (a key without letters has no case) makes nothing.
 */
export const VALUE_EDITS = {
  'first-changed': { says: 'first character changed', apply: (v: string) => changedAt(v, 0) },
  'middle-changed': { says: 'a middle character changed', apply: (v: string) => changedAt(v, Math.floor(v.length / 2)) },
  'last-changed': { says: 'last character changed', apply: (v: string) => changedAt(v, v.length - 1) },
  'character-added': { says: 'a character added at its end', apply: (v: string) => v + otherCharacter(v.at(-1) ?? 'a') },
  'last-removed': { says: 'last character removed', apply: (v: string) => v.slice(0, -1) },
  'case-changed': { says: 'letter case changed', apply: swapCase },
} as const satisfies Record<string, { says: string; apply(value: string): string }>;

export type ValueEdit = keyof typeof VALUE_EDITS;

/** Every value one edit from `value` (none equal to it, none empty): what the redactor masks besides the value. */
export function nearMissValues(value: string): string[] {
  const edited = Object.values(VALUE_EDITS).map((edit) => edit.apply(value));
  return [...new Set(edited)].filter((v) => v !== value && v.length > 0);
}

/** The partners' credentials a near miss is made from: the run's, and the second partner's where given. */
interface Partners {
  first: PartnerCredentials;
  second: PartnerCredentials | null;
}

interface NearMissRule {
  kind: string;
  /** What the report says was sent: the kind of change, never a value. */
  says: string;
  /** The clause a service that accepts it breaks. */
  clause: ClauseId;
  make(partners: Partners): PartnerCredentials | null;
}

const secretEdited = (edit: ValueEdit): Pick<NearMissRule, 'says' | 'clause' | 'make'> => ({
  says: `secret, ${VALUE_EDITS[edit].says}`,
  clause: 'AUTH-SECRET',
  make: ({ first }) => ({ subscriptionKey: first.subscriptionKey, secret: VALUE_EDITS[edit].apply(first.secret) }),
});

/**
 * The near misses, one row per kind. A key and a secret issued to two partners: the key names a partner and the secret
 * is not the one issued with it, so its refusal is AUTH-SECRET's whichever way round.
 */
export const NEAR_MISS_RULES = [
  { kind: 'secret-first-changed', ...secretEdited('first-changed') },
  { kind: 'secret-middle-changed', ...secretEdited('middle-changed') },
  { kind: 'secret-last-changed', ...secretEdited('last-changed') },
  { kind: 'secret-character-added', ...secretEdited('character-added') },
  { kind: 'secret-last-removed', ...secretEdited('last-removed') },
  {
    kind: 'key-case-changed',
    says: `subscription key, ${VALUE_EDITS['case-changed'].says}`,
    clause: 'AUTH-SUBSCRIPTION-KEY',
    make: ({ first }) => ({ subscriptionKey: VALUE_EDITS['case-changed'].apply(first.subscriptionKey), secret: first.secret }),
  },
  {
    kind: 'first-key-second-secret',
    says: "the first partner's key with the second partner's secret",
    clause: 'AUTH-SECRET',
    make: ({ first, second }) => second && { subscriptionKey: first.subscriptionKey, secret: second.secret },
  },
  {
    kind: 'second-key-first-secret',
    says: "the second partner's key with the first partner's secret",
    clause: 'AUTH-SECRET',
    make: ({ first, second }) => second && { subscriptionKey: second.subscriptionKey, secret: first.secret },
  },
] as const satisfies readonly NearMissRule[];

export type NearMissKind = (typeof NEAR_MISS_RULES)[number]['kind'];

export interface NearMiss {
  kind: NearMissKind;
  says: string;
  clause: ClauseId;
  credentials: PartnerCredentials;
}

const samePair = (a: PartnerCredentials, b: PartnerCredentials) => a.subscriptionKey === b.subscriptionKey && a.secret === b.secret;

/**
 * The near misses of these credentials, in the table's order. A kind that makes nothing (no second partner, a key with
 * no letters) or makes credentials a partner really holds (two partners sharing a secret), or the same pair as an
 * earlier kind, is left out: every one sent must be refused.
 */
export function nearMissCredentials(first: PartnerCredentials, second: PartnerCredentials | null = null): NearMiss[] {
  const right = [first, ...(second ? [second] : [])];
  const made: NearMiss[] = [];
  for (const rule of NEAR_MISS_RULES as readonly NearMissRule[]) {
    const credentials = rule.make({ first, second });
    if (!credentials?.subscriptionKey || !credentials.secret) continue;
    if ([...right, ...made.map((m) => m.credentials)].some((pair) => samePair(pair, credentials))) continue;
    made.push({ kind: rule.kind as NearMissKind, says: rule.says, clause: rule.clause, credentials });
  }
  return made;
}
