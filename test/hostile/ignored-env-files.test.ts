// Issue 10, defect 9: every local env file a user may keep credentials in is git-ignored; the template is not.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

/** True when git would ignore this path of the repository (no need for the file to exist). */
function ignored(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: new URL('../..', import.meta.url) });
    return true;
  } catch {
    return false;
  }
}

test('defect 9: .env, .env.staging, .env.local, .env.production and .envrc are ignored; .env.example is tracked', () => {
  for (const file of ['.env', '.env.staging', '.env.local', '.env.production', '.envrc']) expect(ignored(file), file).toBe(true);
  expect(ignored('.env.example')).toBe(false);
});
