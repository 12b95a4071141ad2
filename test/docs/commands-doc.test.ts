// Docs that cannot drift: the command reference in docs/commands.md is generated from the commands' tables, and every
// other place that names certify's flags (the file headers, the README) names only flags its table has (issue 42 item 4).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CERTIFY_COMMAND } from '../../src/certify/certify-options.ts';
import { COMMANDS_DOC, commandsDocWithGenerated } from '../../src/cli/commands-doc.ts';

test('docs/commands.md equals what `npm run docs:commands` generates from the tables', () => {
  const committed = readFileSync(COMMANDS_DOC, 'utf8');
  expect(committed, 'run npm run docs:commands').toBe(commandsDocWithGenerated(committed));
  for (const name of Object.keys(CERTIFY_COMMAND.options)) expect(committed).toContain(`\`--${name}`);
});

/** The `--flags` a text names in lines that are about certify. */
function certifyFlagsIn(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /certify(?!:client|-client)/.test(line) || /^\s*\*\s+--/.test(line))
    .flatMap((line) => [...line.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((m) => m[1] ?? ''));
}

// docs/commands.md's certify options are generated (above); its other lines are about other commands.
for (const file of ['src/certify/certify-options.ts', 'src/cli/certify.ts', 'README.md']) {
  test(`${file} names no certify flag its table lacks`, () => {
    const known = new Set([...Object.keys(CERTIFY_COMMAND.options), 'help']);
    const text = file.endsWith('.ts') ? (readFileSync(file, 'utf8').match(/^\/\*\*[\s\S]*?\*\//)?.[0] ?? '') : readFileSync(file, 'utf8');
    const named = certifyFlagsIn(text);
    expect(named.filter((f) => !known.has(f))).toEqual([]);
  });
}
