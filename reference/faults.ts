// Fault switches: each one a single, plausible bug a real implementation of the contract could ship,
// and the clauses a correct conformance suite must report failing when it is on. A fault changes
// the reference by wrapping or replacing ONE strategy of the behaviour table (reference/behaviour.ts);
// several faults compose in the order given.
// The table is kept by area in reference/faults/<area>.ts and joined here, in this order.
import { correctBehaviour } from './behaviour.ts';
import { unknownNamesSentence } from './closest-names.ts';
import type { Behaviour } from './behaviour.ts';
import { OFFER_FAULTS } from './faults/offers.ts';
import { ALLOCATION_FAULTS } from './faults/allocations.ts';
import { PAGINATION_FAULTS } from './faults/pagination.ts';
import { AUTH_FAULTS } from './faults/auth.ts';
import { CREATE_VALIDATION_FAULTS } from './faults/create-validation.ts';
import { CREATE_RECORDING_FAULTS } from './faults/create-recording.ts';
import { LIST_CANCEL_FAULTS } from './faults/list-cancel.ts';
import { ERROR_BODY_FAULTS } from './faults/error-bodies.ts';
import { VERDICT_FAULTS } from './faults/verdicts.ts';
import { SEQUENCE_FAULTS } from './faults/sequences.ts';
import { ID_AND_PARTNER_FAULTS } from './faults/ids-and-partners.ts';
import { REQUEST_SENT_FAULTS } from './faults/requests-sent.ts';
import { INVALID_ACCEPTED_FAULTS } from './faults/invalid-accepted.ts';
import { REDIRECT_FAULTS } from './faults/redirects.ts';
import { DURABILITY_FAULTS } from './faults/durability.ts';
import type { FaultSwitch } from './faults/fault-switch.ts';

export type { CatchBy, FaultSwitch } from './faults/fault-switch.ts';

export const FAULTS = [
  // Offers on the wire
  ...OFFER_FAULTS,
  // Allocations
  ...ALLOCATION_FAULTS,
  // Pagination
  ...PAGINATION_FAULTS,
  // Authentication
  ...AUTH_FAULTS,
  // Create: validation
  ...CREATE_VALIDATION_FAULTS,
  // Create: recording
  ...CREATE_RECORDING_FAULTS,
  // List, cancel
  ...LIST_CANCEL_FAULTS,
  // Error bodies
  ...ERROR_BODY_FAULTS,
  // Verdicts (issue 15): run-wide ids, list against get, every enum value
  ...VERDICT_FAULTS,
  // Sequences (issue 12): deviations that only a sequence of calls shows
  ...SEQUENCE_FAULTS,
  // Ids, order and partners (issue 31)
  ...ID_AND_PARTNER_FAULTS,
  // Requests the suite must send (issue 31): every operation's credentials, filters with paging, strict types
  ...REQUEST_SENT_FAULTS,
  // Invalid input that is accepted (issue 31)
  ...INVALID_ACCEPTED_FAULTS,
  // Redirects (issue 39): a read answered with a 3xx, which no client of ours follows
  ...REDIRECT_FAULTS,
  // State that does not last (issue 50): what the service confirmed, undone some seconds later
  ...DURABILITY_FAULTS,
] as const satisfies readonly FaultSwitch[];

export type FaultName = (typeof FAULTS)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);

/** The correct reference changes nothing; an unknown fault never runs silently as a correct server. */
export class UnknownFaultError extends Error {
  constructor(names: readonly string[]) {
    super(unknownNamesSentence('fault switch', names, FAULT_NAMES, '--list-faults'));
    this.name = 'UnknownFaultError';
  }
}

export function faultByName(name: string): FaultSwitch | undefined {
  return (FAULTS as readonly FaultSwitch[]).find((f) => f.name === name);
}

/** The behaviour of a reference with these faults on (none: the correct reference), over a base (variations). */
export function behaviourWith(faultNames: readonly string[] = [], base: Behaviour = correctBehaviour()): Behaviour {
  const unknown = faultNames.filter((name) => !faultByName(name));
  if (unknown.length > 0) throw new UnknownFaultError(unknown);
  return faultNames.reduce((behaviour, name) => faultByName(name)!.apply(behaviour), base);
}
