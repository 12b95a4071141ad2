/**
 * Runs an npm script as a user does (`npm run --silent <script> -- ...`), in an environment cleared of the developer's
 * target and of the project test run's own variables, plus `env`. For the tests of what a command prints and exits with.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface NpmRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function npmRun(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<NpmRun> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(API_|REFERENCE_|RUN_ID$|REPORTS_DIR$|FUZZ_|PW_|TEST_|PLAYWRIGHT_|K6_)/.test(k)) clean[k] = v;
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { ...clean, FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}
