/**
 * Finding and running the k6 binary for `npm run load` and `npm run load:contract`.
 * K6_BIN names the binary; otherwise it is looked up on PATH.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const INSTALL_HINT = [
  'k6 was not found: set K6_BIN to the k6 binary, or put k6 on PATH.',
  'Install k6 (v1.x or v2.x) as described in https://grafana.com/docs/k6/latest/set-up/install-k6/ :',
  '  Debian/Ubuntu: add Grafana\'s k6 apt repository, then `sudo apt-get install k6`',
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

export function findK6(env: NodeJS.ProcessEnv = process.env): K6Lookup {
  const named = env.K6_BIN?.trim();
  if (named) {
    return isExecutableFile(named) ? { found: true, path: named } : { found: false, reason: `K6_BIN names "${named}", which is not an executable file.` };
  }
  const names = process.platform === 'win32' ? ['k6.exe', 'k6'] : ['k6'];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      if (isExecutableFile(candidate)) return { found: true, path: candidate };
    }
  }
  return { found: false, reason: 'no k6 on PATH and K6_BIN is not set.' };
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

/** What a k6 exit code means (errext/exitcodes in k6). */
export const K6_EXIT_CODES: Readonly<Record<number, string>> = {
  0: 'finished',
  97: 'cloud test run failed',
  99: 'thresholds crossed',
  100: 'setup() timed out',
  101: 'teardown() timed out',
  104: 'invalid configuration',
  105: 'aborted by a signal',
  107: 'script error',
  108: 'aborted by the script',
  109: 'k6 crashed',
  110: 'marked as failed',
};

export function describeK6Exit(code: number | null): string {
  if (code === null) return 'k6 was killed';
  return `k6 exited with code ${code} (${K6_EXIT_CODES[code] ?? 'unknown'})`;
}

export interface K6Process {
  pid: number | undefined;
  done: Promise<number | null>;
  /** Ask k6 to stop gracefully (it still runs teardown and handleSummary). */
  interrupt(): void;
}

/**
 * Starts `k6 run <script>` with the given environment (credentials travel in the environment, never
 * on the command line). Output goes to this process's stdout/stderr.
 */
export function startK6(bin: string, script: string, env: NodeJS.ProcessEnv, extraArgs: readonly string[] = [], cwd = process.cwd()): K6Process {
  const child = spawn(bin, ['run', ...extraArgs, script], { env, cwd, stdio: 'inherit' });
  const done = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
  return {
    pid: child.pid,
    done,
    interrupt: () => {
      if (child.exitCode === null) child.kill('SIGINT');
    },
  };
}
