/**
 * Preflight of a certification: the target answers, accepts the credentials, and its health check
 * works. Anything else stops the certification with one sentence (a ConfigError of its kind): a report on
 * a target that cannot be reached would only be a list of failures that say nothing.
 */
import { ConfigError } from '../config/config-error.ts';
import type { Session } from '../run/target-session.ts';
import { checkTargetReachable, unreachableAsConfigError } from '../run/target-reachable.ts';

export interface PreflightResult {
  /** One line for the progress output and the report's phase table. */
  detail: string;
}

const ok = (status: number) => status >= 200 && status < 300;

export async function preflight(session: Session, baseUrl: string): Promise<PreflightResult> {
  const { client, profile } = session;
  const ex = await checkTargetReachable(client, baseUrl);
  return unreachableAsConfigError(baseUrl, async () => {
    if (!profile.health)
      return {
        detail: `target answers (GET /offer ${ex.status}); the health route is not shown in the contract nor named in the profile: discovery looks for it`,
      };
    const health = await client.health('none');
    if (ok(health.status))
      return {
        detail: `target answers (GET /offer ${ex.status}), credentials accepted, health check ${health.method} ${health.path} ${health.status}`,
      };
    // Only with credentials: it works, and the conformance run reports HEALTH-NO-CREDENTIALS.
    const withCredentials = await client.health('valid');
    if (ok(withCredentials.status))
      return {
        detail: `target answers, credentials accepted; the health check answers ${health.status} without credentials and ${withCredentials.status} with them (HEALTH-NO-CREDENTIALS reports it)`,
      };
    throw new ConfigError(
      `The health check ${health.method} ${health.path} of ${baseUrl} answered HTTP ${health.status} (and ${withCredentials.status} with credentials); the target does not report itself available, so it cannot be certified now.`,
      'target-unavailable',
    );
  });
}
