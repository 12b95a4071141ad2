/**
 * `npm run certify`: a certification, a package verified (--verify) or a first target profile (--init-profile).
 * Its options and exit codes are the CERTIFY_COMMAND table (src/certify/certify-options.ts), the one list that drives
 * the parser, --help and docs/commands.md; test/docs/commands-doc.test.ts fails when a header names another flag.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnConfigError } from '../config/config-error.ts';
import { loadDotEnv } from '../config/suite-config.ts';
import { fixRunLimits } from '../config/run-limits.ts';
import { CERTIFY_COMMAND, parseCertifyArgs, stagingDir } from '../certify/certify-options.ts';
import { watchInterrupts } from '../run/interrupt.ts';
import { helpText } from '../config/command-line.ts';
import { setChildEnvironment } from '../config/child-environment.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function main(): Promise<void> {
  const options = parseCertifyArgs(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(helpText(CERTIFY_COMMAND));
    return;
  }
  loadDotEnv();
  if (options.verify) {
    const { verifyCertification } = await import('../certify/verify.ts');
    process.exitCode = verifyCertification(options.verify, options.publicKey);
    return;
  }
  if (options.initProfile) {
    fixRunLimits();
    watchInterrupts();
    const { initProfile } = await import('../certify/init-profile.ts');
    process.exitCode = await initProfile(options.initProfile, ROOT, options.ofReference);
    return;
  }
  // Run files (journal, request log) land under REPORTS_DIR, read once when src/run/run-paths.ts loads:
  // point it at this certification's staging folder (swapped in when complete) before anything imports it.
  setChildEnvironment({ REPORTS_DIR: join(stagingDir(options.out), 'suite') });
  // One deadline (API_RUN_TIMEOUT) for every phase, the Playwright child's included: fixed now, inherited by the child.
  fixRunLimits();
  watchInterrupts();
  const { certify } = await import('../certify/certification.ts');
  process.exitCode = await certify(options, ROOT);
}

main().catch(exitOnConfigError);
