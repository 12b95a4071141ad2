/**
 * `npm run certify -- --verify <dir> [--public-key <pub.pem>]`: may an operator trust this package?
 * First whether it holds together (src/report/signature.ts, checkPackageIntegrity, the one check `history --public-key`
 * uses too): the manifest is signed by the key given (with --public-key), every file it lists is unchanged and no file
 * beside them is present (an unlisted file would pass for verified content). Then whether the package is marked a
 * certification (nothing failed, nothing INCOMPLETE unless waived; for a client package, its verdict PASS). A package
 * that is whole but evidence only (a FAIL, an INCOMPLETE run) is refused saying it is whole: a partner hands the
 * operator evidence of a FAIL too. A refusal is one sentence on stderr, exit 1. A folder with no manifest, or a key
 * file that is not one, is exit 2.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error.ts';
import { EXIT_CODES } from '../config/exit-codes.ts';
import { MANIFEST_FILE, readManifest } from '../report/evidence.ts';
import { checkPackageIntegrity, integrityText, readPublicKey } from '../report/signature.ts';

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
  const integrity = checkPackageIntegrity(dir, key);
  if (integrity.problem !== null) return refuse(integrity.problem);
  const whole = `${dir} is whole (${integrityText(integrity)}), but`;
  const record = readManifest(dir).package;
  // Every package's manifest records what it is, a service's or a client's: one without is not taken for a certification.
  if (!record) return refuse(`${whole} its ${MANIFEST_FILE} records no certification mark (written by a suite older than the mark).`);
  if (record.status !== 'certification') return refuse(`${whole} is evidence only, not a certification: ${record.reason}`);
  const what =
    record.kind === 'client'
      ? `a client certification (suite ${record.suiteVersion}, contract sha256:${record.contractSha256.slice(0, 12)}…)`
      : `a certification (suite ${record.suiteVersion}, contract sha256:${record.contractSha256.slice(0, 12)}…, deployment ${record.deploymentVersion ?? 'version not given'})`;
  return {
    exitCode: EXIT_CODES.pass,
    sentence: `Verified: ${dir} is ${what}, ${integrity.signer}; all ${integrity.files} files match ${MANIFEST_FILE}.`,
  };
}

/** The command: the sentence on stdout (verified) or stderr (refused), and the exit code. */
export function verifyCertification(dir: string, publicKeyPath: string | null = null): number {
  const result = verifyPackage(dir, publicKeyPath);
  (result.exitCode === EXIT_CODES.pass ? process.stdout : process.stderr).write(`${result.sentence}\n`);
  return result.exitCode;
}
