// A target's text reaches the console: currencies in the global setup's line, ids in cleanup's, messages in reasons.
// Control characters in it were sent to the partner's terminal as they came (found 2026-11-26: a target whose offers'
// currency held ESC sequences cleared the screen, retitled the window and turned the console red from the
// "[currency]" line). Every line the suite's own commands print now shows them as escapes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../certify/run-certify.ts';
import { startProxyCli } from '../client-certification/fixtures.ts';
import { findCanaries, scanTree } from './canary-scan.ts';
import { CANARY, CANARY_SECOND, expect, test } from './hostile-front.ts';

/** Clear the screen, set the window's title (ended by a bell), turn the text red; a carriage return; a right-to-left override. */
const INJECTED = '\u001b[2J\u001b]0;pwned\u0007\u001b[31m\r\u202e';
/** Any control character but tab and line feed, or a bidirectional control: none may reach the terminal. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this test is for
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

test('a target whose offers carry terminal controls: the console shows them as escapes, never sends them', { tag: '@long' }, async ({
  hostile,
}) => {
  // Every offer's currency and acceptedCurrency start with the injected controls (JSON-escaped in the body, as a real
  // target would send them): an order is written in acceptedCurrency when a create can name it, else in currency
  // (src/contract/order-currency.ts), so with both unnamable no create can be sent, and the console says why.
  const escaped = JSON.stringify(INJECTED).slice(1, -1);
  hostile.misbehave = (request, upstream) =>
    request.method === 'GET' && request.url.startsWith('/offer')
      ? {
          status: upstream.status,
          body: upstream.body
            .replaceAll('"currency":"', `"currency":"${escaped}`)
            .replaceAll('"acceptedCurrency":"', `"acceptedCurrency":"${escaped}`),
        }
      : null;
  const dir = mkdtempSync(join(tmpdir(), 'osd-terminal-controls-'));
  try {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !/^(API_(?!DURABILITY_WAIT$)|RUN_ID$|REPORTS_DIR$|REFERENCE_|PLAYWRIGHT_|PW_|TEST_|FUZZ_|FORCE_COLOR$)/.test(k),
      ),
    );
    // Spawned, not spawnSync: the hostile front answers from this process's event loop.
    const child = spawn(
      join(ROOT, 'node_modules/.bin/playwright'),
      // A read whose line names the currencies, and a create: no offer is in a currency a create can name, so it is skipped, saying so.
      ['test', '--project=conformance', '--workers=1', '-g', 'health check result|a valid body with every field creates'],
      {
        cwd: ROOT,
        env: {
          ...inherited,
          API_BASE_URL: hostile.url,
          API_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
          API_SECRET: CANARY.secret,
          API_SECOND_SUBSCRIPTION_KEY: CANARY_SECOND.subscriptionKey,
          API_SECOND_SECRET: CANARY_SECOND.secret,
          API_PROFILE: 'reference/profile.json',
          REPORTS_DIR: join(dir, 'reports'),
          // Playwright's own colours off, as in a CI log: any control character left in the output came from the target.
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    await new Promise((resolve) => child.on('close', resolve));
    // The currency line names the target's currencies (as JSON strings), the controls shown as escapes.
    const currencyLine = output.split('\n').find((line) => line.startsWith('[currency]'));
    expect(currencyLine, output).toContain('"\\u001b[2J\\u001b]0;pwned\\u0007\\u001b[31m\\r\\u202eGBP"');
    // And says they are not written to, and why: neither the currency they accept orders in nor the one they are priced in is a create's.
    expect(currencyLine).toMatch(
      /are not written to: a create names its currency from the contract's enum .* neither the currency .* \(acceptedCurrency\) nor the one .* priced in/,
    );
    // Every currency is outside the create's enum: the create is skipped (a false SUB-CREATE failure before), the reason
    // naming the currency with its controls escaped.
    expect(output).toContain('No open offer is in a currency a create can name');
    expect(output).toMatch(/1 skipped/);
    expect(output).not.toMatch(/\d+ failed/);
    const raw = RAW_CONTROL.exec(output);
    expect(
      raw &&
        `U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${raw.index}: ${JSON.stringify(output.slice(Math.max(0, raw.index - 80), raw.index + 20))}`,
    ).toBeNull();
    // And no credential, whole or in part, raw or encoded, in what it printed or wrote.
    const secrets = [CANARY.subscriptionKey, CANARY.secret, CANARY_SECOND.subscriptionKey, CANARY_SECOND.secret];
    expect(findCanaries(output, secrets)).toEqual([]);
    expect(scanTree(join(dir, 'reports'), secrets).findings).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "the proxy's console shows a target's controls as escapes: the service finding that quotes them",
  { tag: '@long' },
  async ({ hostile }, testInfo) => {
    // Every offer's type carries the controls: outside the offerType enum, a finding on every offers read, quoted on the
    // proxy's console line for the exchange.
    const escaped = JSON.stringify(INJECTED).slice(1, -1);
    hostile.misbehave = (request, upstream) =>
      request.method === 'GET' && request.url.startsWith('/offer')
        ? { status: upstream.status, body: upstream.body.replaceAll('"offerType":"', `"offerType":"${escaped}`) }
        : null;
    const out = testInfo.outputPath('proxy-controls');
    const proxy = await startProxyCli(
      ['--target', hostile.url, '--port', '0', '--stop-after', '2', '--out', out, '--profile', 'reference/profile.json'],
      { FORCE_COLOR: '0' },
    );
    const headers = { accept: 'application/json', 'service-api-subscription': CANARY.subscriptionKey, 'service-api-secret': CANARY.secret };
    const answer = await fetch(`${proxy.url}/offer?offset=0&limit=3`, { headers });
    // The client gets the target's bytes as they are: only what the proxy prints is escaped.
    expect(await answer.text()).toContain(escaped);
    await proxy.exited;
    const output = proxy.output();
    expect(output).toMatch(/#1 GET \/offer\?offset=0&limit=3 -> 200/);
    // The finding quotes the target's value, its controls shown as escapes.
    expect(output).toContain('service OFFER-ENUMS');
    expect(output).toContain('got "\\u001b[2J\\u001b]0;pwned\\u0007\\u001b[31m\\r\\u202eprimary_placing"');
    const raw = RAW_CONTROL.exec(output);
    expect(
      raw &&
        `U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${raw.index}: ${JSON.stringify(output.slice(Math.max(0, raw.index - 80), raw.index + 20))}`,
    ).toBeNull();
    const secrets = [CANARY.subscriptionKey, CANARY.secret];
    expect(findCanaries(output, secrets)).toEqual([]);
    expect(scanTree(out, secrets).findings).toEqual([]);
  },
);
