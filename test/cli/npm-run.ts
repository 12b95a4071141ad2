/**
 * Runs an npm script as npm runs it, without npm's own start-up (about 0.8 s of CPU a call, and npm test makes dozens
 * of these calls): the script's command from package.json in a shell, node_modules/.bin first on PATH, the arguments
 * appended as `npm run <script> -- ...` appends them. The README's commands (test/docs/readme-commands.test.ts) and the
 * interrupt tests go through npm itself, so its part (arguments passed on, the exit code) stays held.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

export interface NpmRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `command` (a script's text; leading VAR=value words are environment, as in any shell) with `args`, run as npm runs
 * a script: `sh -c '<command> "$@"'` in the project folder, node_modules/.bin first on PATH. `env` is the whole
 * environment.
 */
export function runScriptCommand(command: string, args: readonly string[], env: Record<string, string | undefined>): Promise<NpmRun> {
  const path = [join(ROOT, 'node_modules', '.bin'), env.PATH ?? process.env.PATH ?? ''].join(delimiter);
  const child = spawn('sh', ['-c', `${command} "$@"`, 'npm-script', ...args], {
    cwd: ROOT,
    env: { ...env, PATH: path },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/**
 * `npm run --silent <script> -- ...args` as a user types it, in an environment cleared of the developer's target and of
 * the project test run's own variables, plus `env`. For the tests of what a command prints and exits with.
 */
export function npmRun(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<NpmRun> {
  const command = SCRIPTS[script];
  if (command === undefined) throw new Error(`package.json has no script "${script}"`);
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(API_(?!DURABILITY_WAIT$)|REFERENCE_|RUN_ID$|REPORTS_DIR$|FUZZ_|PW_|TEST_|PLAYWRIGHT_|K6_)/.test(k))
      clean[k] = v;
  return runScriptCommand(command, args, { ...clean, FORCE_COLOR: '0', ...env });
}
