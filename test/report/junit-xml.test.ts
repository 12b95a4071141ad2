// Issue 43, item 6: the JUnit file as GitLab's Tests tab and Jenkins read it. A contract deviation is a <failure>
// whose message names the clause and the cause (expected / received in its text); a test that could not reach its
// verdict is an <error>; the counts say so. Checked through the reporter's own mapping from Playwright's results, and
// the XML parsed by Python's expat (well-formed, whatever bytes a target sent).
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { clauseCaseName, junitCase, junitCases, suiteCases } from '../../src/harness/junit-reporter.ts';
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

test('a passed test with strictness findings keeps passing and carries them in its <system-out>, under their heading', () => {
  const lenient = junitCase(
    ...fake('passed', {
      annotations: [
        { type: 'strictness', description: 'SUB-CREATE-VALIDATION: an enum value in another letter case: "Retail" <as> "retail"' },
      ],
    }),
  );
  const doc = junitXml([{ name: 's', project: 'p', cases: [lenient] }], 1);
  expect(lenient.outcome.kind).toBe('passed');
  expect(doc).toMatch(/<testsuites name="osd-suite" tests="1" failures="0" errors="0"/);
  const out = execFileSync(
    'python3',
    [
      '-c',
      'import sys, xml.dom.minidom as m; d = m.parseString(sys.stdin.buffer.read()); print("".join(n.data for n in d.getElementsByTagName("system-out")[0].childNodes))',
    ],
    { input: doc },
  ).toString();
  expect(out).toContain('Strictness (');
  expect(out).toContain('SUB-CREATE-VALIDATION: an enum value in another letter case: "Retail" <as> "retail"');
});

/** A fuzz property's test as Playwright hands it to the reporter: its title and the clauses it names (covers). */
function property(title: string, tags: string[], deviations: string[]): [TestCase, TestResult] {
  const test = {
    id: title,
    tags,
    location: { file: '/x/fuzz/no-server-error.spec.ts', line: 1, column: 1 },
    titlePath: () => ['', 'fuzz', 'no-server-error.spec.ts', title],
  } as unknown as TestCase;
  const error = {
    message: `Error: ${deviations.length} contract deviation(s):\n\n${deviations.map((d) => `[${d.split(':')[0]}] ${d}`).join('\n')}`,
  };
  const annotations = deviations.map((description) => ({ type: 'clause-failure', description }));
  return [test, { status: 'failed', duration: 900, annotations, error, errors: [error] } as unknown as TestResult];
}

const IDS = 'no 5xx for identifiers of any kind in paths';
const IDS_TAGS = ['@read', '@GEN-FAILURE-4XX', '@ERR-LIST-GET-BODY', '@fuzz'];

// Issue 49, item 1: a schema failure the path-identifier fuzz met was filed under "no 5xx for identifiers of any kind
// in paths", and a CI dashboard read it as a 5xx. A finding sits under a case whose name says what was checked.
test('a deviation on a clause the test does not name is filed under a case named for that clause, saying which test met it', () => {
  const schema = 'OFFER-SCHEMA: GET /offer/o1: 1 schema violation(s): /pricingAndOrderLimits/offerPrice must be number';
  const [own, ...met] = junitCases(...property(IDS, IDS_TAGS, [schema]));
  expect(own).toMatchObject({ name: IDS, outcome: { kind: 'passed' } });
  expect(met).toHaveLength(1);
  expect(met[0].name).toBe(clauseCaseName('OFFER-SCHEMA'));
  expect(met[0].name).toMatch(/^OFFER-SCHEMA: Every offer has the Offer fields/);
  expect(met[0].outcome).toMatchObject({ kind: 'deviation', deviations: [{ clause: 'OFFER-SCHEMA' }] });
  const xml = junitXml([{ name: 'fuzz/no-server-error.spec.ts', project: 'fuzz', cases: suiteCases(new Map([[IDS, [own, ...met]]])) }], 1);
  // The test named for 5xx holds no failure; the clause's case does, and says the fuzz property met it.
  expect(xml).toContain(`<testcase name="${IDS}" classname="fuzz/no-server-error.spec.ts" time="0.900"/>`);
  expect(xml).toMatch(
    /<testcase name="OFFER-SCHEMA: Every offer[^"]*"[^>]*>\n\s*<failure message="OFFER-SCHEMA: GET \/offer\/o1[^"]*met by the test &quot;no 5xx for identifiers/,
  );
  expect(xml).toMatch(/tests="2" failures="1" errors="0"/);
});

test('a test keeps the deviations on its own clauses; two tests meeting one clause fill one case; a test naming no clause keeps all', () => {
  const fiveXx = 'GEN-FAILURE-4XX: GET /offer/%25: answered 500';
  const schema = 'OFFER-SCHEMA: GET /offer/o1: offerPrice must be number';
  const [own, ...met] = junitCases(...property(IDS, IDS_TAGS, [fiveXx, schema]));
  expect(own.outcome).toMatchObject({ kind: 'deviation', deviations: [{ clause: 'GEN-FAILURE-4XX' }] });
  expect(met.map((c) => c.name)).toEqual([clauseCaseName('OFFER-SCHEMA')]);
  const other = junitCases(...property('no 5xx for offer list queries of any kind', ['@read', '@GEN-FAILURE-4XX'], [schema]));
  const merged = suiteCases(
    new Map([
      [IDS, [own, ...met]],
      ['lists', other],
    ]),
  );
  expect(merged.map((c) => c.name)).toEqual([IDS, 'no 5xx for offer list queries of any kind', clauseCaseName('OFFER-SCHEMA')]);
  expect(merged[2].outcome).toMatchObject({ kind: 'deviation', deviations: [{ clause: 'OFFER-SCHEMA' }, { clause: 'OFFER-SCHEMA' }] });
  // A test naming no clause (the tables above): its deviations stay with it, as before.
  expect(junitCases(...property('untagged', [], [schema]))).toHaveLength(1);
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
