/**
 * `npm run certify:client`: certifies a partner's client from a session the proxy recorded. Its options and exit codes
 * are the CERTIFY_CLIENT_COMMAND table (src/client-certification/proxy-options.ts): parser, --help and docs/commands.md.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnConfigError } from '../config/config-error.ts';
import { loadDotEnv } from '../config/suite-config.ts';
import { certifyClientCommand } from '../client-certification/print.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

try {
  loadDotEnv();
  process.exitCode = certifyClientCommand(process.argv.slice(2), ROOT);
} catch (error) {
  exitOnConfigError(error);
}
