// A certification package the operator can trust (issue 32, item 7): the package records the suite's version, the
// contract's digest and the partner's deployment version; it is a "certification" only when nothing failed and nothing
// is INCOMPLETE (or each such clause is waived), else "evidence only"; `--sign` writes a detached Ed25519 signature
// over the manifest and `--verify --public-key` checks signature, files and mark. A good package verifies; a tampered
// file, a wrong key, a manifest edited after signing and an INCOMPLETE run are each refused with one sentence.
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { renderHtml } from '../../src/certify/report/html-writer.ts';
import { renderMarkdown } from '../../src/certify/report/markdown-writer.ts';
import { verifyManifest } from '../../src/report/evidence.ts';
import { validateCertificationReport } from '../../src/report/report-schema.ts';
import { allFiles, type CertifyRun, FEW_FUZZ_CASES, ONE_WORKER, ROOT, runCertify, TESTS_DIR } from './run-certify.ts';
import { reportWith, verdictReports } from './report-fixtures.ts';
import { type NpmRun, npmRun } from '../cli/npm-run.ts';

const DIR = join(TESTS_DIR, 'package');
const CONTRACT_SHA256 = createHash('sha256')
  .update(readFileSync(join(ROOT, 'spec/offer-subscription-api.md')))
  .digest('hex');

test.describe('the package mark, from the verdict and the waivers', () => {
  test('PASS is a certification; FAIL and INCOMPLETE are evidence only, saying why; waiving each INCOMPLETE clause makes it one', () => {
    const r = verdictReports();
    expect(r.pass.package).toMatchObject({
      status: 'certification',
      contractSha256: 'c'.repeat(64),
      deploymentVersion: 'staging-2026.11.3',
    });
    expect(r.fail.package.status).toBe('evidence-only');
    expect(r.fail.package.reason).toMatch(/^2 clause\(s\) fail \((PAGE-MAX-LIMIT|SUB-CREATE-ECHO), (PAGE-MAX-LIMIT|SUB-CREATE-ECHO)\)/);
    expect(r.incomplete.verdict).toBe('incomplete');
    expect(r.incomplete.package).toMatchObject({ status: 'evidence-only' });
    expect(r.incomplete.package.reason).toMatch(
      /^2 must clause\(s\) are INCOMPLETE \([A-Z-]+: .+; [A-Z-]+: .+\); a certification needs each confirmed/,
    );
    // Waived failures pass the verdict (as before); waived INCOMPLETE clauses now do too, each with a reason and an expiry.
    expect(r.waived.package.status).toBe('certification');
    const skip: Array<['SUB-CANCEL', string]> = [['SUB-CANCEL', 'the profile names no cancel route']];
    const waived = reportWith({ skip, waive: true });
    expect(waived.verdict).toBe('pass');
    expect(waived.clauses.find((c) => c.id === 'SUB-CANCEL')).toMatchObject({ status: 'waived', verdict: 'skipped' });
    expect(waived.verdictReasons.join('\n')).toMatch(/SUB-CANCEL is not confirmed but is waived until 2030-12-31/);
    expect(waived.package).toMatchObject({ status: 'certification', reason: expect.stringMatching(/1 clause\(s\) waived/) });
    for (const report of [waived, r.incomplete, r.pass]) expect(validateCertificationReport(report).errors).toEqual([]);
  });

  test('HTML and Markdown say certification or evidence only, with the versions and digests the package records', () => {
    const { pass, incomplete } = verdictReports();
    expect(renderMarkdown(pass)).toContain('**Package: Certification**');
    expect(renderMarkdown(pass)).toMatch(/\| Deployment version \| staging-2026\.11\.3 \|/);
    expect(renderMarkdown(incomplete)).toMatch(/\*\*Package: Evidence only\*\* \(not a certification\): 2 must clause\(s\) are INCOMPLETE/);
    expect(renderHtml(pass)).toMatch(
      /<div class="package" id="package" data-package="certification"><strong>Package: Certification<\/strong>/,
    );
    expect(renderHtml(incomplete)).toMatch(/data-package="evidence-only"><strong>Package: Evidence only<\/strong> \(not a certification\)/);
    expect(renderHtml(pass)).toContain('deployment staging-2026.11.3');
  });
});

