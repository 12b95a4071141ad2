/** The console summary of a client certification: one line per clause, then the verdict and where the report is. */
import { join } from 'node:path';
import { certifyClient, type ClientCertification } from './certify-client.ts';
import { CERTIFY_CLIENT_HELP, parseCertifyClientArgs, wantsHelp } from './proxy-options.ts';
import { writeOut } from '../config/terminal-text.ts';
import { SIGNATURE_FILE } from '../report/evidence.ts';
import { readSigningKey } from '../report/signature.ts';

export function printClientVerdict({ report, dir }: ClientCertification, write: (text: string) => void = writeOut): void {
  for (const c of report.clauses) write(`  ${c.status.toUpperCase().padEnd(10)} ${c.id.padEnd(28)} ${c.findings[0]?.message ?? c.note}\n`);
  write(
    `\nClient certification: ${report.verdict.toUpperCase()} (${report.summary.pass} pass, ${report.summary.fail} fail, ${report.summary.incomplete} incomplete)\n`,
  );
  write(`Report: ${join(dir, 'index.html')}\n`);
  write(
    report.evidence.signedBy
      ? `Signed: ${join(dir, SIGNATURE_FILE)} (key ${report.evidence.signedBy})\n`
      : 'Not signed (--sign key.pem signs the manifest)\n',
  );
}

/** `npm run certify:client` without the process around it: the exit code (0 pass, 1 fail, 4 incomplete); a usage error throws ConfigError. */
export function certifyClientCommand(argv: readonly string[], root: string, write: (text: string) => void = writeOut): number {
  if (wantsHelp(argv)) {
    write(CERTIFY_CLIENT_HELP);
    return 0;
  }
  const options = parseCertifyClientArgs(argv);
  const result = certifyClient(options.session, options.out, options.settings, root, {
    signingKey: options.sign ? readSigningKey(options.sign) : null,
  });
  printClientVerdict(result, write);
  return result.exitCode;
}
