/**
 * The generated sections of docs/commands.md: each command's options rendered from its table (one table drives the
 * parser, --help and the docs). A section sits between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`.
 */
import { CERTIFY_COMMAND } from '../certify/certify-options.ts';
import { optionsMarkdown, type CommandSpec } from '../config/command-line.ts';

export const COMMANDS_DOC = 'docs/commands.md';

export const GENERATED_SECTIONS: Readonly<Record<string, CommandSpec>> = { 'certify-options': CERTIFY_COMMAND };

/** The document with every generated section replaced by what its table says now. */
export function commandsDocWithGenerated(doc: string): string {
  let out = doc;
  for (const [name, spec] of Object.entries(GENERATED_SECTIONS)) {
    const start = `<!-- generated:${name} (npm run docs:commands; edit the table, not this) -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${COMMANDS_DOC} has no section ${start} ... ${end}`);
    out = `${out.slice(0, from + start.length)}\n${optionsMarkdown(spec)}\n${out.slice(to)}`;
  }
  return out;
}
