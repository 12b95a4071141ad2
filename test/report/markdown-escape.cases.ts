// Cases for the Markdown escaping (src/report/markdown-escape.ts), as data: what a value becomes.

/** escapeMarkdown: a value, and the Markdown text it becomes. */
export const ESCAPE_CASES: Array<{ what: string; value: string; markdown: string }> = [
  { what: 'plain text stays as it is', value: 'GET /offer answered 200', markdown: 'GET /offer answered 200' },
  { what: 'an id with hyphens in it', value: 'SUB-CREATE-NO-DEDUP', markdown: 'SUB-CREATE-NO-DEDUP' },
  { what: 'an HTML tag, as entities', value: '<img src=x onerror=alert(1)>', markdown: '&lt;img src=x onerror=alert(1)&gt;' },
  { what: 'an entity stays text', value: '&lt;b&gt;', markdown: '&amp;lt;b&amp;gt;' },
  { what: 'a link', value: '[click](javascript:alert(1))', markdown: '\\[click\\](javascript:alert(1))' },
  { what: 'an image', value: '![x](http://h/x.png)', markdown: '!\\[x\\](http\\:/\u200b/h/x.png)' },
  { what: 'an autolink', value: '<http://h/>', markdown: '&lt;http\\:/\u200b/h/&gt;' },
  { what: 'a bare URL (a GFM autolink)', value: 'see https://h/login', markdown: 'see https\\:/\u200b/h/login' },
  { what: 'www. (a GFM autolink)', value: 'www.h.example/x', markdown: 'www\\.h.example/x' },
  { what: 'www. after an underscore (cmark-gfm links it)', value: '_www.h.example', markdown: '\\_www\\.h.example' },
  {
    what: 'an e-mail address (a GFM autolink; cmark-gfm reads past a backslash)',
    value: 'mailto:a@h.example',
    markdown: 'mailto\\:a\\@\u200bh.example',
  },
  { what: 'xmpp: (a GFM autolink)', value: 'xmpp:a@h.example', markdown: 'xmpp\\:a\\@\u200bh.example' },
  { what: 'a schemeless //host/path (markdown-it links it)', value: 'see //h/x', markdown: 'see /\u200b/h/x' },
  { what: 'an @mention', value: 'ping @octocat', markdown: 'ping \\@\u200boctocat' },
  { what: 'a colon that starts no link stays', value: 'GET /offer: 10:30', markdown: 'GET /offer: 10:30' },
  { what: 'a heading', value: '# Certification verdict: PASS', markdown: '\\# Certification verdict: PASS' },
  { what: 'a heading after a line break', value: 'ok\n# PASS', markdown: 'ok # PASS' },
  { what: 'a lone CR is a line break too', value: 'ok\r<b>', markdown: 'ok &lt;b&gt;' },
  { what: 'a heading after blanks', value: '  # PASS', markdown: '&#32;&#32;\\# PASS' },
  { what: 'an indented code block', value: '    code', markdown: '&#32;&#32;&#32;&#32;code' },
  { what: 'a list item', value: '- item', markdown: '\\- item' },
  { what: 'a plus list item', value: '+1+cmd', markdown: '\\+1+cmd' },
  { what: 'an ordered list item', value: '1. first', markdown: '1\\. first' },
  { what: 'a setext underline or formula', value: '=HYPERLINK("h")', markdown: '\\=HYPERLINK("h")' },
  { what: 'a blockquote', value: '> quoted', markdown: '&gt; quoted' },
  { what: 'table cell breakers', value: 'a | b', markdown: 'a \\| b' },
  { what: 'code', value: '`code`', markdown: '\\`code\\`' },
  { what: 'emphasis and strikethrough', value: '**b** _e_ ~~s~~', markdown: '\\*\\*b\\*\\* \\_e\\_ \\~\\~s\\~\\~' },
  { what: 'a backslash cannot undo an escape', value: '\\<b>', markdown: '\\\\&lt;b&gt;' },
  { what: 'NUL and ESC become visible', value: 'a\u0000b\u001bc', markdown: 'a\u2400b\u241bc' },
  { what: 'DEL and a C1 control become visible', value: 'a\u007fb\u0085c\u009bd', markdown: 'a\u2421b c' + 'U+009Bd' },
];

/** codeSpan: a value, and the inline code it becomes (outside and inside a table). */
export const CODE_SPAN_CASES: Array<{ what: string; value: string; markdown: string; inTable?: boolean }> = [
  { what: 'plain', value: 'p(95)<500', markdown: '`p(95)<500`' },
  { what: 'a backtick inside', value: 'a`b', markdown: '``a`b``' },
  { what: 'starting with a backtick', value: '`a', markdown: '`` `a ``' },
  { what: 'a pipe, in a table', value: 'a|b', markdown: '`a\\|b`', inTable: true },
  { what: 'a line break and NUL', value: 'a\nb\u0000', markdown: '`a b\u2400`' },
  { what: 'empty', value: '', markdown: '' },
];
