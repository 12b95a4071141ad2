// The checks and the session recording run off the forwarding path, in a worker thread fed through a bounded queue
// (src/client-certification/proxy/recording-queue.ts). A recorder that has fallen behind is played by holding the
// queue (recordingHeldUntil): the client still gets every answer; past the queue's bound the exchanges are recorded
// unchecked, counted and reported (the console, the session, the certification), never dropped; and stopping the
// proxy drains the queue, held or not: every exchange recorded in order before the end line.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { certifyClient } from '../../../src/client-certification/certify-client.ts';
import { readSession } from '../../../src/client-certification/recorded-session.ts';
import { CANARY, expect, ROOT, SETTINGS, test } from '../fixtures.ts';

const headers = { accept: 'application/json', 'service-api-subscription': CANARY.subscriptionKey, 'service-api-secret': CANARY.secret };

/** A gate the test opens: until then the proxy's recorder gets nothing (it has fallen behind). */
function gate(): { held: Promise<void>; open(): void } {
  let open = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  return { held, open };
}

const sessionLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { type: string });

test('a full queue: every answer still reaches the client; the exchanges past it are recorded unchecked, counted and reported, none dropped', async ({
  startProxied,
}) => {
  const recorder = gate();
  const console: string[] = [];
  const proxied = await startProxied({
    queueCapacity: { exchanges: 2 },
    recordingHeldUntil: recorder.held,
    console: (text) => console.push(text),
  });
  // Five different pages: five answers to check, where the queue holds two.
  for (let limit = 1; limit <= 5; limit++) {
    const answer = await fetch(`${proxied.proxyUrl}/offer?limit=${limit}`, { headers });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as unknown[]).length).toBe(limit);
  }
  expect(proxied.unchecked()).toBe(3);
  expect(console.join('')).toContain('! the checks are behind the traffic: #3 and the answers after it are recorded unchecked');
  recorder.open();
  await proxied.stop();

  const session = readSession(proxied.sessionPath);
  expect(session.exchanges.map((ex) => [ex.seq, ex.status, ex.responseItems, ex.unchecked ?? false])).toEqual([
    [1, 200, 1, false],
    [2, 200, 2, false],
    [3, 200, null, true],
    [4, 200, null, true],
    [5, 200, null, true],
  ]);
  expect(session.end).toMatchObject({ requests: 5, unchecked: 3 });

  const certification = certifyClient(proxied.sessionPath, join(dirname(proxied.sessionPath), 'client-certification'), SETTINGS, ROOT);
  expect(certification.report.session.uncheckedAnswers).toBe(3);
  const markdown = readFileSync(join(certification.dir, 'client-certification.md'), 'utf8');
  expect(markdown).toContain("**Warning:** 3 of 5 answer(s) were recorded but not checked: the proxy's checks fell behind the traffic");
  expect(readFileSync(join(certification.dir, 'index.html'), 'utf8')).toContain('id="unchecked-answers"');
});

test('stopping drains the queue: exchanges answered while the recorder was behind are all recorded, checked and in order, before the end line', async ({
  startProxied,
}) => {
  const proxied = await startProxied({ recordingHeldUntil: new Promise<void>(() => {}) });
  const paths = ['/offer?limit=2', '/offer/no-such-offer', '/health', '/offer?limit=3', '/subscription'];
  for (const path of paths) expect((await fetch(`${proxied.proxyUrl}${path}`, { headers })).status).toBeLessThan(500);
  // Every answer went back while nothing was checked or recorded: the checks are off the forwarding path.
  expect(sessionLines(proxied.sessionPath).filter((line) => line.type !== 'session')).toEqual([]);
  // Stopped while the recorder is still held: the stop itself drains the queue.
  await proxied.stop();

  const lines = sessionLines(proxied.sessionPath);
  expect(lines.map((line) => line.type)).toEqual(['session', ...paths.map(() => 'exchange'), 'end']);
  const session = readSession(proxied.sessionPath);
  expect(session.exchanges.map((ex) => [ex.seq, ex.path, ex.unchecked ?? false])).toEqual(paths.map((path, i) => [i + 1, path, false]));
  // Checked: the list answers' sizes are known, and the 404's body passed the error-body checks.
  expect(session.exchanges.map((ex) => ex.responseItems)).toEqual([2, null, null, 3, 0]);
  expect(session.exchanges.flatMap((ex) => ex.serviceFindings)).toEqual([]);
  expect(session.end).toMatchObject({ requests: paths.length, unchecked: 0 });
});
