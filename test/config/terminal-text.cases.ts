// Cases for forTerminal (src/config/terminal-text.ts): what a line holds, and what reaches the terminal.

export interface TerminalTextCase {
  description: string;
  input: string;
  expected: string;
}

export const TERMINAL_TEXT_CASES: readonly TerminalTextCase[] = [
  { description: 'plain text is unchanged', input: 'GBP (400), EUR (400)', expected: 'GBP (400), EUR (400)' },
  { description: 'line feeds and tabs are the layout: kept', input: 'a\n\tb\n', expected: 'a\n\tb\n' },
  { description: 'letters beyond ASCII are text: kept', input: 'Zürich 日本 — ✓ €', expected: 'Zürich 日本 — ✓ €' },
  { description: 'a clear-screen sequence is shown, not run', input: '\u001b[2JGBP', expected: '\\x1b[2JGBP' },
  { description: 'a window title sequence and its bell', input: '\u001b]0;pwned\u0007', expected: '\\x1b]0;pwned\\x07' },
  { description: 'a colour sequence', input: '\u001b[31mred\u001b[0m', expected: '\\x1b[31mred\\x1b[0m' },
  { description: 'a carriage return that would overwrite the line', input: 'FAIL\rPASS', expected: 'FAIL\\x0dPASS' },
  { description: 'backspaces that would erase', input: 'FAIL\b\b\b\bPASS', expected: 'FAIL\\x08\\x08\\x08\\x08PASS' },
  { description: 'NUL, vertical tab, form feed, DEL', input: '\u0000\u000b\u000c\u007f', expected: '\\x00\\x0b\\x0c\\x7f' },
  { description: "C1's one-byte CSI and OSC", input: '\u009b2J\u009d0;x', expected: '\\x9b2J\\x9d0;x' },
  {
    description: 'bidirectional overrides and isolates that reorder a line',
    input: 'PASS\u202eLIAF\u202c \u2066x\u2069 \u200f\u061c',
    expected: 'PASS\\u202eLIAF\\u202c \\u2066x\\u2069 \\u200f\\u061c',
  },
];
