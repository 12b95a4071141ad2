/**
 * Whether a run (conformance, fuzz, certification) may create and cancel subscriptions on the target:
 * never in production; on a shared environment only when the cancel route is known, so every record
 * created can be cancelled again.
 */
import type { SuiteConfig } from '../config/suite-config.ts';
import type { TargetProfile } from '../config/target-profile.ts';

export type WritePolicy = { allowed: true } | { allowed: false; reason: string };

export function writePolicy(config: Pick<SuiteConfig, 'environment'>, profile: TargetProfile): WritePolicy {
  if (config.environment === 'production')
    return { allowed: false, reason: 'API_ENVIRONMENT=production: the suite never creates or cancels subscriptions in production.' };
  if (!profile.cancel && config.environment !== 'local') {
    return {
      allowed: false,
      reason:
        'The cancel route is not shown in the contract and the profile does not name it, so a record created on a shared environment could not be cancelled; set "cancel" in the profile.',
    };
  }
  return { allowed: true };
}
