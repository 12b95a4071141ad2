/**
 * Where the k6 binary is, for every command that runs k6 (npm run load, load:contract, bench:load, the
 * certification's load smoke, the k6 tests). k6 is the user's own install, found as k6 users run it:
 *   1. K6_BIN, when set (a wrong K6_BIN is an error, never silently replaced);
 *   2. `k6` on PATH.
 * The project never downloads or builds k6 (its Go module is AGPL, marked not to use). The k6 tests of `npm test`
 * take a list instead (K6_BINS) and run once per binary.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { EXIT_CODES } from '../config/exit-codes.ts';

/** The short reason every k6-dependent step gives when there is no k6: in reports' banners and skip lines. */
export const NO_K6 = 'no k6 (K6_BIN / PATH)';

/** The reason every k6 end-to-end test gives when it skips; npm test's closing lines count the tests that gave it. */
export const K6_TESTS_SKIPPED = `${NO_K6}: the k6 end-to-end tests need the user's own k6 (npm run check:k6 says how to get one)`;

/** Where a user gets k6: Grafana's own packages. Printed wherever a command needs k6 and found none. */
export const INSTALL_HINT = [
  "Install k6 (v1.x or v2.x) from Grafana's own packages (https://grafana.com/docs/k6/latest/set-up/install-k6/):",
  "  Debian/Ubuntu: Grafana's k6 apt repository, then `sudo apt-get install k6`;  Fedora/RHEL: its rpm repository, `sudo dnf install k6`",
  '  macOS: `brew install k6`    Windows: `winget install k6 --source winget`',
  '  a container: the `grafana/k6` image (mount this repository; k6 runs the TypeScript scripts as they are)',
  '  or a release binary from the grafana/k6 releases page on GitHub.',
  'Then put it on PATH, or point K6_BIN at it. This project never downloads or builds k6 itself.',
].join('\n');

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A k6 found, or why not. `badSetting`: K6_BIN is set but names no executable, a configuration error (exit 2, as for
 * K6_BINS); otherwise no k6 is installed at all (exit 3, a required tool missing): k6MissingExitCode.
 */
export type K6Lookup = { found: true; path: string } | { found: false; reason: string; badSetting: boolean };

/** The exit code of a command that needs k6 and has none: README's table, 2 for a bad K6_BIN, 3 for no k6. */
export function k6MissingExitCode(lookup: { badSetting: boolean }): number {
  return lookup.badSetting ? EXIT_CODES.usage : EXIT_CODES.toolMissing;
}

export function findK6(env: NodeJS.ProcessEnv = process.env): K6Lookup {
  const named = env.K6_BIN?.trim();
  if (named) {
    return isExecutableFile(named)
      ? { found: true, path: named }
      : { found: false, reason: `K6_BIN names "${named}", which is not an executable file.`, badSetting: true };
  }
  const names = process.platform === 'win32' ? ['k6.exe', 'k6'] : ['k6'];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      if (isExecutableFile(candidate)) return { found: true, path: candidate };
    }
  }
  return { found: false, reason: `${NO_K6}: K6_BIN is not set and there is no k6 on PATH.`, badSetting: false };
}

export interface K6Binary {
  path: string;
  /** "2.2.0", or null when `k6 version` did not answer. */
  version: string | null;
}

/** A binary the tests were told to use (K6_BINS) that cannot be: a failure, not a skip. */
export interface K6BinaryError {
  path: string;
  error: string;
}

/**
 * The k6 binaries the k6 tests run with, each once: K6_BINS (paths joined with ':' or ','), else the one findK6
 * gives. Named binaries that do not run are returned as errors.
 */
export function k6Binaries(env: NodeJS.ProcessEnv = process.env): {
  binaries: K6Binary[];
  errors: K6BinaryError[];
  source: string;
  /** No K6_BINS and no k6 found: whether K6_BIN named something that is none (findK6's badSetting). */
  badSetting: boolean;
} {
  const listed = (env.K6_BINS ?? '')
    .split(/[,:]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (listed.length > 0) {
    const binaries: K6Binary[] = [];
    const errors: K6BinaryError[] = [];
    for (const path of listed) {
      const version = isExecutableFile(path) ? k6Version(path) : null;
      if (version === null)
        errors.push({
          path,
          error: `K6_BINS names "${path}", which is ${isExecutableFile(path) ? 'not a k6 that answers `k6 version`' : 'not an executable file'}.`,
        });
      else binaries.push({ path, version });
    }
    return { binaries, errors, source: 'K6_BINS', badSetting: false };
  }
  const one = findK6(env);
  return {
    binaries: one.found ? [{ path: one.path, version: k6Version(one.path) }] : [],
    errors: [],
    source: one.found ? 'K6_BIN or PATH' : one.reason,
    badSetting: !one.found && one.badSetting,
  };
}

/** "1.3.0" from `k6 version` ("k6 v1.3.0 (commit/..., go1.24, linux/amd64)"), or null. */
export function parseK6Version(output: string): string | null {
  const m = /\bv?(\d+\.\d+\.\d+(?:[-+][\w.-]+)?)/.exec(output);
  return m ? m[1] : null;
}

export function k6Version(bin: string): string | null {
  const out = spawnSync(bin, ['version'], { encoding: 'utf8', timeout: 15_000 });
  return out.status === 0 ? parseK6Version(`${out.stdout}`) : null;
}
