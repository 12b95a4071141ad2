/**
 * Writes the generated sections of docs/commands.md (each command's options, from its table) between their markers,
 * so the docs cannot name other flags than the parser takes. `npm run docs:commands`; test/docs/commands-doc.test.ts
 * fails when the committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { commandsDocWithGenerated, COMMANDS_DOC } from './commands-doc.ts';

writeFileSync(COMMANDS_DOC, commandsDocWithGenerated(readFileSync(COMMANDS_DOC, 'utf8')));
process.stdout.write(`${COMMANDS_DOC}: generated sections written\n`);
