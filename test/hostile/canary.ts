// The hostile test bed's credentials and target profile, apart from its fixtures (no Playwright: a driver process
// imports them too).
import { join } from 'node:path';
import { loadProfile } from '../../src/config/target-profile.ts';
import { nearMissCredentials } from '../../src/contract/near-miss-credentials.ts';
import { type JournalTarget, journalTarget } from '../../src/run/journal.ts';

/**
 * Canary credentials: no window of FRAGMENT characters of them (or of their encodings) is an ordinary word, so
 * any found in output is a leak ("canary-subscription-key" was not: "subscrip" is in every report).
 */
export const CANARY = { subscriptionKey: 'cNq7Zt2Hx9KfW3vR8pLm', secret: 'sVx9Lp4Qj6Yd1Bn5Gt0Ew' };

/** A second partner's canary credentials (API_SECOND_*: the partner-isolation check), redacted like the first's. */
export const CANARY_SECOND = { subscriptionKey: 'kJ4wQz8Tn2Xv6Rb0Hm5D', secret: 'pF3yVc7Ls1Wg9Nq4Ze8Ua' };

/**
 * The near misses a run with both canary pairs sends (src/contract/near-miss-credentials.ts): each value one character
 * off a canary is as good as the canary, so a scan looks for them too (issue 50, item 2).
 */
export const CANARY_NEAR_MISSES: readonly string[] = [
  ...new Set(nearMissCredentials(CANARY, CANARY_SECOND).flatMap((m) => [m.credentials.subscriptionKey, m.credentials.secret])),
].filter((value) => ![CANARY, CANARY_SECOND].some((pair) => pair.subscriptionKey === value || pair.secret === value));

/** The reference server's own profile (cancel and health routes). */
export const REFERENCE_PROFILE = loadProfile(join(import.meta.dirname, '../../reference/profile.json'));

/** The journal target of a run with the canary credentials against `url` (a loopback target: environment local). */
export function canaryTarget(url: string): JournalTarget {
  return journalTarget({ baseUrl: url, environment: 'local', credentials: CANARY });
}
