// The ```sh blocks of a Markdown page, each with its <!-- readme-test: CONTEXT --> marker: read by the README
// command tests (readme-commands.test.ts for README.md, load-readme-commands.test.ts for load/README.md).

export interface Block {
  context: string;
  commands: string[];
}

/** The README's ```sh blocks, each with its marker's context and its commands (continuation lines joined). */
export function readmeBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const m of text.matchAll(/(?:<!--\s*readme-test:\s*(.*?)\s*-->\s*\n)?[ \t]*```sh\n([\s\S]*?)\n[ \t]*```/g)) {
    const commands = m[2]
      .replace(/\\\n\s*/g, '')
      .split('\n')
      // A trailing comment is for the reader (no README command has a # of its own).
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter((l) => l && !l.startsWith('#'));
    blocks.push({ context: m[1] ?? '', commands });
  }
  return blocks;
}
