/**
 * The generated sections of docs/commands.md: the index of every command and each command's reference (usage,
 * arguments, options, notes, exit codes), rendered from the command's own table, the one that drives its parser and
 * its --help. A section sits between `<!-- generated:NAME ... -->` and `<!-- /generated:NAME -->`;
 * test/docs/commands-doc.test.ts fails when the committed page differs from what this renders.
 */
import { CERTIFY_COMMAND } from '../certify/certify-options.ts';
import { CERTIFY_CLIENT_COMMAND, PROXY_COMMAND } from '../client-certification/proxy-options.ts';
import type { CommandSpec, OptionSpec } from '../config/command-line.ts';
import { exitCodesLine } from '../config/exit-codes.ts';
import { PLAYWRIGHT_TEST_OPTIONS } from '../config/playwright-args.ts';
import { LOAD_BASELINE_COMMAND, LOAD_COMMAND, LOAD_COMPARE_COMMAND, LOAD_CONTRACT_COMMAND } from '../k6/args.ts';
import { SERVE_COMMAND } from '../../reference/serve-options.ts';
import {
  BENCH_CLIENT_CHECKS_COMMAND,
  BENCH_CONFORMANCE_COMMAND,
  BENCH_HISTORY_COMMAND,
  BENCH_LOAD_COMMAND,
  BENCH_PROXY_COMMAND,
  BENCH_REFERENCE_COMMAND,
  BENCH_SCALE_COMMAND,
  BENCH_VERDICT_COMMAND,
} from './bench-commands.ts';
import {
  CHECK_K6_COMMAND,
  CLAUSES_COMMAND,
  CLEANUP_COMMAND,
  COMPILE_SCHEMAS_COMMAND,
  CONFORMANCE_COMMAND,
  DOCS_COMMAND,
  FUZZ_COMMAND,
  HISTORY_COMMAND,
  OPENAPI_COMMAND,
} from './command-specs.ts';

export const COMMANDS_DOC = 'docs/commands.md';

export interface DocumentedCommand {
  /** The npm script (package.json) that runs it. */
  script: string;
  spec: CommandSpec;
  /** The page that tells more, relative to docs/. */
  more?: string;
  /** Flags of another tool the command passes on unchanged (Playwright's), which docs may name beside ours. */
  passesOn?: readonly string[];
}

const PLAYWRIGHT_FLAGS = PLAYWRIGHT_TEST_OPTIONS.flatMap((o) => o.flags.filter((f) => f.startsWith('--')));

/** Every npm script that takes a command line of its own, in the order the docs list them. */
export const COMMANDS: readonly DocumentedCommand[] = [
  { script: 'certify', spec: CERTIFY_COMMAND, more: 'certification.md' },
  { script: 'conformance', spec: CONFORMANCE_COMMAND, passesOn: PLAYWRIGHT_FLAGS },
  { script: 'fuzz', spec: FUZZ_COMMAND, more: 'fuzz.md', passesOn: PLAYWRIGHT_FLAGS },
  { script: 'load', spec: LOAD_COMMAND, more: '../load/README.md' },
  { script: 'load:compare', spec: LOAD_COMPARE_COMMAND, more: 'load.md' },
  { script: 'load:baseline', spec: LOAD_BASELINE_COMMAND, more: 'load.md' },
  { script: 'load:contract', spec: LOAD_CONTRACT_COMMAND, more: '../load/README.md' },
  { script: 'check:k6', spec: CHECK_K6_COMMAND, more: 'load.md' },
  { script: 'history', spec: HISTORY_COMMAND, more: 'history.md' },
  { script: 'cleanup', spec: CLEANUP_COMMAND },
  { script: 'proxy', spec: PROXY_COMMAND, more: 'client-certification.md' },
  { script: 'certify:client', spec: CERTIFY_CLIENT_COMMAND, more: 'client-certification.md' },
  { script: 'serve', spec: SERVE_COMMAND, more: '../reference/README.md' },
  { script: 'clauses', spec: CLAUSES_COMMAND },
  { script: 'openapi', spec: OPENAPI_COMMAND, more: 'contract.md' },
  { script: 'schemas:compile', spec: COMPILE_SCHEMAS_COMMAND },
  { script: 'docs:commands', spec: DOCS_COMMAND },
  { script: 'bench:reference', spec: BENCH_REFERENCE_COMMAND, more: 'benchmarks.md' },
  { script: 'bench:conformance', spec: BENCH_CONFORMANCE_COMMAND, more: 'benchmarks.md' },
  { script: 'bench:verdict', spec: BENCH_VERDICT_COMMAND, more: 'benchmarks.md' },
  { script: 'bench:proxy', spec: BENCH_PROXY_COMMAND, more: 'benchmarks.md' },
  { script: 'bench:client-checks', spec: BENCH_CLIENT_CHECKS_COMMAND, more: 'benchmarks.md' },
  { script: 'bench:history', spec: BENCH_HISTORY_COMMAND, more: 'benchmarks.md' },
  { script: 'bench:scale', spec: BENCH_SCALE_COMMAND, more: 'benchmarks.md' },
  { script: 'bench:load', spec: BENCH_LOAD_COMMAND, more: 'benchmarks.md' },
];

