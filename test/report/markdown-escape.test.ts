// The Markdown escaping (issue 29, item 3): each case as data, and every payload of the hostile test bed rendered by a
// CommonMark renderer with raw HTML on (markdown-it) in each place a report puts a value (paragraph, list item, heading,
// table cell, inline code, fenced block): it comes out as its own text, in no element but the one the writer wrote.
import { expect, test } from '@playwright/test';
import { codeSpan, escapeMarkdown, fenced, table } from '../../src/report/markdown-escape.ts';
import { asRenderedMarkdownText, asRenderedText, cmarkGfm, gfmLikeRenderer, NO_CMARK_GFM, PAYLOADS } from '../hostile/markdown-payloads.ts';
import { CODE_SPAN_CASES, ESCAPE_CASES } from './markdown-escape.cases.ts';

const markdownIt = gfmLikeRenderer();
const text = (s: string) => markdownIt.utils.escapeHtml(s);

for (const c of ESCAPE_CASES)
  test(`escapeMarkdown: ${c.what}`, () => {
    expect(escapeMarkdown(c.value)).toBe(c.markdown);
  });

for (const c of CODE_SPAN_CASES)
  test(`codeSpan: ${c.what}`, () => {
    expect(codeSpan(c.value, c.inTable)).toBe(c.markdown);
  });

test('every payload renders as its own text wherever a report puts it', () => {
  for (const payload of PAYLOADS) {
    const shown = text(asRenderedMarkdownText(payload));
    // Code is never linked: a code span holds the payload as it is.
    const code = text(asRenderedText(payload));
    const md = escapeMarkdown(payload);
    expect(markdownIt.render(md), payload).toBe(`<p>${shown}</p>\n`);
    expect(markdownIt.render(`- ${md}`), payload).toBe(`<ul>\n<li>${shown}</li>\n</ul>\n`);
    expect(markdownIt.render(`- **${md}**: ${md}`), payload).toBe(`<ul>\n<li><strong>${shown}</strong>: ${shown}</li>\n</ul>\n`);
    expect(markdownIt.render(`### ${md} (FAIL)`), payload).toBe(`<h3>${shown} (FAIL)</h3>\n`);
    expect(markdownIt.render(table(['A', 'B'], [[payload, { code: payload }]]).join('\n')), payload).toBe(
      `<table>\n<thead>\n<tr>\n<th>A</th>\n<th>B</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>${shown}</td>\n<td><code>${code}</code></td>\n</tr>\n</tbody>\n</table>\n`,
    );
    expect(markdownIt.render(`- x: ${codeSpan(payload)}`), payload).toBe(`<ul>\n<li>x: <code>${code}</code></li>\n</ul>\n`);
    // A block keeps its lines (a lone CR ends one too), inside the list item it is written in.
    const lines = payload.split(/\r\n|\r|\n/).map((line) => text(asRenderedText(line)));
    expect(markdownIt.render(['- x', '', ...fenced(payload).map((l) => `  ${l}`)].join('\n')), payload).toBe(
      `<ul>\n<li>\n<p>x</p>\n<pre><code>${lines.join('\n')}\n</code></pre>\n</li>\n</ul>\n`,
    );
  }
});

test("every payload stays text under GitHub's own parser too (cmark-gfm with autolink, tagfilter, table): no link, no element", () => {
  test.skip(NO_CMARK_GFM !== null, NO_CMARK_GFM ?? '');
  const places = PAYLOADS.flatMap((payload) => {
    const md = escapeMarkdown(payload);
    return [md, `- ${md}`, `### ${md} (FAIL)`, table(['A', 'B'], [[payload, { code: payload }]]).join('\n'), `- x: ${codeSpan(payload)}`];
  });
  const html = cmarkGfm(places.join('\n\n'));
  expect(html).not.toMatch(/<(a|img|script|iframe|svg|details|object|embed|form|input)[\s>]/);
  for (const payload of PAYLOADS.filter((p) => !/[<>&"]/.test(p))) expect(html, payload).toContain(asRenderedMarkdownText(payload));
});
