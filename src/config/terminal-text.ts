/**
 * Text for a partner's terminal. What the suite prints carries what a target (or a client under certification)
 * sent: currencies, ids, error messages, paths. A control character in it is an instruction to the terminal, not
 * text: ESC starts sequences that clear the screen, move the cursor, retitle the window or colour what follows; a
 * carriage return or backspaces overwrite what was printed; Unicode's bidirectional controls reorder a line. Every
 * line the suite's own commands print goes through `forTerminal`, which shows each such character as an escape
 * (`\x1b`, `\u202e`) instead of sending it. Line feeds and tabs stay: they are the layout of the suite's own lines.
 * The suite prints no colours of its own, so nothing of ours is lost.
 */

/** C0 controls but tab and line feed, DEL, C1 controls, and the bidirectional embedding, override and isolate marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this module is for
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every terminal control character shown as an escape instead of acted on. */
export function forTerminal(text: string): string {
  return text.replace(TERMINAL_CONTROLS, visible);
}

/** Writes `text` on standard output, its control characters shown (forTerminal). */
export function writeOut(text: string): void {
  process.stdout.write(forTerminal(text));
}

/** Writes `text` on standard error, its control characters shown (forTerminal). */
export function writeErr(text: string): void {
  process.stderr.write(forTerminal(text));
}