const npmCertify = (args: string[]) => npmRun('certify', args);

/** One sentence on stderr, nothing on stdout: how a refusal reads. */
function expectRefused(ran: NpmRun, says: RegExp): void {
  expect(ran.code, ran.stdout + ran.stderr).toBe(1);
  expect(ran.stdout).toBe('');
  expect(ran.stderr).toMatch(/^Refused: [^\n]+\n$/);
  expect(ran.stderr).toMatch(says);
}

test.describe('signed packages, verified as an operator would', { tag: '@long' }, () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  const keys = {
    private: join(DIR, 'keys', 'signer.pem'),
    public: join(DIR, 'keys', 'signer.pub.pem'),
    other: join(DIR, 'keys', 'other.pub.pem'),
  };
  let signer: string;
  let pass: CertifyRun;
  let incomplete: CertifyRun;

  test.beforeAll(async () => {
    // Two certifications: on a busy CI machine they take longer than a hook's default minute.
    test.setTimeout(300_000);
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(join(DIR, 'keys'), { recursive: true });
    const pair = generateKeyPairSync('ed25519');
    writeFileSync(keys.private, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(keys.public, pair.publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(keys.other, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    signer = `sha256:${createHash('sha256')
      .update(createPublicKey(pair.privateKey).export({ type: 'spki', format: 'der' }))
      .digest('hex')}`;
    const signing = ['--skip-load', ...ONE_WORKER, '--sign', keys.private];
    pass = await runCertify({
      label: 'package/pass',
      args: [...signing, '--deployment-version', 'partner-api 4.2.0+build.77'],
      env: FEW_FUZZ_CASES,
    });
    // Only the offers list runs: nothing fails, and every other must clause is INCOMPLETE.
    // Its --out holds what earlier runs leave: a previous package with its run's journal, and a killed run's journal in
    // the staging folder. Both journals must leave the package (kept beside it for cleanup), not travel in it unlisted.
    incomplete = await runCertify({
      label: 'package/incomplete',
      args: [...signing, '--clauses', 'OFFER-LIST'],
      env: FEW_FUZZ_CASES,
      before: (out) => {
        for (const [dir, run] of [
          [out, 'earlier-run'],
          [`${out}.partial`, 'killed-run'],
        ]) {
          mkdirSync(join(dir, 'suite', 'runs', run), { recursive: true });
          writeFileSync(join(dir, 'suite', 'runs', run, 'journal.jsonl'), `${JSON.stringify({ run })}\n`);
        }
        writeFileSync(join(out, 'index.html'), 'the previous certification');
      },
    });
  });

  test('a good package verifies, and records the suite, the contract digest, the deployment version and its signer', async () => {
    expect(pass.exitCode, pass.output.slice(-2000)).toBe(0);
    expect(pass.output).toContain(`package:  certification; signed (manifest.json.sig, key ${signer})`);
    const record = {
      status: 'certification',
      suiteVersion: '0.1.0',
      contractSha256: CONTRACT_SHA256,
      deploymentVersion: 'partner-api 4.2.0+build.77',
      signedBy: signer,
    };
    expect(pass.report?.package).toMatchObject(record);
    expect(JSON.parse(readFileSync(join(pass.out, 'manifest.json'), 'utf8')).package).toMatchObject(record);
    expect(readFileSync(join(pass.out, 'certification.md'), 'utf8')).toContain('**Package: Certification**');
    expect(readFileSync(join(pass.out, 'index.html'), 'utf8')).toContain('data-package="certification"');
    const ran = await npmCertify(['--verify', pass.out, '--public-key', keys.public]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toBe(
      `Verified: ${pass.out} is a certification (suite 0.1.0, contract sha256:${CONTRACT_SHA256.slice(0, 12)}…, deployment partner-api 4.2.0+build.77), signed by ${signer}; all ${JSON.parse(readFileSync(join(pass.out, 'manifest.json'), 'utf8')).files.length} files match manifest.json.\n`,
    );
  });

  test('the private key enters no file of the package and no line of the output', () => {
    const pem = readFileSync(keys.private, 'utf8');
    const body = pem.split('\n').filter((l) => l && !l.startsWith('-----'));
    for (const run of [pass, incomplete])
      for (const text of [run.output, ...allFiles(run.out).map((f) => readFileSync(f, 'latin1'))]) {
        for (const line of body) expect(text).not.toContain(line);
        expect(text).not.toContain('signer.pem');
      }
  });

  test('a tampered file is refused with one sentence naming it', async () => {
    const copy = join(DIR, 'tampered');
    rmSync(copy, { recursive: true, force: true });
    cpSync(pass.out, copy, { recursive: true });
    const file = join(copy, 'evidence', 'requests.jsonl');
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"forged":"a request the run never sent"}\n`);
    expectRefused(
      await npmCertify(['--verify', copy, '--public-key', keys.public]),
      /1 changed \(evidence\/requests\.jsonl\) since it was written\.$/m,
    );
  });

  test('a file added beside the signed ones is refused with one sentence naming every one', async () => {
    const copy = join(DIR, 'extra-files');
    rmSync(copy, { recursive: true, force: true });
    cpSync(pass.out, copy, { recursive: true });
    writeFileSync(join(copy, 'evidence', 'operator-notes.html'), '<p>Approved for production.</p>');
    writeFileSync(join(copy, 'WAIVER.md'), 'All failures are waived.');
    expectRefused(
      await npmCertify(['--verify', copy, '--public-key', keys.public]),
      /holds 2 file\(s\) manifest\.json does not list \(WAIVER\.md, evidence\/operator-notes\.html\): a package carries only what was signed\.$/m,
    );
  });

  test('journals of earlier runs leave the package for the kept journals beside it: what certify writes verifies whole', () => {
    expect(verifyManifest(incomplete.out)).toMatchObject({ ok: true, unlisted: [] });
    for (const run of ['earlier-run', 'killed-run']) {
      expect(readFileSync(join(`${incomplete.out}.journals`, 'runs', run, 'journal.jsonl'), 'utf8')).toBe(`${JSON.stringify({ run })}\n`);
      expect(existsSync(join(incomplete.out, 'suite', 'runs', run))).toBe(false);
    }
    expect(readdirSync(join(incomplete.out, 'suite', 'runs'))).toHaveLength(1);
  });

  test('a wrong key is refused with one sentence naming both keys', async () => {
    expectRefused(
      await npmCertify(['--verify', pass.out, '--public-key', keys.other]),
      new RegExp(`is signed with key ${signer}, not with the public key given \\(sha256:[0-9a-f]{64}\\)\\.$`, 'm'),
    );
  });

  test('an INCOMPLETE run is evidence only: exit 4, and --verify refuses it with one sentence', async () => {
    expect(incomplete.exitCode, incomplete.output.slice(-2000)).toBe(4);
    expect(incomplete.report?.package.status).toBe('evidence-only');
    expectRefused(
      await npmCertify(['--verify', incomplete.out, '--public-key', keys.public]),
      /is evidence only, not a certification: \d+ (must|binding) clause\(s\) are INCOMPLETE \([A-Z0-9-]+.*\); a certification needs each confirmed, or waived with a reason and an expiry; a security finding left unchecked cannot be waived\.$/m,
    );
  });

  test('a manifest edited to claim a certification after signing is refused by its signature', async () => {
    const copy = join(DIR, 'relabelled');
    rmSync(copy, { recursive: true, force: true });
    cpSync(incomplete.out, copy, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
    manifest.package.status = 'certification';
    writeFileSync(join(copy, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    expectRefused(
      await npmCertify(['--verify', copy, '--public-key', keys.public]),
      /does not match .*manifest\.json: the manifest changed after it was signed\.$/m,
    );
  });

  test('--sign with a file that is not an Ed25519 private key stops before anything is sent: exit 2, one sentence', async () => {
    const ran = await npmCertify(['--out', join(DIR, 'bad-key'), '--sign', keys.public]);
    expect(ran.code).toBe(2);
    // Only the STOPPED line (a stop replaces no earlier verdict unsaid: issue 43, item 2), nothing of a run.
    expect(ran.stdout).toMatch(/^Certification STOPPED \(exit code 2\): \S*bad-key\/certification\.json says so\.\n$/);
    expect(ran.stderr).toMatch(
      /^\nConfiguration error: --sign names "[^"]+signer\.pub\.pem", which is not an unencrypted Ed25519 private key in PEM[^\n]*\n\n$/,
    );
  });
});
