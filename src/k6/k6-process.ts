/**
 * Running the k6 binary for `npm run load`, `npm run load:contract` and `npm run bench:load`; where it
 * is found (K6_BIN, else PATH) is src/k6/k6-binary.ts, shared with the certification.
 */
import { spawn } from 'node:child_process';

export { INSTALL_HINT, findK6, k6MissingExitCode, k6Version, parseK6Version, type K6Lookup } from './k6-binary.ts';

/**
 * k6's own HTML report (its web dashboard, exported when the run ends) beside our run report. No browser
 * and no listening port (-1): runs side by side on one machine would collide on the dashboard's 5665.
 * A period of 1s (k6's default is 10s) so a run of a few seconds still has data to draw; a user's
 * K6_WEB_DASHBOARD_PERIOD wins.
 */
export function dashboardEnv(dashboardPath: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    K6_WEB_DASHBOARD: 'true',
    K6_WEB_DASHBOARD_PORT: '-1',
    K6_WEB_DASHBOARD_OPEN: 'false',
    K6_WEB_DASHBOARD_PERIOD: env.K6_WEB_DASHBOARD_PERIOD?.trim() || '1s',
    K6_WEB_DASHBOARD_EXPORT: dashboardPath,
  };
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
export function startK6(
  bin: string,
  script: string,
  env: NodeJS.ProcessEnv,
  extraArgs: readonly string[] = [],
  cwd = process.cwd(),
): K6Process {
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
