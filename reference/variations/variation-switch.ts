// The variation switch: one choice the contract allows, made the other plausible way.
import type { Behaviour } from '../behaviour.ts';

export interface VariationSwitch {
  name: string;
  /** The choice, as an operator would describe it. */
  description: string;
  /** The behaviour with this choice made. */
  apply(behaviour: Behaviour): Behaviour;
  /** Too slow to run under every suite alone (rate limit, latency): the self-test runs it in a slow composite. */
  slow?: boolean;
}
