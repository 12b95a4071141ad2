/**
 * JUnit XML as CI tools read it (GitLab's Tests tab, Jenkins, GitHub test reporters show a <failure>'s message): a
 * contract deviation is a <failure> whose message names the clause and the cause, with expected / received in its
 * text; an <error> is kept for a test that could not run to its verdict (it threw, timed out or was interrupted).
 * Each deviation carries the contract's words its clause quotes (src/contract/clauses/): the passage the cause speaks of
 * in the message, every passage of every deviating clause in the text. Pure module: src/harness/junit-reporter.ts
 * feeds it from Playwright.
 */
import { STRICTNESS_HEADING, STRICTNESS_NOTE } from '../contract/strictness.ts';
import { getClause, isClauseId } from '../contract/clauses/catalogue.ts';
import { quotesOf } from '../contract/clauses/clause.ts';
import { quoteFor } from '../contract/contract-quote.ts';

export interface JunitCase {
  name: string;
  /** The spec file, as the suite's name for the case. */
  classname: string;
  seconds: number;
  /** Strictness findings (src/contract/strictness.ts): written as the case's <system-out>, never a failure. */
  strictness?: ReadonlyArray<{ clause: string; message: string }>;
  outcome:
    | { kind: 'passed' }
    | { kind: 'skipped'; reason: string | null }
    /** Contract deviations: each clause with its cause; `details` is the whole expected / received block. */
    | { kind: 'deviation'; deviations: Array<{ clause: string; message: string }>; details: string }
    /** The test could not reach its verdict. */
    | { kind: 'error'; type: string; message: string; details: string };
}

export interface JunitSuite {
  name: string;
  project: string;
  cases: JunitCase[];
}

// XML 1.0 forbids these characters even escaped; a target's bytes can hold them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly the control characters XML refuses
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes in Playwright's error text
const ANSI = /\u001b\[[0-9;]*m/g;

const clean = (s: string) => s.replace(ANSI, '').replace(NOT_XML, '');
const attr = (s: string | number) =>
  clean(String(s)).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
const cdata = (s: string) => `<![CDATA[${clean(s).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const firstLine = (s: string) => s.split('\n')[0];

/** The passages of the contract a clause quotes (none for an ID the catalogue does not hold). */
const quotesOfId = (clause: string) => (isClauseId(clause) ? quotesOf(getClause(clause)) : []);

/** The <failure> message: the first deviation's clause, cause and the contract's words, and how many more the text holds. */
export function deviationMessage(deviations: ReadonlyArray<{ clause: string; message: string }>): string {
  const [first, ...rest] = deviations;
  if (!first) return 'contract deviation';
  const quote = quoteFor(quotesOfId(first.clause), first.message);
  return `${first.clause}: ${firstLine(first.message)}${rest.length ? ` (and ${rest.length} more: ${[...new Set(rest.map((d) => d.clause))].join(', ')})` : ''}${quote ? ` · the contract: "${quote}"` : ''}`;
}

/** The <failure> text's last part: every passage each deviating clause quotes, under its ID. */
export function contractWords(deviations: ReadonlyArray<{ clause: string }>): string {
  const ids = [...new Set(deviations.map((d) => d.clause))].filter((id) => quotesOfId(id).length > 0);
  if (ids.length === 0) return '';
  const lines = ids.flatMap((id) => [`[${id}]`, ...quotesOfId(id).map((q) => `  > ${q}`)]);
  return `\n\nThe contract's words:\n${lines.join('\n')}`;
}

/** The case's strictness findings under their heading, as its <system-out> (CI tools show it beside the case). */
export function strictnessOut(findings: JunitCase['strictness']): string {
  if (!findings?.length) return '';
  const text = [`${STRICTNESS_HEADING} (${STRICTNESS_NOTE})`, ...findings.map((f) => `${f.clause}: ${f.message}`)].join('\n');
  return `\n      <system-out>${cdata(text)}</system-out>`;
}

function outcomeXml(o: JunitCase['outcome']): string {
  switch (o.kind) {
    case 'passed':
      return '';
    case 'skipped':
      return `\n      <skipped${o.reason ? ` message="${attr(o.reason)}"` : ''}/>`;
    case 'deviation':
      return `
      <failure message="${attr(deviationMessage(o.deviations))}" type="contract-deviation">${cdata(o.details + contractWords(o.deviations))}</failure>`;
    case 'error':
      return `\n      <error message="${attr(firstLine(o.message))}" type="${attr(o.type)}">${cdata(o.details)}</error>`;
  }
}

function caseXml(c: JunitCase): string {
  const open = `    <testcase name="${attr(c.name)}" classname="${attr(c.classname)}" time="${c.seconds.toFixed(3)}"`;
  const inner = `${outcomeXml(c.outcome)}${strictnessOut(c.strictness)}`;
  return inner ? `${open}>${inner}\n    </testcase>` : `${open}/>`;
}

const count = (cases: readonly JunitCase[], kind: JunitCase['outcome']['kind']) => cases.filter((c) => c.outcome.kind === kind).length;

export function junitXml(suites: readonly JunitSuite[], seconds: number): string {
  const all = suites.flatMap((s) => s.cases);
  const totals = (cases: readonly JunitCase[]) =>
    `tests="${cases.length}" failures="${count(cases, 'deviation')}" errors="${count(cases, 'error')}" skipped="${count(cases, 'skipped')}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="osd-suite" ${totals(all)} time="${seconds.toFixed(3)}">`,
    ...suites.flatMap((s) => [
      `  <testsuite name="${attr(s.name)}" hostname="${attr(s.project)}" ${totals(s.cases)} time="${s.cases.reduce((t, c) => t + c.seconds, 0).toFixed(3)}">`,
      ...s.cases.map(caseXml),
      '  </testsuite>',
    ]),
    '</testsuites>',
    '',
  ].join('\n');
}
