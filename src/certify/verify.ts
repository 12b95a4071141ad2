/** `npm run certify -- --verify <dir>`: re-digest a certification's files against its manifest. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error.ts';
import { MANIFEST_FILE, verifyManifest } from '../report/evidence.ts';

export function verifyCertification(dir: string): number {
  if (!existsSync(join(dir, MANIFEST_FILE)))
    throw new ConfigError(`${dir} holds no ${MANIFEST_FILE}; point --verify at a certification folder.`);
  const check = verifyManifest(dir);
  if (check.ok) {
    process.stdout.write(`All ${check.checked} files of ${dir} match ${MANIFEST_FILE}.\n`);
    return 0;
  }
  for (const f of check.changed) process.stdout.write(`changed: ${f}\n`);
  for (const f of check.missing) process.stdout.write(`missing: ${f}\n`);
  process.stdout.write(
    `${check.changed.length} changed and ${check.missing.length} missing of ${check.checked} files listed in ${MANIFEST_FILE}.\n`,
  );
  return 1;
}
