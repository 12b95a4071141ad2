/**
 * `npm run certify -- --verify <dir> [--public-key <pub.pem>]`: may an operator trust this package?
 * In order: the manifest is signed by the key given (with --public-key), every file it lists is unchanged and no file
 * beside them is present (an unlisted file would pass for verified content), and the package is marked a certification
 * (nothing failed, nothing INCOMPLETE unless waived; for a client package, its verdict PASS). The first that does not hold is
 * the refusal: one sentence on stderr, exit 1. A folder with no manifest, or a key file that is not one, is exit 2.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error.ts';
import { EXIT_CODES } from '../config/exit-codes.ts';
import { MANIFEST_FILE, readManifest, SIGNATURE_FILE, verifyManifest } from '../report/evidence.ts';
import { packageIntegrityProblem, readPublicKey } from '../report/signature.ts';

export interface Verification {
  exitCode: number;
  /** The one sentence: what was verified, or why the package is refused. */
  sentence: string;
}

export function verifyPackage(dir: string, publicKeyPath: string | null): Verification {
  if (!existsSync(join(dir, MANIFEST_FILE)))
    throw new ConfigError(`${dir} holds no ${MANIFEST_FILE}; point --verify at a certification folder.`);
  const key = publicKeyPath ? readPublicKey(publicKeyPath) : null;
  const refuse = (sentence: string): Verification => ({ exitCode: EXIT_CODES.contractFailure, sentence: `Refused: ${sentence}` });
  const problem = packageIntegrityProblem(dir, key);
  if (problem) return refuse(problem);
  const manifest = readManifest(dir);
  const files = verifyManifest(dir, manifest);
  const record = manifest.package;
  // Every package's manifest records what it is, a service's or a client's: one without is not taken for a certification.
  if (!record) return refuse(`${dir}'s ${MANIFEST_FILE} records no certification mark (written by a suite older than the mark).`);
  if (record.status !== 'certification') return refuse(`${dir} is evidence only, not a certification: ${record.reason}`);
  const who = key
    ? `signed by ${record.signedBy ?? 'the key given'}`
    : existsSync(join(dir, SIGNATURE_FILE))
      ? 'signature not checked (give --public-key)'
      : 'not signed';
  const what =
    record.kind === 'client'
      ? `a client certification (suite ${record.suiteVersion}, contract sha256:${record.contractSha256.slice(0, 12)}…)`
      : `a certification (suite ${record.suiteVersion}, contract sha256:${record.contractSha256.slice(0, 12)}…, deployment ${record.deploymentVersion ?? 'version not given'})`;
  return { exitCode: EXIT_CODES.pass, sentence: `Verified: ${dir} is ${what}, ${who}; all ${files.checked} files match ${MANIFEST_FILE}.` };
}

/** The command: the sentence on stdout (verified) or stderr (refused), and the exit code. */
export function verifyCertification(dir: string, publicKeyPath: string | null = null): number {
  const result = verifyPackage(dir, publicKeyPath);
  (result.exitCode === EXIT_CODES.pass ? process.stdout : process.stderr).write(`${result.sentence}\n`);
  return result.exitCode;
}
