// Text into every HTML and SVG report (the certification report, the history page, load:compare's regression report):
// escapeXml. Cases as data; a control character a target sent never sits raw in a report file.
import { expect, test } from '@playwright/test';
import { escapeXml } from '../../src/report/svg-charts.ts';

const CASES: Array<{ what: string; text: string; html: string }> = [
  {
    what: 'markup is text',
    text: `<img src=x onerror="alert('1')">&amp;`,
    html: '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;',
  },
  { what: 'a NUL shows as its control picture', text: 'EUR\u0000', html: 'EUR\u2400' },
  { what: 'an escape sequence shows, it is not sent', text: '\u001b[2J\u001b]0;title\u0007', html: '\u241b[2J\u241b]0;title\u2407' },
  { what: 'DEL and a C1 control show', text: 'a\u007fb\u009bc', html: 'a\u2421bU+009Bc' },
  { what: 'tab, line feed and carriage return stay: they are the layout of evidence', text: 'a\tb\r\nc', html: 'a\tb\r\nc' },
];

for (const c of CASES)
  test(`escapeXml: ${c.what}`, () => {
    expect(escapeXml(c.text)).toBe(c.html);
  });
