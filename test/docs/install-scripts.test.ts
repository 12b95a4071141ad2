// npm 11 warns on every install about each dependency whose install script `allowScripts` (package.json) does not
// cover, and npm 12 skips those scripts (issue 49, item 5). The project declares its choice for every package of the
// lockfile that has one, so `npm ci` on a clean clone is silent and a new dependency with a script is a decision.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../checkout.ts';

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** Every package of the lockfile as name and version ("node_modules/a/node_modules/@s/b" is "@s/b"). */
const locked = Object.entries(lock.packages)
  .filter(([path]) => path.includes('node_modules/'))
  .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), ...entry }));

/** npm's allowScripts key: a bare name (every version) or name@version(s), "@scope/name" kept whole. */
function keyCovers(key: string, name: string, version: string | undefined): boolean {
  const at = key.indexOf('@', 1);
  if (at === -1) return key === name;
  return (
    key.slice(0, at) === name &&
    key
      .slice(at + 1)
      .split('||')
      .some((v) => v.trim() === version)
  );
}

test('every package of package-lock.json with an install script has an allowScripts entry in package.json', () => {
  const withScripts = locked.filter((p) => p.hasInstallScript);
  expect(
    withScripts.map((p) => p.name),
    'the scan sees the one known (esbuild, through tsx)',
  ).toContain('esbuild');
  const keys = Object.keys(pkg.allowScripts ?? {});
  const uncovered = withScripts.filter((p) => !keys.some((key) => keyCovers(key, p.name, p.version)));
  expect(
    uncovered.map((p) => `${p.name}@${p.version}`),
    'approve or deny each: npm install-scripts approve <pkg>',
  ).toEqual([]);
});

test('every allowScripts entry names a package of the lockfile that has an install script (none left stale)', () => {
  const stale = Object.keys(pkg.allowScripts ?? {}).filter(
    (key) => !locked.some((p) => p.hasInstallScript && keyCovers(key, p.name, p.version)),
  );
  expect(stale, 'drop it: npm install-scripts prune').toEqual([]);
});
