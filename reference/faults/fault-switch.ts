// The fault switch: what one plausible bug is, and what a correct suite must report with it on.
import type { ClauseId } from '../../src/contract/clauses/catalogue.ts';
import type { Behaviour } from '../behaviour.ts';

export type CatchBy = 'conformance' | 'fuzz' | 'both';

export interface FaultSwitch {
  name: string;
  /** What the bug is, as a partner would describe it. */
  description: string;
  /** Clauses a correct suite must report failing with this fault on. */
  clauses: readonly ClauseId[];
  /** Which of the suites is expected to catch it. */
  catchBy: CatchBy;
  /** The bug: a change to one strategy of the behaviour table. */
  apply(behaviour: Behaviour): Behaviour;
}
