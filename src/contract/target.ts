/**
 * What a target is to every entry point (suite, certify, k6): its environment, whether it is on this machine, and the
 * rule for a remote target nobody named. Pure, with no URL parser (k6 has none built in): each side parses the base URL
 * its own way and asks these about the host. src/config/suite-config.ts and load/lib/config.ts both take it from here.
 */
export type TargetEnvironment = 'local' | 'staging' | 'production';
export const TARGET_ENVIRONMENTS: readonly TargetEnvironment[] = ['local', 'staging', 'production'];

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A host name (as a URL spells it: IPv6 in brackets) that stays on this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOST.test(host);
}

/** The environment of a target that does not name one: an unknown remote target is staging, never careless. */
export function defaultEnvironment(loopback: boolean): TargetEnvironment {
  return loopback ? 'local' : 'staging';
}
