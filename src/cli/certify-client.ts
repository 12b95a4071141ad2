/**
 * `npm run certify:client -- --session <session.jsonl> [--out dir] [--agreed-rate n] [--currency GBP] [--duplicate-window s]`
 * Certifies a partner's client from a session the proxy recorded.
 * Exit code: 0 pass, 1 fail, 2 usage or configuration error, 4 incomplete (a duty the session never exercised).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnConfigError } from '../config/config-error.ts';
import { loadDotEnv } from '../config/suite-config.ts';
import { parseCertifyClientArgs } from '../client-certification/options.ts';
import { certifyClient } from '../client-certification/certify-client.ts';
import { printClientVerdict } from '../client-certification/print.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

try {
  loadDotEnv();
  const options = parseCertifyClientArgs(process.argv.slice(2));
  const result = certifyClient(options.session, options.out, options.settings, ROOT);
  printClientVerdict(result);
  process.exitCode = result.exitCode;
} catch (error) {
  exitOnConfigError(error);
}
