/**
 * npm run check:k6 — which k6 the load commands and the k6 tests would use, and its version.
 *
 * k6 is the user's own install (K6_BIN, else PATH; the k6 tests of `npm test` take K6_BINS, a list). This project never
 * downloads or builds it. Exit: 0 a usable k6 (v1.x or v2.x) was found; 2 K6_BIN or K6_BINS names something that is not
 * a k6 that runs, or a version the scripts were not written for; 3 no k6 at all (with how to install one).
 */
import { EXIT_CODES } from '../config/exit-codes.ts';
import { INSTALL_HINT, k6Binaries, k6MissingExitCode } from '../k6/k6-binary.ts';
import { parseCommandLine } from '../config/command-line.ts';
import { CHECK_K6_COMMAND } from './command-specs.ts';

/** The majors the scripts are written and tested for (k6 1.x and 2.x run TypeScript natively). */
const SUPPORTED_MAJORS = [1, 2];

function main(argv: string[]): number {
  parseCommandLine(CHECK_K6_COMMAND, argv);
  const { binaries, errors, source, badSetting } = k6Binaries();
  for (const e of errors) process.stderr.write(`check:k6: ${e.error}\n`);
  if (binaries.length === 0 && errors.length === 0) {
    process.stderr.write(`\n${source}\n${INSTALL_HINT}\n\n`);
    // K6_BIN set to something that is no k6 is a bad variable (2, as for K6_BINS and as --help says); none at all is 3.
    return k6MissingExitCode({ badSetting });
  }
  let unsupported = 0;
  for (const bin of binaries) {
    const major = Number((bin.version ?? '').split('.')[0]);
    const ok = SUPPORTED_MAJORS.includes(major);
    if (!ok) unsupported += 1;
    process.stdout.write(
      `k6 v${bin.version ?? '?'} at ${bin.path} (from ${source})${ok ? '' : `: not a version the scripts support (k6 ${SUPPORTED_MAJORS.map((m) => `${m}.x`).join(' or ')})`}\n`,
    );
  }
  return errors.length > 0 || unsupported > 0 ? EXIT_CODES.usage : EXIT_CODES.pass;
}

process.exitCode = main(process.argv.slice(2));
