// npm run load:compare as the tests run it: a child process with no inherited environment but PATH and HOME, its
// reports under the folder given, its V8 coverage counted in load coverage (test/load/load-coverage.ts).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { loadCoverageEnv } from './load-coverage.ts';

const ROOT = join(import.meta.dirname, '..', '..');

export function runLoadCompare(args: string[], reportsDir: string): { code: number | null; stdout: string; stderr: string } {
  const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli', 'load-compare.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: dirname(process.execPath), HOME: process.env.HOME ?? '/tmp', REPORTS_DIR: reportsDir, ...loadCoverageEnv() },
    timeout: 60_000,
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}