/** Text of a table as Markdown shows it literally: no HTML (`<dir>`), no emphasis (`SUB-*`), no cell break (`|`). */
function inline(text: string): string {
  // Code spans stay as written (an escape would show there); a `|` is escaped even in one, to keep the cell.
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part.replace(/\|/g, '\\|') : part.replace(/[\\|*<>[\]]/g, (c) => `\\${c}`)))
    .join('');
}

/** GitHub's anchor of a heading (lower case, punctuation dropped, spaces to hyphens), as test/docs/links.test.ts reads it. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const heading = (c: DocumentedCommand) => `npm run ${c.script}`;

function optionRow(name: string, o: OptionSpec): string {
  const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}`;
  return `| \`${flag}\` | ${inline(o.description)}${o.multiple ? ' (repeatable)' : ''} |`;
}

/** One command's reference: what `--help` prints, as Markdown. */
export function commandMarkdown(c: DocumentedCommand): string {
  const { spec } = c;
  const usage = `${spec.command}${spec.positionals ? ` ${spec.positionals.usage}` : ''}${Object.keys(spec.options).length ? ' [options]' : ''}`;
  const lines = [`### ${heading(c)}`, '', `\`${usage}\``, '', inline(spec.summary), ''];
  if (Object.keys(spec.options).length) {
    lines.push('| option | what it does |', '| --- | --- |');
    for (const [name, o] of Object.entries(spec.options)) lines.push(optionRow(name, o));
    lines.push('');
  }
  for (const note of spec.notes ?? []) lines.push(`- ${inline(note)}`);
  if (spec.notes?.length) lines.push('');
  if (spec.environment?.length) {
    lines.push('| environment variable | what it does |', '| --- | --- |');
    for (const v of spec.environment) lines.push(`| \`${v.name}\` | ${inline(v.description)} |`);
    lines.push('');
  }
  lines.push(inline(exitCodesLine(spec.exitCodes)));
  if (c.more) lines.push('', `More: [${c.more.replace(/^\.\.\//, '')}](${c.more}).`);
  return lines.join('\n');
}

/** The index: one row per command, its summary, linked to its reference below. */
export function commandIndexMarkdown(commands: readonly DocumentedCommand[] = COMMANDS): string {
  const rows = commands.map((c) => `| [\`${heading(c)}\`](#${anchor(heading(c))}) | ${inline(c.spec.summary)} |`);
  return ['| command | what it does |', '| --- | --- |', ...rows].join('\n');
}

export const GENERATED_SECTIONS: Readonly<Record<string, () => string>> = {
  index: () => commandIndexMarkdown(),
  reference: () => COMMANDS.map(commandMarkdown).join('\n\n'),
};

/** The document with every generated section replaced by what the tables say now. */
export function commandsDocWithGenerated(doc: string): string {
  let out = doc;
  for (const [name, render] of Object.entries(GENERATED_SECTIONS)) {
    const start = `<!-- generated:${name} (npm run docs:commands; edit the tables, not this) -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${COMMANDS_DOC} has no section ${start} ... ${end}`);
    out = `${out.slice(0, from + start.length)}\n${render()}\n${out.slice(to)}`;
  }
  return out;
}
