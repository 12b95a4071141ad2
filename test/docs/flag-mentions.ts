// Which `--flags` a text names, and for which command: the docs and the file headers are read in blocks (a paragraph,
// a list item, a table row, a line of a code block); a flag in a block that names `npm run <script>` must be one of
// that command's table (or of the tool it passes options on to), and a flag in a block that names no command must be
// one of some table. Flags of other tools count only where the block names the tool (OTHER_TOOLS, data).
import { COMMANDS } from '../../src/cli/commands-doc.ts';

/** Tools other than ours that the docs show with their own flags: the words that name the tool, and those flags. */
export const OTHER_TOOLS: readonly { tool: RegExp; flags: readonly string[] }[] = [
  // k6's own, and the Node driver's, which takes k6's names for what a k6 run is given.
  {
    tool: /\bk6\b/,
    flags: [
      'out',
      'local-execution',
      'execution-segment',
      'vus',
      'iterations',
      'duration',
      'stage',
      'new-machine-readable-summary',
      'include-system-env-vars',
      'no-archive-upload',
    ],
  },
  // The k6-operator walk-through of load/README.md.
  { tool: /\bkubectl\b/, flags: ['current', 'namespace', 'for', 'timeout', 'tail', 'prefix'] },
  { tool: /\bnpm ci\b/, flags: ['omit'] },
  { tool: /\bnode --/, flags: ['import', 'cpu-prof'] },
  { tool: /\bdocker build\b/, flags: ['build-arg'] },
  { tool: /\bwinget\b/, flags: ['source'] },
  { tool: /\bprism proxy\b/, flags: ['errors'] },
  { tool: /\bplaywright test\b/, flags: ['project', 'grep', 'max-failures', 'list'] },
  { tool: /\bnpm run\b/, flags: ['silent'] },
];

/** A mention that no table has: where, which flag, and the commands the block names. */
export interface StrayFlag {
  where: string;
  flag: string;
  commands: string[];
}

const ALWAYS = ['help', 'version'];

const byScript = new Map(COMMANDS.map((c) => [c.script, c]));

/** The flags a command takes: its table's, -h/--version, and those it passes on unchanged. */
function flagsOf(script: string): string[] {
  const c = byScript.get(script);
  if (!c) return [];
  return [...Object.keys(c.spec.options), ...ALWAYS, ...(c.passesOn ?? []).map((f) => f.replace(/^--/, ''))];
}

const EVERY_FLAG = new Set(COMMANDS.flatMap((c) => flagsOf(c.script)));

/** Blocks of a Markdown text: paragraphs, list items, table rows, lines of fenced code; each with its first line. */
export function blocksOf(text: string): { line: number; text: string }[] {
  const blocks: { line: number; text: string }[] = [];
  let current: { line: number; text: string } | null = null;
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      current = null;
      return;
    }
    const starts = fenced || /^\s*$/.test(line) || /^\s*([-*]|\d+\.) /.test(line) || /^\s*\|/.test(line) || /^#/.test(line);
    if (/^\s*$/.test(line)) {
      current = null;
      return;
    }
    if (starts || current === null) {
      current = { line: i + 1, text: line };
      blocks.push(current);
      if (fenced) current.text = `\`\`\`${line}`;
      if (fenced || /^\s*\|/.test(line) || /^#/.test(line)) current = null;
    } else current.text += `\n${line}`;
  });
  return blocks;
}

const FLAG = /(?<![\w-])--([a-z][a-z0-9-]*)/g;

/**
 * The flags of a text that no table has. A command as written (a code span or a line of a code block naming
 * `npm run <script>`) may name only that command's flags; prose anywhere else only flags some command has, or flags of
 * another tool the same block names.
 */
export function strayFlags(where: string, text: string): StrayFlag[] {
  const stray: StrayFlag[] = [];
  for (const block of blocksOf(text)) {
    const known = new Set(EVERY_FLAG);
    for (const other of OTHER_TOOLS) if (other.tool.test(block.text)) for (const f of other.flags) known.add(f);
    const written = block.text.startsWith('```') ? [block.text] : [...block.text.matchAll(/`[^`]+`/g)].map((m) => m[0]);
    const reported = new Set<string>();
    for (const [code, asWritten] of [[block.text, false] as const, ...written.map((w) => [w, true] as const)]) {
      const script = /\bnpm run(?: --silent)? ([\w:-]+)/.exec(code)?.[1];
      const own = asWritten && script && byScript.has(script) ? new Set(flagsOf(script)) : null;
      for (const m of code.matchAll(FLAG)) {
        const flag = m[1] ?? '';
        const bad = own ? !own.has(flag) && !OTHER_TOOLS.some((o) => o.tool.test(code) && o.flags.includes(flag)) : !known.has(flag);
        if (!bad || reported.has(flag)) continue;
        reported.add(flag);
        stray.push({ where: `${where}:${block.line}`, flag: `--${flag}`, commands: own && script ? [script] : [] });
      }
    }
  }
  return stray;
}

/** The header comment of a source file (its leading `/** ... *\/` or `//` lines), without the comment marks. */
export function headerComment(source: string): string {
  const block = /^(?:#![^\n]*\n)?\s*\/\*\*?([\s\S]*?)\*\//.exec(source);
  if (block) return (block[1] ?? '').replace(/^\s*\* ?/gm, '');
  const lines = /^(?:\s*\/\/[^\n]*\n)+/.exec(source);
  return lines ? lines[0].replace(/^\s*\/\/ ?/gm, '') : '';
}
