/**
 * Text into Markdown that stays text, whatever it holds: the Markdown reports (certification.md,
 * client-certification.md) carry what a target answered and what the suite generated, and a Markdown viewer or a
 * CI job summary renders raw HTML and Markdown syntax before any sanitiser does (issue 29, item 3). Every value a
 * writer did not write itself goes through escapeMarkdown (prose, list items, headings, table cells), codeSpan
 * (inline code) or fenced (a block of evidence).
 */

/** Line endings as CommonMark reads them (a lone CR ends a line too), and the Unicode ones. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** Control characters (C0 but tab, DEL, C1): never written raw (a NUL in a file, an escape sequence in a terminal). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
export const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** A control character as something visible: C0 as its Unicode control picture (NUL as ␀), DEL as ␡, C1 as U+0085. */
export function controlPicture(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Line breaks as one space, control characters made visible: what is left to escape is on one line. */
function oneLine(text: string): string {
  return text.replace(LINE_BREAK, ' ').replace(CONTROL, controlPicture);
}

/**
 * Characters that start Markdown syntax anywhere in a line: HTML (as entities: `<`, `>`, `&`), code (`` ` ``),
 * emphasis (`*`, `_`, `~`), links and images (`[`, `]`), table cells (`|`), and the backslash that escapes.
 */
const INLINE = /[\\`*_~[\]|<>&]/g;
const ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };
/** What starts a block only at the beginning of a line: a heading, a list item, a setext underline, an ordered list. */
const BLOCK_START = /^([ \t]*)(?:([#+\-=])|(\d{1,9})(?=[.)]))/;

/**
 * What GitHub's Markdown (GFM) turns into a link with no syntax at all, its "extended autolinks", and what markdown-it's
 * linkify links too: a URL's scheme (`https://`, `mailto:`, `xmpp:`), `www.` (after any character: `_www.` links under
 * cmark-gfm), an e-mail address (its `@`), and a schemeless `//host/path` (markdown-it). A backslash before the `:` or the
 * `.` leaves the link unmade under both renderers. The `@` and `//` need more: cmark-gfm decodes a backslash escape
 * before its autolinker reads the text, so `a\@b.c` still links; a zero-width space after the `@` (and between the two
 * slashes) ends the address for both renderers while the text reads the same. The same breaks an `@mention`: in a
 * job summary GitHub makes no mention of one anyway, and with the `@` split there is none for anything to make.
 */
const AUTOLINK_TRIGGER = /:(?=\/\/)|(?<=\b(?:mailto|xmpp)):|(?<=www)\.|@|\/(?=\/)/gi;
/** Invisible, and not a character an autolink may hold: what splits `@` and `//` (see above). */
export const ZERO_WIDTH_SPACE = '\u200b';
const breakAutolink = (c: string): string => (c === '@' ? `\\@${ZERO_WIDTH_SPACE}` : c === '/' ? `/${ZERO_WIDTH_SPACE}` : `\\${c}`);

/**
 * A value as Markdown text that renders as itself: on one line, no HTML, no Markdown syntax (heading, list, link,
 * image, emphasis, code, table cell break), no autolink, no control character. Safe in a paragraph, a list item, a
 * heading and a table cell, wherever in the line it stands.
 */
export function escapeMarkdown(value: unknown): string {
  const text = oneLine(typeof value === 'string' ? value : String(value))
    .replace(INLINE, (c) => ENTITY[c] ?? `\\${c}`)
    .replace(AUTOLINK_TRIGGER, breakAutolink)
    .replace(BLOCK_START, (_, space: string, marker: string | undefined, digits: string | undefined) =>
      marker ? `${space}\\${marker}` : `${space}${digits}\\`,
    );
  // Leading blanks would make an indented code block: written as character references, they are only text.
  return text.replace(/^[ \t]+/, (blanks) => blanks.replace(/ /g, '&#32;').replace(/\t/g, '&#9;'));
}

/**
 * Inline code holding `text` literally: delimited by one backtick more than its longest run of backticks. In a table
 * cell (`inTable`), its pipes are escaped: a table splits on them even inside code, and drops the backslash.
 */
export function codeSpan(text: string, inTable = false): string {
  const flat = oneLine(text);
  if (flat === '') return '';
  const fence = '`'.repeat(Math.max(0, ...(flat.match(/`+/g) ?? []).map((m) => m.length)) + 1);
  const padded = flat.startsWith('`') || flat.endsWith('`') || /^ .* $/.test(flat) ? ` ${flat} ` : flat;
  return `${fence}${inTable ? padded.replace(/\|/g, '\\|') : padded}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run inside it; control characters made visible. */
export function fenced(text: string, lang = ''): string[] {
  const lines = text.split(LINE_BREAK).map((line) => line.replace(CONTROL, controlPicture));
  const longest = Math.max(2, ...lines.flatMap((line) => line.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return [fence + lang, ...lines, fence];
}

/** A table cell: text (escaped), or text shown as code. */
export type Cell = string | { code: string };

const cell = (c: Cell) => (typeof c === 'string' ? escapeMarkdown(c) : codeSpan(c.code, true));

/** A table; every cell is escaped here, so a value cannot break out of its cell or its row. */
export function table(head: string[], rows: Cell[][]): string[] {
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}
