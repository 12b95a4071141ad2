// The house rules of issue 42 held against the code: short functions (none over the limit) and one writer of process.env.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { codeOnly, functionLengths, MAX_FUNCTION_LINES, ROOT } from './function-lengths.ts';

test(`no function in src/ or reference/ over ${MAX_FUNCTION_LINES} lines`, () => {
  const over = functionLengths()
    .filter((f) => f.lines > MAX_FUNCTION_LINES)
    .map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
  expect(over, `functions over ${MAX_FUNCTION_LINES} lines (split them into named functions that say what they do)`).toEqual([]);
});

test('the length measure sees a long function, an arrow, a method, and a brace in a string as text', () => {
  const body = Array.from({ length: 130 }, (_, i) => `  const v${i} = '{';`).join('\n');
  const code = codeOnly(`function long(a = {}) {\n${body}\n}\nconst f = (x: number) => {\n  return \`\${x}}\`;\n};`);
  expect(code).not.toContain("'{'");
  expect(code.split('\n')).toHaveLength(135);
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

test('one function writes process.env (what child processes inherit); nothing else in src/ does', () => {
  const writes = /process\.env(?:\.[A-Za-z_]\w*|\[[^\]]+\])\s*(?:=(?!=)|\|\|=|\?\?=)|delete\s+process\.env/;
  const writers = files(join(ROOT, 'src'))
    .filter((path) =>
      codeOnly(readFileSync(path, 'utf8'))
        .split('\n')
        .some((line) => writes.test(line)),
    )
    .map((path) => relative(ROOT, path).split('\\').join('/'));
  expect(writers).toEqual(['src/config/child-environment.ts']);
});
