// The client certification's Markdown and HTML write out the first findings of a clause and count the rest; the JSON
// keeps every one. A client that breaks a duty on each request of a long session must get a report a person can open.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import MarkdownIt from 'markdown-it';
import { buildClientReport } from '../../src/client-certification/certify-client.ts';
import { DEFAULT_SETTINGS } from '../../src/client-certification/client-checks.ts';
import { SESSION_FORMAT, type Session } from '../../src/client-certification/recorded-session.ts';
import { FINDINGS_WRITTEN, renderClientHtml, renderClientMarkdown } from '../../src/client-certification/report/writers.ts';
import { asRenderedMarkdownText, MARKDOWN_RENDERERS, PAYLOADS } from '../hostile/markdown-payloads.ts';
import { ex } from './client-checks.cases.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READS = FINDINGS_WRITTEN + 30;

// The offers read again and again without modifiedAfter: every read after the first is a finding of CLIENT-POLLS-MODIFIED-AFTER.
const session: Session = {
  header: {
    type: 'session',
    format: SESSION_FORMAT,
    startedAt: '2026-01-01T10:00:00.000Z',
    target: 'http://t',
    bundledReference: true,
    profile: {},
  },
  exchanges: Array.from({ length: READS }, (_, i) => ex(i + 1, i * 1000)),
  end: null,
};
const report = buildClientReport(session, 'session.jsonl', DEFAULT_SETTINGS, ROOT);
const polls = report.clauses.find((c) => c.id === 'CLIENT-POLLS-MODIFIED-AFTER')!;
const notWritten = `${READS - 1 - FINDINGS_WRITTEN} more finding(s) of CLIENT-POLLS-MODIFIED-AFTER, not written here: every one is in client-certification.json.`;

test('the JSON keeps every finding', () => {
  expect(polls.status).toBe('fail');
  expect(polls.findings).toHaveLength(READS - 1);
  expect(report.requests.map((r) => r.seq)).toEqual(Array.from({ length: READS }, (_, i) => i + 1));
});

test('the Markdown writes out the first findings and counts the rest', () => {
  const md = renderClientMarkdown(report);
  const written = polls.findings.filter((f) => md.includes(f.message));
  expect(written).toEqual(polls.findings.slice(0, FINDINGS_WRITTEN));
  expect(md).toContain(notWritten);
  // The evidence lines name the requests of the findings written out, with their times, and of those only.
  const evidenceLine = (seq: number) => `#${seq} ${new Date(session.exchanges[seq - 1].arrivedAt).toISOString()} GET /offer`;
  expect(md).toContain(evidenceLine(FINDINGS_WRITTEN + 1));
  expect(md).not.toContain(evidenceLine(FINDINGS_WRITTEN + 2));
});

test('the HTML writes out the first findings and counts the rest', () => {
  const html = renderClientHtml(report);
  expect(html.match(/class="failure"/g)).toHaveLength(FINDINGS_WRITTEN);
  expect(html).toContain(notWritten);
});

test("issue 29, item 3: the client certification's Markdown shows a hostile session's text as text", () => {
  // The target's answers and the client's requests reach this report as finding messages, notes and service findings.
  const hostile = structuredClone(report);
  hostile.verdictReasons = [...PAYLOADS];
  hostile.clauses.forEach((c, i) => {
    c.note = PAYLOADS[i % PAYLOADS.length];
    for (const f of c.findings) f.message = PAYLOADS[(i + 1) % PAYLOADS.length];
  });
  hostile.service = PAYLOADS.map((p, i) => ({ clause: p, check: p, count: 1, firstSeq: i + 1, firstMessage: p }));
  const { escapeHtml } = new MarkdownIt().utils;
  // Under markdown-it and under GitHub's own parser (cmark-gfm, as a job summary renders it): the same elements only.
  for (const renderer of MARKDOWN_RENDERERS) {
    if (renderer.missing) {
      test.info().annotations.push({ type: 'skipped renderer', description: renderer.missing });
      continue;
    }
    const html = renderer.render(renderClientMarkdown(hostile));
    const tags = new Set([...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((m) => m[1]));
    expect(
      [...tags].filter((t) => !['code', 'h1', 'h2', 'h3', 'li', 'p', 'pre', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul'].includes(t)),
      renderer.name,
    ).toEqual([]);
    expect(html.match(/<h1>/g), renderer.name).toHaveLength(1);
    for (const p of PAYLOADS.filter((p) => renderer.name === 'markdown-it' || !/[<>&"]/.test(p)))
      expect(html, `${renderer.name}: ${p}`).toContain(escapeHtml(asRenderedMarkdownText(p)));
  }
});
