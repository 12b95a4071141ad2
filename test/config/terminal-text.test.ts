// forTerminal: every control character a target could send is shown as an escape, never acted on (cases as data).
import { expect, test } from '@playwright/test';
import { forTerminal } from '../../src/config/terminal-text.ts';
import { TERMINAL_TEXT_CASES } from './terminal-text.cases.ts';

for (const c of TERMINAL_TEXT_CASES) {
  test(`forTerminal: ${c.description}`, () => {
    expect(forTerminal(c.input)).toBe(c.expected);
  });
}

test('forTerminal: no character but tab and line feed below U+0020, and none from DEL to U+009F, comes out as itself', () => {
  for (let code = 0; code <= 0x9f; code++) {
    const character = String.fromCharCode(code);
    const kept = code === 0x09 || code === 0x0a || (code >= 0x20 && code < 0x7f);
    expect(forTerminal(character) === character, `U+${code.toString(16).padStart(4, '0')}`).toBe(kept);
  }
});
