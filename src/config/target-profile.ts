/**
 * The target profile answers the contract's "not shown" items for one target (cancel route, health
 * route, status codes, maximum page size). The default is the widest honest reading, so the suite
 * never fails on a guess; a pinned profile (the reference's, or one written by discovery) turns a
 * change in those behaviours into drift.
 */
import { readJsonFile } from './read-json-file.ts';
import { validateTargetProfile as validateProfile } from '../schema/profile-validator.generated.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { ConfigError } from './config-error.ts';
import type { StrictnessKind } from '../contract/strictness.ts';

export type StatusExpectation = Array<number | `${1 | 2 | 3 | 4 | 5}xx`>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RouteSpec {
  method: HttpMethod;
  path: string;
}

export type StatusKey =
  | 'create'
  | 'cancel'
  | 'missingCredentials'
  | 'wrongCredentials'
  | 'unknownId'
  | 'cancelNotCancellable'
  | 'rateLimited';

export interface TargetProfile {
  name?: string;
  cancel?: RouteSpec | null;
  health?: RouteSpec | null;
  status?: Partial<Record<StatusKey, StatusExpectation>>;
  maxLimit?: number | null;
  /**
   * Strictness kinds (src/contract/strictness.ts) pinned for this target: `strict` (it refuses such input, so a
   * strictness finding is drift), `lenient` (it is known to accept it: listed, and not failed even in strict mode).
   */
  strictness?: Partial<Record<StrictnessKind, 'strict' | 'lenient'>>;
}

/** What each status item means when no profile pins it: the widest reading the contract allows. */
export const WIDEST_STATUS: Record<StatusKey, StatusExpectation> = {
  create: ['2xx'],
  cancel: ['2xx'],
  missingCredentials: ['4xx'],
  wrongCredentials: ['4xx'],
  unknownId: ['4xx'],
  // Which states a cancel is allowed from is not shown: an idempotent 2xx is as plausible as a refusal.
  cancelNotCancellable: ['2xx', '4xx'],
  rateLimited: ['4xx'],
};

export const DEFAULT_PROFILE: TargetProfile = { name: 'default (widest reading)', cancel: null, health: null, status: {}, maxLimit: null };

// The profile schema is ours, not the contract's: its validator (imported above) is generated apart from the contract
// registry's (src/schema/standalone.ts), so reading a profile loads no Ajv.

/**
 * The error worth showing: the deepest one, skipping the "must be null" and oneOf noise that a nullable
 * route or limit produces (Ajv lists those first, which would tell a user with a bad method to write null).
 */
function mostTelling(errors: ErrorObject[]): ErrorObject | undefined {
  const telling = errors.filter((e) => e.keyword !== 'oneOf' && !(e.keyword === 'type' && e.params.type === 'null'));
  return (telling.length ? telling : errors).reduce<ErrorObject | undefined>(
    (best, e) => (!best || e.instancePath.length > best.instancePath.length ? e : best),
    undefined,
  );
}

export function parseProfile(json: unknown, source: string): TargetProfile {
  if (!validateProfile(json)) {
    const error = mostTelling(validateProfile.errors ?? []);
    const where = error?.instancePath || '(root)';
    const extra = error?.keyword === 'additionalProperties' ? ` ("${String(error.params.additionalProperty)}")` : '';
    throw new ConfigError(`The target profile ${source} is invalid at ${where}: ${error?.message ?? 'unknown error'}${extra}.`);
  }
  return json as TargetProfile;
}

export function loadProfile(path: string | null): TargetProfile {
  if (!path) return DEFAULT_PROFILE;
  return parseProfile(readJsonFile(path, 'target profile'), `"${path}"`);
}

/** The expectation in force for a status item, and whether a profile pinned it. */
export function expectedStatus(profile: TargetProfile, key: StatusKey): { expected: StatusExpectation; pinned: boolean } {
  const pinned = profile.status?.[key];
  return pinned ? { expected: pinned, pinned: true } : { expected: WIDEST_STATUS[key], pinned: false };
}

export function statusMatches(expectation: StatusExpectation, status: number): boolean {
  return expectation.some((e) => (typeof e === 'number' ? e === status : Math.floor(status / 100) === Number(e[0])));
}

export function describeExpectation(expectation: StatusExpectation): string {
  return expectation.join(' or ');
}

export function fillPath(route: RouteSpec, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Route ${route.path} needs parameter ${name}`);
    return encodeURIComponent(value);
  });
}
