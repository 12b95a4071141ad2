/**
 * Writes the generated sections of docs/commands.md (each command's options, from its table) between their markers,
 * so the docs cannot name other flags than the parser takes. `npm run docs:commands`; test/docs/commands-doc.test.ts
 * fails when the committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseCommandLine } from '../config/command-line.ts';
import { exitOnConfigError } from '../config/config-error.ts';
import { writeOut } from '../config/terminal-text.ts';
import { COMMANDS_DOC, commandsDocWithGenerated } from './commands-doc.ts';
import { DOCS_COMMAND } from './command-specs.ts';

try {
  parseCommandLine(DOCS_COMMAND);
  writeFileSync(COMMANDS_DOC, commandsDocWithGenerated(readFileSync(COMMANDS_DOC, 'utf8')));
  writeOut(`${COMMANDS_DOC}: generated sections written\n`);
} catch (error) {
  exitOnConfigError(error);
}
