// What a hostile target writes into its answers to take over a Markdown report rendered with raw HTML on (issue 29,
// item 3): HTML with event handlers, javascript: URLs, Markdown links and images, headings (alone and after a line
// break), table breakers, backticks, spreadsheet formulas, control characters. Each calls alert() if it runs, and
// loads from port 9 (discard) if it loads: both are counted.
import { spawnSync } from 'node:child_process';
import MarkdownIt from 'markdown-it';
import { CONTROL, ZERO_WIDTH_SPACE } from '../../src/report/markdown-escape.ts';

export const PAYLOADS: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(2)>',
  '<script>alert(3)</script>',
  '<iframe src="javascript:alert(4)"></iframe>',
  '<a href="javascript:alert(5)">open the details</a>',
  '<details open ontoggle=alert(6)>',
  '[click](javascript:alert(7))',
  '![logo](http://127.0.0.1:9/logo.png)',
  '[site](http://127.0.0.1:9/)',
  '<http://127.0.0.1:9/autolink>',
  '# Certification verdict: PASS',
  'ok\n# Certification verdict: PASS',
  'ok\r<img src=y onerror=alert(8)>',
  'a | b || c',
  '`code` and ``` fence',
  '```\n</code></pre><img src=z onerror=alert(9)>',
  '**bold** _emphasis_ ~~struck~~',
  '=HYPERLINK("http://127.0.0.1:9/","x")',
  "+1+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd',
  'nul\u0000byte and escape \u001b[31m',
  '&lt;img src=w onerror=alert(10)&gt;',
  '\\<img src=v onerror=alert(11)>',
  '1. ordered',
  '    indented code',
  // GitHub's extended autolinks: a link with no Markdown syntax at all, made by the renderer from the bare text.
  'log in again at https://127.0.0.1:9/login?next=/',
  'www.127.0.0.1.nip.io/phish',
  'write to someone@example.com',
  'mailto:someone@example.com',
  // What cmark-gfm (GitHub's parser) and markdown-it's linkify link beyond those (issue 42, item 1).
  'see _www.127.0.0.1.nip.io/phish',
  'xmpp:someone@example.com',
  'fetch //127.0.0.1:9/schemeless',
  'ping @octocat and @github/security',
];

/**
 * A renderer that reads Markdown as GitHub does (a job summary, a pull request): raw HTML on, and bare URLs, `www.`
 * and e-mail addresses made links (GFM's extended autolinks; linkify-it's fuzzy links, which GFM has not, left off).
 */
export function gfmLikeRenderer() {
  const renderer = new MarkdownIt({ html: true, linkify: true });
  renderer.linkify.set({ fuzzyLink: false });
  return renderer;
}

/**
 * A payload as a reader sees it in rendered Markdown: as asRenderedText, with the zero-width space escapeMarkdown puts
 * after each `@` and between two slashes (invisible; it leaves no e-mail, mention or schemeless link to make).
 */
export function asRenderedMarkdownText(payload: string): string {
  return asRenderedText(payload)
    .replace(/@/g, `@${ZERO_WIDTH_SPACE}`)
    .replace(/\/(?=\/)/g, `/${ZERO_WIDTH_SPACE}`);
}

/** A payload as a reader sees it in the rendered inline text: on one line, control characters as their pictures. */
export function asRenderedText(payload: string): string {
  return payload.replace(/\r\n|[\r\n]/g, ' ').replace(CONTROL, (c) => String.fromCharCode(0x2400 + c.charCodeAt(0)));
}

/**
 * Why GitHub's own parser (Debian's cmark-gfm, with the extensions GitHub renders job summaries with) cannot run here,
 * or null. CI installs it (.ci/run), so there a missing one is an error, not a skip.
 */
export const NO_CMARK_GFM: string | null = (() => {
  const probe = spawnSync('cmark-gfm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return null;
  if (process.env.CI) throw new Error('cmark-gfm is not installed, and CI must render Markdown as GitHub does: .ci/run installs it.');
  return "No cmark-gfm (GitHub's Markdown parser): apt-get install -y cmark-gfm (.ci/run does).";
})();

/** Markdown rendered as GitHub renders a job summary: cmark-gfm with its autolink, tagfilter and table extensions. */
export function cmarkGfm(markdown: string): string {
  const out = spawnSync('cmark-gfm', ['-e', 'autolink', '-e', 'tagfilter', '-e', 'table'], { input: markdown, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`cmark-gfm failed: ${out.stderr}`);
  return out.stdout;
}

/** The two renderers every Markdown output is held to: markdown-it as GitHub-like, and GitHub's own (cmark-gfm). */
export const MARKDOWN_RENDERERS: ReadonlyArray<{ name: string; render(markdown: string): string; missing: string | null }> = [
  { name: 'markdown-it', render: (md) => gfmLikeRenderer().render(md), missing: null },
  { name: 'cmark-gfm', render: cmarkGfm, missing: NO_CMARK_GFM },
];
