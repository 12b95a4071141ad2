// Function lengths of the product code (src/, reference/): every function, method and arrow body with braces, from
// the line its header starts to its closing brace. TypeScript 7 (the devDependency) ships no JavaScript compiler API,
// so this reads the text itself: comments, strings, templates and regular expressions blanked, braces matched.
// `npx tsx test/house/function-lengths.ts` prints the ones over the limit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The house limit (issue 42): no function over this many lines. */
export const MAX_FUNCTION_LINES = 120;

export interface FunctionLength {
  /** `file:line name`, stable across edits elsewhere in the file only by name: the key is file and name. */
  file: string;
  name: string;
  line: number;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const REGEX_BEFORE = new Set([...'(,=:[!&|?{};+-*%<>~^']);

/** The text with comments, strings, templates and regular expressions blanked (newlines kept), so braces are code. */
export function codeOnly(text: string): string {
  const out = [...text];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const templates: number[] = []; // brace depth at each open `${`
  let depth = 0;
  let last = ''; // last code character that is not a space
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2) + 2;
      blank(i, end);
      i = end;
    } else if (
      c === "'" ||
      c === '"' ||
      (c === '/' && (REGEX_BEFORE.has(last) || last === '' || /\b(return|typeof|case)\s*$/.test(text.slice(Math.max(0, i - 8), i))))
    ) {
      let k = i + 1;
      let inClass = false;
      while (k < text.length && (text[k] !== c || inClass) && text[k] !== '\n') {
        if (text[k] === '\\') k++;
        else if (c === '/' && text[k] === '[') inClass = true;
        else if (c === '/' && text[k] === ']') inClass = false;
        k++;
      }
      blank(i + 1, k);
      i = k + 1;
      last = 'a';
    } else if (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth)) {
      if (c === '}') templates.pop();
      let k = i + 1;
      while (k < text.length && text[k] !== '`' && !(text[k] === '$' && text[k + 1] === '{')) k += text[k] === '\\' ? 2 : 1;
      blank(i + 1, k);
      if (text[k] === '$') {
        templates.push(depth);
        i = k + 2;
      } else i = k + 1;
      last = 'a';
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return out.join('');
}

const METHOD =
  /^(?:(?:async|static|private|public|protected|readonly|get|set|override)\s+)*\*?\s*([\w$]+)\s*(?:<[\s\S]*?>)?\s*\([\s\S]*\)\s*(?::[\s\S]*)?$/;
const CONTROL = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'function']);

/** Every function of the files under `folders`, with its length in lines. */
export function functionLengths(folders: readonly string[] = ['src', 'reference']): FunctionLength[] {
  const out: FunctionLength[] = [];
  for (const path of folders.flatMap((f) => sourceFiles(join(ROOT, f)))) {
    const file = relative(ROOT, path).split('\\').join('/');
    const code = codeOnly(readFileSync(path, 'utf8'));
    const lineAt = (index: number) => code.slice(0, index).split('\n').length;
    const open: Array<{ at: number; header: string; headerAt: number; inline: boolean }> = [];
    let statementAt = 0;
    for (let i = 0; i < code.length; i++) {
      const c = code[i];
      if (c === '{') {
        const header = code.slice(statementAt, i);
        // A brace inside an open parenthesis that no arrow opens (a default `= {}`, an object argument) is part of the header.
        const inline = (header.match(/\(/g)?.length ?? 0) > (header.match(/\)/g)?.length ?? 0) && !header.trimEnd().endsWith('=>');
        open.push({ at: i, header, headerAt: statementAt + (header.length - header.trimStart().length), inline });
        if (!inline) statementAt = i + 1;
      } else if (c === '}') {
        const block = open.pop();
        if (block?.inline) continue;
        statementAt = i + 1;
        if (!block) continue;
        const header = block.header.trim();
        const fn = /\bfunction\b\s*\*?\s*([\w$]*)/.exec(header);
        const method = METHOD.exec(header);
        const name = fn
          ? fn[1] || /([\w$]+)\s*[:=]\s*(?:async\s+)?function/.exec(header)?.[1] || '(anonymous)'
          : header.endsWith('=>')
            ? (/([\w$]+)\s*[:=]\s*(?:async\s*)?(?:<[\s\S]*?>)?\s*(?:\([\s\S]*\)|[\w$]+)\s*(?::[\s\S]*?)?=>$/.exec(header)?.[1] ?? '(arrow)')
            : method && !CONTROL.has(method[1])
              ? method[1]
              : null;
        if (name === null) continue;
        const line = lineAt(block.headerAt);
        out.push({ file, name, line, lines: lineAt(i) - line + 1 });
      } else if (c === ';') statementAt = i + 1;
    }
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const all = functionLengths();
  const over = all.filter((f) => f.lines > MAX_FUNCTION_LINES).sort((a, b) => b.lines - a.lines);
  console.log(`${all.length} functions in src/ and reference/; ${over.length} over ${MAX_FUNCTION_LINES} lines:`);
  for (const f of over) console.log(`  ${String(f.lines).padStart(4)}  ${f.file}:${f.line} ${f.name}`);
}
