// Issue 43, item 6: the JUnit file as GitLab's Tests tab and Jenkins read it. A contract deviation is a <failure>
// whose message names the clause and the cause (expected / received in its text); a test that could not reach its
// verdict is an <error>; the counts say so. Checked through the reporter's own mapping from Playwright's results, and
// the XML parsed by Python's expat (well-formed, whatever bytes a target sent).
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { junitCase } from '../../src/harness/junit-reporter.ts';
import { junitXml } from '../../src/report/junit-xml.ts';

const DEVIATION = [
  '1 contract deviation(s):',
  '',
  '[OFFER-SCHEMA] GET /offer: offerPrice must be number, got "60.7"',
  '  expected: number',
  '  received: "60.7"',
].join('\n');

function fake(status: TestResult['status'], o: { annotations?: TestResult['annotations']; error?: string } = {}): [TestCase, TestResult] {
  const test = {
    location: { file: '/x/conformance/offers.spec.ts', line: 1, column: 1 },
    titlePath: () => ['', 'conformance', 'offers.spec.ts', 'offers', 'list <a & b>'],
  } as unknown as TestCase;
  const error = o.error === undefined ? undefined : { message: o.error };
  const result = { status, duration: 1500, annotations: o.annotations ?? [], error, errors: error ? [error] : [] } as unknown as TestResult;
  return [test, result];
}

const cases = [
  junitCase(...fake('passed')),
  junitCase(...fake('skipped', { annotations: [{ type: 'skip', description: 'No cancel route in the profile.' }] })),
  junitCase(
    ...fake('failed', {
      annotations: [
        { type: 'clause-failure', description: 'OFFER-SCHEMA: GET /offer: offerPrice must be number, got "60.7"' },
        { type: 'clause-failure', description: 'OFFER-LIST: GET /offer: 2 offers without id' },
      ],
      error: `Error: ${DEVIATION}`,
    }),
  ),
  junitCase(...fake('failed', { error: 'TypeError: x is undefined\n    at helper.ts:3' })),
  junitCase(...fake('timedOut', { error: 'Test timeout of 60000ms exceeded.' })),
  junitCase(...fake('interrupted')),
];
const xml = junitXml([{ name: 'conformance/offers.spec.ts', project: 'conformance', cases }], 12);

test('a deviation is a <failure> naming the clause and the cause, with expected / received; a test that could not run is an <error>', () => {
  expect(cases.map((c) => c.outcome.kind)).toEqual(['passed', 'skipped', 'deviation', 'error', 'error', 'error']);
  expect(xml).toContain(
    '<failure message="OFFER-SCHEMA: GET /offer: offerPrice must be number, got &quot;60.7&quot; (and 1 more: OFFER-LIST) · the contract: &quot;| offerPrice | number | |&quot;" type="contract-deviation">',
  );
  expect(xml).toMatch(/<failure [^>]*><!\[CDATA\[[\s\S]*?expected: number\n {2}received: "60\.7"/);
  expect(xml).toContain('<error message="x is undefined" type="TypeError">');
  expect(xml).toContain('<error message="timed out after 2 s" type="timedOut">');
  expect(xml).toContain('<error message="interrupted before its verdict" type="interrupted">');
  expect(xml).not.toContain('message="1 contract deviation(s):"');
  expect(xml).toMatch(/<testsuites name="osd-suite" tests="6" failures="1" errors="3" skipped="1"/);
  expect(xml).toContain('<skipped message="No cancel route in the profile."/>');
});

test('the XML is well-formed whatever a target sent: control characters dropped, ]]> split, markup escaped', () => {
  const hostile = junitCase(
    ...fake('failed', {
      annotations: [{ type: 'clause-failure', description: 'OFFER-LIST: name "\u0001\u001b[31m<x>" ]]> &' }],
      error: 'Error: 1 contract deviation(s):\n  received: "\u0000]]><script>"',
    }),
  );
  const doc = junitXml([{ name: 's', project: 'p', cases: [hostile, ...cases] }], 1);
  const parsed = execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.dom.minidom as m; d = m.parseString(sys.stdin.buffer.read()); f = d.getElementsByTagName("failure")[0]; print(f.getAttribute("message")); print("".join(n.data for n in f.childNodes))',
    ],
    { input: doc },
  ).toString();
  expect(parsed).toContain('OFFER-LIST: name "<x>" ]]> &');
  expect(parsed).toContain('received: "]]><script>"');
});

test("a deviation's failure quotes the contract: the row its cause names in the message, every passage in the text, escaped", () => {
  // The message: the passage the cause speaks of (the offerPrice row, not the first row of OFFER-SCHEMA's quote).
  expect(xml).not.toContain('the contract: &quot;| id | string | yes | Offer identifier |&quot;');
  // The text: every passage of each deviating clause, under its ID.
  const text = /<failure [^>]*><!\[CDATA\[([\s\S]*?)\]\]><\/failure>/.exec(xml)?.[1] ?? '';
  expect(text).toContain("The contract's words:\n[OFFER-SCHEMA]\n  > | id | string | yes | Offer identifier |");
  expect(text).toContain('[OFFER-LIST]\n  > Method and path: GET {base_url}/offer\n  > Success: 200, body is an array of Offer.');
  // A passage with markup in it (the contract writes <SUBSCRIPTION_KEY>) is escaped in the message and reads back as written.
  const auth = junitCase(
    ...fake('failed', {
      annotations: [{ type: 'clause-failure', description: 'AUTH-SUBSCRIPTION-KEY: GET /offer with a wrong key answered 200' }],
      error: 'Error: 1 contract deviation(s):',
    }),
  );
  const doc = junitXml([{ name: 's', project: 'p', cases: [auth] }], 1);
  expect(doc).toContain('the contract: &quot;Values are &lt;SUBSCRIPTION_KEY&gt; and &lt;API_SECRET&gt;.');
  const parsed = execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.dom.minidom as m; d = m.parseString(sys.stdin.buffer.read()); f = d.getElementsByTagName("failure")[0]; print(f.getAttribute("message"))',
    ],
    { input: doc },
  ).toString();
  expect(parsed).toContain(
    'AUTH-SUBSCRIPTION-KEY: GET /offer with a wrong key answered 200 · the contract: "Values are <SUBSCRIPTION_KEY> and <API_SECRET>. Without them the request is not accepted."',
  );
  // A clause the catalogue does not hold: the cause alone, no quote made up.
  const unknown = junitXml(
    [
      {
        name: 's',
        project: 'p',
        cases: [{ ...auth, outcome: { kind: 'deviation', deviations: [{ clause: 'NO-SUCH', message: 'x' }], details: 'x' } }],
      },
    ],
    1,
  );
  expect(unknown).toContain('<failure message="NO-SUCH: x" type="contract-deviation"><![CDATA[x]]>');
});
