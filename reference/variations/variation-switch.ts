// The variation switch: one choice the contract allows, made the other plausible way.
import type { Behaviour } from '../behaviour.ts';
import type { StrictnessKind } from '../../src/contract/strictness.ts';

export interface VariationSwitch {
  name: string;
  /** The choice, as an operator would describe it. */
  description: string;
  /** The behaviour with this choice made. */
  apply(behaviour: Behaviour): Behaviour;
  /** Too slow to run under every suite alone (rate limit, latency): the self-test runs it in a slow composite. */
  slow?: boolean;
  /**
   * The strictness findings (src/contract/strictness.ts) a certification of this variation lists: it passes with them,
   * and fails under API_STRICT=1 (test/certify/certify-strictness.test.ts). Absent: none.
   */
  shows?: readonly StrictnessKind[];
}
