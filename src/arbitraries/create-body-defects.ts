// The kinds of defect `invalidCreateBody` plants, one row each: what the contract expects of a
// target that receives such a body, and the clause that says so.
import type { ClauseId } from '../contract/clauses/catalogue.ts';

/**
 * - `schema`: the request schema rejects the body, at the defect's pointer and nowhere else; a
 *   conforming target answers 4xx and creates nothing.
 * - `not-accepted`: the body is schema-valid, but the contract says the order must not be accepted:
 *   a 4xx, or a record with status `rejected`.
 */
export type DefectExpectation = 'schema' | 'not-accepted';

export interface DefectSpec {
  readonly expect: DefectExpectation;
  readonly clause: ClauseId;
  readonly summary: string;
}

export const CREATE_BODY_DEFECTS = {
  'missing-required': {
    expect: 'schema',
    clause: 'SUB-CREATE-VALIDATION',
    summary: 'a required field (offerId, amountRequested, clientSubscriptionTimestamp, currency, accountType) is missing',
  },
  'wrong-json-type': { expect: 'schema', clause: 'SUB-CREATE-VALIDATION', summary: 'a field holds a value of another JSON type' },
  'enum-case-changed': {
    expect: 'schema',
    clause: 'SUB-CREATE-VALIDATION',
    summary: 'an enum value with its letter case changed (Retail, gbp): field names and values are exact',
  },
  'enum-unknown-value': { expect: 'schema', clause: 'SUB-CREATE-VALIDATION', summary: "a string outside the field's enum" },
  'too-many-decimals': {
    expect: 'schema',
    clause: 'SUB-CREATE-DECIMALS',
    summary: 'amountRequested with 7 to 9 decimal places, inside the order limits',
  },
  'timestamp-not-a-date-time': {
    expect: 'schema',
    clause: 'SUB-CREATE-VALIDATION',
    summary: 'clientSubscriptionTimestamp is no date-time (free text, a date alone, an impossible date or time)',
  },
  'timestamp-not-utc': {
    expect: 'schema',
    clause: 'SUB-CREATE-VALIDATION',
    summary: 'clientSubscriptionTimestamp is a real instant written with a non-zero UTC offset or with no zone',
  },
  'null-not-nullable': {
    expect: 'schema',
    clause: 'SUB-CREATE-VALIDATION',
    summary: 'null in a field the contract does not mark nullable',
  },
  'non-object-body': {
    expect: 'schema',
    clause: 'SUB-CREATE-VALIDATION',
    summary: 'the body is an array, string, number, boolean or null',
  },
  'only-type-or-category': {
    expect: 'schema',
    clause: 'SUB-CREATE-TYPE-OR-CATEGORY',
    summary: 'only one of subscriptionType and subscriptionCategory (the schema requires both or neither; the contract does not say)',
  },
  'amount-zero': {
    expect: 'not-accepted',
    clause: 'SUB-CREATE-ORDER-LIMITS',
    summary: "amountRequested is 0 (the offer's hardMinLimit is above 0)",
  },
  'amount-negative': {
    expect: 'not-accepted',
    clause: 'SUB-CREATE-ORDER-LIMITS',
    summary: 'amountRequested is negative, below hardMinLimit',
  },
  'amount-below-min': {
    expect: 'not-accepted',
    clause: 'SUB-CREATE-ORDER-LIMITS',
    summary: 'amountRequested is above 0 and below hardMinLimit',
  },
  'amount-above-max': { expect: 'not-accepted', clause: 'SUB-CREATE-ORDER-LIMITS', summary: 'amountRequested is above hardMaxLimit' },
  'unknown-offer': { expect: 'not-accepted', clause: 'SUB-CREATE-UNKNOWN-OFFER', summary: 'offerId names no offer of the offers list' },
} as const satisfies Record<string, DefectSpec>;

export type DefectKind = keyof typeof CREATE_BODY_DEFECTS;

export const DEFECT_KINDS = Object.keys(CREATE_BODY_DEFECTS) as DefectKind[];

export const SCHEMA_DEFECT_KINDS = DEFECT_KINDS.filter((kind) => CREATE_BODY_DEFECTS[kind].expect === 'schema');
export const SEMANTIC_DEFECT_KINDS = DEFECT_KINDS.filter((kind) => CREATE_BODY_DEFECTS[kind].expect === 'not-accepted');
