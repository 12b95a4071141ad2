// Every relative link of the README and of docs/ leads to a file (and a #fragment to a heading of it), and a document
// the text names is a link, not a code span (issue 32, item 1).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../checkout.ts';

const DOCUMENTS = ['README.md', 'examples/ci/README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);

/** The text outside fenced code blocks (a command there is not a link). */
const prose = (text: string) => text.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const headingsOf = (file: string) => new Set([...readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1].trim())));

test('every relative link in the README and docs/ resolves to a file, and its #fragment to a heading', () => {
  const broken: string[] = [];
  let links = 0;
  for (const doc of DOCUMENTS) {
    const text = prose(readFileSync(join(ROOT, doc), 'utf8'));
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      links++;
      const [path, fragment] = target.split('#');
      const file = path ? join(ROOT, dirname(doc), path) : join(ROOT, doc);
      if (!existsSync(file)) broken.push(`${doc}: ${target} (no such file)`);
      else if (fragment && statSync(file).isFile() && file.endsWith('.md') && !headingsOf(file).has(fragment))
        broken.push(`${doc}: ${target} (no heading #${fragment} in ${relative(ROOT, file)})`);
    }
  }
  expect(links).toBeGreaterThan(30);
  expect(broken).toEqual([]);
});

test('a document the README or docs/ names is a link, not a code span', () => {
  const spans: string[] = [];
  for (const doc of DOCUMENTS) {
    const text = prose(readFileSync(join(ROOT, doc), 'utf8'));
    for (const m of text.matchAll(/`([\w.-]+\/[\w./-]+\.md)`/g))
      if (existsSync(join(ROOT, m[1])) || existsSync(join(ROOT, dirname(doc), m[1]))) spans.push(`${doc}: \`${m[1]}\``);
  }
  expect(spans).toEqual([]);
});
