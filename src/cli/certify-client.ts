/**
 * `npm run certify:client -- --session <session.jsonl> [--out dir] [--agreed-rate n] [--currency GBP] [--duplicate-window s]`
 * Certifies a partner's client from a session the proxy recorded.
 * Exit code: 0 pass, 1 fail, 2 usage or configuration error, 4 incomplete (a duty the session never exercised).
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
