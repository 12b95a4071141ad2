/**
 * `npm run history -- <run folders or globs...> [--out dir] [--window n] [--tolerance percent] [--min-delta ms] [--public-key pub.pem]`
 * Exit codes (src/config/exit-codes.ts): 0 the history is written, 2 usage, or no run could be read.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnConfigError } from '../config/config-error.ts';
import { helpText } from '../config/command-line.ts';
import { HISTORY_COMMAND, parseHistoryArgs } from '../certify/history/history-options.ts';
import { history } from '../certify/history/history.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

try {
  const options = parseHistoryArgs(process.argv.slice(2));
  if (options === 'help') process.stdout.write(helpText(HISTORY_COMMAND));
  else process.exitCode = history(options, ROOT);
} catch (e) {
  exitOnConfigError(e);
}
