// `certify --verify` on a package that is not a certification (issue 49, item 4): a partner hands the operator the
// evidence of a FAIL too, so the refusal first says whether its files and signature check. And one check of a
// package's integrity (checkPackageIntegrity) serves `certify --verify` and `history --public-key` alike: a package
// either refuses, the other skips with the same sentence. Packages are fabricated (the report fixtures), no run.
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { verifyPackage } from '../../src/certify/verify.ts';
import { DEFAULT_HISTORY_OPTIONS } from '../../src/history/analyse.ts';
import { writeHistory } from '../../src/history/history.ts';
import { writeManifest } from '../../src/report/evidence.ts';
import { signManifest } from '../../src/report/signature.ts';
import { npmRun } from '../cli/npm-run.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { verdictReports } from './report-fixtures.ts';
import { ROOT } from './run-certify.ts';

const DIR = join(PROJECT_TEST_OUTPUT, 'verify-package');
const pair = generateKeyPairSync('ed25519');
const signer = `sha256:${createHash('sha256')
  .update(createPublicKey(pair.privateKey).export({ type: 'spki', format: 'der' }))
  .digest('hex')}`;

/** A FAIL run's package as certify writes it: report, evidence, manifest with its mark, signed. */
function failPackage(name: string): { dir: string; publicKey: string } {
  const dir = join(DIR, name, 'runs', 'night-1');
  rmSync(join(DIR, name), { recursive: true, force: true });
  mkdirSync(join(dir, 'evidence'), { recursive: true });
  const report = verdictReports().fail;
  writeFileSync(join(dir, 'certification.json'), JSON.stringify(report));
  writeFileSync(join(dir, 'evidence', 'requests.jsonl'), `${JSON.stringify({ seq: 1, request: 'GET /offer', status: 200, ms: 9 })}\n`);
  writeManifest(dir, { ...report.package, signedBy: signer });
  signManifest(dir, pair.privateKey);
  const publicKey = join(DIR, name, 'signer.pub.pem');
  writeFileSync(publicKey, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  return { dir, publicKey };
}

test('--verify on a signed FAIL package: exit 1, saying its files and signature check, then that it is evidence only', async () => {
  const { dir, publicKey } = failPackage('fail');
  const ran = await npmRun('certify', ['--verify', dir, '--public-key', publicKey]);
  expect(ran.code, ran.stdout + ran.stderr).toBe(1);
  expect(ran.stdout).toBe('');
  expect(ran.stderr).toMatch(
    new RegExp(
      `^Refused: \\S+night-1 is whole \\(all 2 files match manifest\\.json, signed by ${signer}\\), but is evidence only, not a certification: 2 clause\\(s\\) fail \\([A-Z-]+, [A-Z-]+\\)[^\\n]*\\n$`,
    ),
  );
  // Without the key: whole, and the signature said unchecked.
  expect(verifyPackage(dir, null).sentence).toMatch(
    /is whole \(all 2 files match manifest\.json, signature not checked \(give --public-key\)\), but is evidence only/,
  );
});

test('one integrity check: a changed file is the refusal of --verify and the reason history --public-key skips the run, in the same words', () => {
  const { dir, publicKey } = failPackage('changed');
  const history = (folder: string) =>
    writeHistory({
      folders: [folder],
      out: join(DIR, 'changed', 'history'),
      options: DEFAULT_HISTORY_OPTIONS,
      publicKey: createPublicKey(pair.privateKey),
      root: ROOT,
    }).doc;
  // Whole, a FAIL package is still a run history takes (evidence of a FAIL is history too).
  expect(history(join(DIR, 'changed', 'runs')).runs.map((r) => r.dir)).toEqual([dir]);
  writeFileSync(join(dir, 'evidence', 'requests.jsonl'), 'changed\n');
  const refused = verifyPackage(dir, publicKey);
  expect(refused.exitCode).toBe(1);
  expect(refused.sentence).toMatch(
    /^Refused: of the 2 files manifest\.json lists in \S+, 1 changed \(evidence\/requests\.jsonl\) since it was written\.$/,
  );
  expect(refused.sentence).not.toContain('whole');
  const skipped = history(join(DIR, 'changed', 'runs')).skipped;
  expect(skipped).toEqual([{ dir, reason: `does not verify with --public-key: ${refused.sentence.slice('Refused: '.length)}` }]);
});
