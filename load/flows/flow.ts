/**
 * The shape every scenario flow has: what a k6 script exports, made by a factory that takes the port. Pure module.
 * A factory is called once per VU at init (k6 runs a script's init code in every VU), so the state a VU keeps between
 * its iterations (a page walk, a poller's watermark, the offers found closed) lives in the factory's closure.
 */
import type { K6OptionsShape } from '../lib/scenario-options.ts';
import type { LoadConfig } from '../lib/config.ts';
import type { ScenarioName } from '../lib/names.ts';
import type { LoadPort } from '../lib/port.ts';

export interface ScenarioFlow<SetupData> {
  readonly scenario: ScenarioName;
  readonly config: LoadConfig;
  /** k6 `options`: the scenario (its `exec` names the script's iteration export) and the thresholds. */
  readonly options: K6OptionsShape;
  setup(): SetupData;
  /** One iteration (the function `options.scenarios[*].exec` names). */
  iteration(data: SetupData): void;
  teardown(data: SetupData): void;
  /** k6's handleSummary: file path (or `stdout`) -> content. */
  handleSummary(data: unknown): Record<string, string>;
}

export type FlowFactory<SetupData = unknown> = (port: LoadPort) => ScenarioFlow<SetupData>;
