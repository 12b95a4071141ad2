// Legitimate-variation switches: each one a different choice the contract allows (a "not shown" item
// taken the other plausible way, or a representation the contract does not pin). The counterpart of
// reference/faults.ts: a correct suite must PASS against every one of them, given only the routes
// (what an operator publishes: `routesOnlyProfile`). A variation changes the behaviour table like a
// fault does; several compose in the order given, and faults apply on top.
// The table is kept by area in reference/variations/<area>.ts and joined here, in this order.
import { correctBehaviour } from './behaviour.ts';
import { unknownNamesSentence } from './closest-names.ts';
import type { Behaviour, ServedRoute } from './behaviour.ts';
import type { TargetProfile } from '../src/config/target-profile.ts';
import { NOT_SHOWN_VARIATIONS } from './variations/not-shown.ts';
import { REPRESENTATION_VARIATIONS } from './variations/representations.ts';
import { SCALE_VARIATIONS } from './variations/scale.ts';
import { STRICTNESS_VARIATIONS } from './variations/strictness.ts';
import { DURABILITY_VARIATIONS } from './variations/durability.ts';
import type { VariationSwitch } from './variations/variation-switch.ts';

export type { VariationSwitch } from './variations/variation-switch.ts';
export { isInvestorReferenceOf } from './variations/investor-references.ts';
export { allocationsGrantedLive, liveOffers, offersClosingEarly } from './variations/live.ts';

const fastifyPath = (route: ServedRoute): string => route.path.replace(/:(\w+)/g, '{$1}');

export const VARIATIONS = [
  ...NOT_SHOWN_VARIATIONS,
  ...REPRESENTATION_VARIATIONS,
  ...SCALE_VARIATIONS,
  ...STRICTNESS_VARIATIONS,
  // Records over time (issue 50): a replica behind, a review of its own, another client on the same offers
  ...DURABILITY_VARIATIONS,
] as const satisfies readonly VariationSwitch[];

export type VariationName = (typeof VARIATIONS)[number]['name'];

export const VARIATION_NAMES: readonly VariationName[] = VARIATIONS.map((v) => v.name);

export class UnknownVariationError extends Error {
  constructor(names: readonly string[]) {
    super(unknownNamesSentence('variation', names, VARIATION_NAMES, '--list-variants'));
    this.name = 'UnknownVariationError';
  }
}

export function variationByName(name: string): VariationSwitch | undefined {
  return (VARIATIONS as readonly VariationSwitch[]).find((v) => v.name === name);
}

/** The correct behaviour with these variations (none: the reference's own choices). */
export function withVariations(names: readonly string[]): Behaviour {
  const unknown = names.filter((name) => !variationByName(name));
  if (unknown.length > 0) throw new UnknownVariationError(unknown);
  return names.reduce((behaviour, name) => variationByName(name)!.apply(behaviour), correctBehaviour());
}

/** What an operator publishes for a server with these variations: the cancel and health routes, nothing else. */
export function routesOnlyProfile(names: readonly string[]): TargetProfile {
  const { cancelRoute, healthRoute } = withVariations(names).protocol;
  return {
    name: `routes only (${names.length ? names.join(', ') : 'reference'})`,
    cancel: { method: cancelRoute.method, path: fastifyPath(cancelRoute) },
    health: { method: healthRoute.method, path: fastifyPath(healthRoute) },
  };
}
