import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { getClause } from '../contract/clauses/catalogue.ts';
import type { ClauseId, ClauseKind } from '../contract/clauses/catalogue.ts';
import { offersForValidBodies } from './_internals/create-body-model.ts';
import type { CreateBodyConstraints } from './_internals/create-body-model.ts';
import { DEFECT_BUILDERS } from './_internals/defect-builders.ts';
import type { DefectContext, PlantedDefect } from './_internals/defect-builders.ts';
import { CREATE_BODY_DEFECTS, DEFECT_KINDS } from './create-body-defects.ts';
import type { DefectExpectation, DefectKind } from './create-body-defects.ts';
import type { OpenOffer } from '../contract/vocabulary.ts';
import type { StandsFor } from '../contract/strictness.ts';

/** A creation body with exactly one defect, labelled with what the contract expects of it. */
export interface InvalidCreateBody {
  defect: DefectKind;
  /** JSON pointer of the defective field; `''` for the body itself. For a missing field, where it belongs. */
  target: string;
  /** What to send (serialised with JSON.stringify; not always an object). */
  body: unknown;
  expect: DefectExpectation;
  /** The clause the defect exercises. */
  clause: ClauseId;
  /** The clause's kind: `must` = a target that accepts the body fails; `observe` = what it does is recorded. */
  contract: ClauseKind;
  /** One line saying what was changed, for reports and failure messages. */
  description: string;
  /**
   * The one valid request the body evidently stands for, when it has one: a target that accepts the body and records
   * exactly that request shows strictness, not a deviation (src/checks/strictness.ts).
   */
  standsFor?: StandsFor;
}

export interface InvalidCreateBodyConstraints extends CreateBodyConstraints {
  /** Restrict to these kinds (default: every kind some offer admits). */
  defects?: readonly DefectKind[];
}

function contextFor(offers: readonly OpenOffer[], constraints: CreateBodyConstraints): DefectContext {
  return {
    offers: offersForValidBodies(offers, constraints, 'invalidCreateBody'),
    knownOfferIds: new Set(offers.map((o) => o.id)),
    constraints,
  };
}

function buildAll(context: DefectContext, kinds: readonly DefectKind[]): Map<DefectKind, Arbitrary<PlantedDefect>> {
  const built = new Map<DefectKind, Arbitrary<PlantedDefect>>();
  for (const kind of kinds) {
    const arbitrary = DEFECT_BUILDERS[kind](context);
    if (arbitrary !== undefined) built.set(kind, arbitrary);
  }
  return built;
}

/**
 * The defect kinds the offers admit. A kind needs an offer whose limits leave room for it: amount-zero
 * needs hardMinLimit > 0, amount-below-min needs hardMinLimit > 0.000001, too-many-decimals needs a
 * 7-decimal amount inside the limits that prints exactly (so, an amount below 10^8).
 */
export function availableCreateBodyDefects(offers: readonly OpenOffer[], constraints: CreateBodyConstraints = {}): DefectKind[] {
  return [...buildAll(contextFor(offers, constraints), DEFECT_KINDS).keys()];
}

/**
 * Creation bodies with EXACTLY ONE defect each, labelled (`defect`, `target`, `expect`, `clause`):
 *
 * - schema defects (contract, "Create a subscription": "Failure: 4xx with the validation error body";
 *   clauses SUB-CREATE-VALIDATION, SUB-CREATE-DECIMALS): a required field missing, a wrong JSON type,
 *   an enum value outside its set or with its case changed (field values are exact and
 *   case-sensitive), 7 to 9 decimal places (Limits 4), a non-date or non-UTC timestamp (Conventions),
 *   null where the contract shows no nullability, a non-object body; and only one of
 *   subscriptionType/subscriptionCategory (SUB-CREATE-TYPE-OR-CATEGORY, an `observe` clause: the
 *   schema refuses it, the contract is silent);
 * - semantic defects, schema-valid but not to be accepted (a 4xx, or a record with status rejected):
 *   an amount of 0, negative, below hardMinLimit or above hardMaxLimit (Limits 5,
 *   SUB-CREATE-ORDER-LIMITS), an offerId not in the offers list (SUB-CREATE-UNKNOWN-OFFER).
 *
 * Every body starts from a `validCreateBody` (the same constraints, so the run tag is set unless the
 * defect is in clientSubscriptionReference itself), and the amount stays inside the offer's limits
 * unless the defect is the amount: the one defect is the only reason to refuse it.
 *
 * @throws RangeError when no offer admits a valid body, or when `constraints.defects` names a kind no
 * offer admits.
 */
export function invalidCreateBody(
  offers: readonly OpenOffer[],
  constraints: InvalidCreateBodyConstraints = {},
): Arbitrary<InvalidCreateBody> {
  const { defects, ...bodyConstraints } = constraints;
  const built = buildAll(contextFor(offers, bodyConstraints), defects ?? DEFECT_KINDS);
  const missing = (defects ?? []).filter((kind) => !built.has(kind));
  if (missing.length > 0) throw new RangeError(`invalidCreateBody: no offer admits defect(s) ${missing.join(', ')}`);
  if (built.size === 0) throw new RangeError('invalidCreateBody: no defect kind selected');
  return fc.oneof(
    ...[...built].map(([kind, planted]) =>
      planted.map((p): InvalidCreateBody => {
        const spec = CREATE_BODY_DEFECTS[kind];
        return {
          defect: kind,
          target: p.target,
          body: p.body,
          expect: spec.expect,
          clause: spec.clause,
          contract: getClause(spec.clause).kind,
          description: p.description,
          ...(p.standsFor ? { standsFor: p.standsFor } : {}),
        };
      }),
    ),
  );
}
