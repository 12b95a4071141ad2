/**
 * Where the k6 binary is, for every command that runs k6 (npm run load, load:contract, bench:load, the
 * certification's load smoke, the k6 tests). One order everywhere:
 *   1. K6_BIN, when set (a wrong K6_BIN is an error, never silently replaced);
 *   2. the newest k6 that `npm run setup:k6` built into K6_TOOLS_DIR (default `.tools/`): `.tools/k6-v2.2.0/k6`;
 *   3. `k6` on PATH.
 * The k6 tests of `npm test` take a list instead (K6_BINS) and run once per binary.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function toolsDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(REPO_ROOT, env.K6_TOOLS_DIR?.trim() || '.tools');
}

export const INSTALL_HINT = [
  'Install k6 (v1.x or v2.x) as described in https://grafana.com/docs/k6/latest/set-up/install-k6/ :',
  '  with Go: `npm run setup:k6` builds k6 v2.2.0 and v1.3.0 into .tools/, where the suite finds them',
  "  Debian/Ubuntu: add Grafana's k6 apt repository, then `sudo apt-get install k6`",
  '  macOS: `brew install k6`    Windows: `winget install k6`',
  '  Docker: `docker run --rm -i grafana/k6 run - <script.js>` (mount this repository to use the TypeScript scripts)',
  '  or download a release binary from GitHub (grafana/k6 releases) and point K6_BIN at it.',
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

export type K6Lookup = { found: true; path: string } | { found: false; reason: string };

/** [2, 2, 0] from "k6-v2.2.0"; null for any other folder name. */
function toolsFolderVersion(name: string): number[] | null {
  const m = /^k6-v(\d+)\.(\d+)\.(\d+)$/.exec(name);
  return m ? m.slice(1).map(Number) : null;
}

/** The binaries `npm run setup:k6` installed, newest version first. */
export function toolsBinaries(env: NodeJS.ProcessEnv = process.env): string[] {
  const dir = toolsDir(env);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const byVersion = (a: number[], b: number[]): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  return names
    .map((name) => ({ name, version: toolsFolderVersion(name) }))
    .filter((f): f is { name: string; version: number[] } => f.version !== null)
    .sort((a, b) => byVersion(b.version, a.version))
    .map((f) => join(dir, f.name, 'k6'))
    .filter(isExecutableFile);
}

export function findK6(env: NodeJS.ProcessEnv = process.env): K6Lookup {
  const named = env.K6_BIN?.trim();
  if (named) {
    return isExecutableFile(named)
      ? { found: true, path: named }
      : { found: false, reason: `K6_BIN names "${named}", which is not an executable file.` };
  }
  const built = toolsBinaries(env);
  if (built.length > 0) return { found: true, path: built[0] };
  const names = process.platform === 'win32' ? ['k6.exe', 'k6'] : ['k6'];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      if (isExecutableFile(candidate)) return { found: true, path: candidate };
    }
  }
  return {
    found: false,
    reason: `no k6: K6_BIN is not set, ${toolsDir(env)} holds none (npm run setup:k6 builds it there) and there is none on PATH.`,
  };
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
 * The k6 binaries the k6 tests run with, each once: K6_BINS (paths joined with ':' or ','), else every
 * binary in .tools/, else the one findK6 gives. Named binaries that do not run are returned as errors.
 */
export function k6Binaries(env: NodeJS.ProcessEnv = process.env): { binaries: K6Binary[]; errors: K6BinaryError[]; source: string } {
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
    return { binaries, errors, source: 'K6_BINS' };
  }
  const built = toolsBinaries(env);
  if (built.length > 0) return { binaries: built.map((path) => ({ path, version: k6Version(path) })), errors: [], source: toolsDir(env) };
  const one = findK6(env);
  return {
    binaries: one.found ? [{ path: one.path, version: k6Version(one.path) }] : [],
    errors: [],
    source: one.found ? 'K6_BIN or PATH' : one.reason,
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
