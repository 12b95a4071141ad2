/**
 * Command line of `npm run certify`:
 *   --profile <pinned.json>   pin the target's "not shown" behaviours; a difference is drift (a failure)
 *   --waivers <waivers.json>  accepted failures, each with an owner and an expiry date
 *   --skip-load               do not run the load smoke (reported as not run)
 *   --out <dir>               where the certification goes (default: ${REPORTS_DIR:-reports}/certification)
 *   --verify <dir>            check a certification folder against its manifest, nothing else
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/config-error.ts';

export interface CertifyOptions {
  profile: string | null;
  waivers: string | null;
  skipLoad: boolean;
  /** Absolute path of the certification folder. */
  out: string;
  verify: string | null;
}

/**
 * Where a certification is written until it is complete: next to its folder, swapped in at the end, so an
 * interrupted or failed run leaves the previous certification as it was (issue 10, defect 7).
 */
export function stagingDir(out: string): string {
  return `${out}.partial`;
}

export const USAGE = 'npm run certify [-- --profile pinned.json] [--waivers waivers.json] [--skip-load] [--out dir] | [--verify dir]';

export function parseCertifyArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): CertifyOptions {
  let values: { profile?: string; waivers?: string; 'skip-load'?: boolean; out?: string; verify?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { profile: { type: 'string' }, waivers: { type: 'string' }, 'skip-load': { type: 'boolean' }, out: { type: 'string' }, verify: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const what = error instanceof Error ? error.message.split('\n')[0].replace(/\.$/, '') : String(error);
    throw new ConfigError(`${what}; usage: ${USAGE}.`);
  }
  for (const key of ['profile', 'waivers', 'out', 'verify'] as const) {
    if (values[key] !== undefined && !values[key]!.trim()) throw new ConfigError(`--${key} needs a path; usage: ${USAGE}.`);
  }
  return {
    profile: values.profile ? resolve(values.profile) : null,
    waivers: values.waivers ? resolve(values.waivers) : null,
    skipLoad: values['skip-load'] === true,
    out: resolve(values.out ?? join(env.REPORTS_DIR || 'reports', 'certification')),
    verify: values.verify ? resolve(values.verify) : null,
  };
}
