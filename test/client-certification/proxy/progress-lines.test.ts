// The proxy's console lines: every exchange while the traffic is light, a count instead of a flood when it is not,
// and an exchange with a finding always shown.
import { progressLines } from '../../../src/client-certification/proxy/progress-lines.ts';
import { ex } from '../client-checks.cases.ts';
import { expect, test } from '../fixtures.ts';

function printer(linesPerSecond: number) {
  let clock = 10_000;
  let out = '';
  const lines = progressLines({
    write: (text) => (out += text),
    clientFindings: (e) => (e.requestHeaders.accept ? [] : [{ clause: 'CLIENT-ACCEPT-HEADER', message: 'no accept header' }]),
    linesPerSecond,
    now: () => clock,
  });
  return { lines, tick: (ms: number) => (clock += ms), printed: () => out };
}

test('within the budget each exchange gets its line, with its findings under it', () => {
  const p = printer(5);
  p.lines.exchange(ex(1, 0, { path: '/offer?limit=1' }));
  p.lines.exchange(ex(2, 0, { path: '/offer?limit=2', requestHeaders: {} }));
  expect(p.printed()).toMatch(
    /^#1 GET \/offer\?limit=1 -> 200 \(\d+ ms\)\n#2 GET \/offer\?limit=2 -> 200 \(\d+ ms\)\n {4}client CLIENT-ACCEPT-HEADER: no accept header\n$/,
  );
});

test('past the budget: a count of what was not shown, findings still shown, and a new second starts afresh', () => {
  const p = printer(2);
  for (let seq = 1; seq <= 10; seq++) p.lines.exchange(ex(seq, 0));
  p.lines.exchange(ex(11, 0, { requestHeaders: {} }));
  expect(p.printed().match(/^#\d+/gm)).toEqual(['#1', '#2', '#11']);
  p.tick(1000);
  p.lines.exchange(ex(12, 0));
  expect(p.printed()).toContain('... 8 more exchange(s) with nothing found, not shown (all are in the session)\n#12 ');
  p.lines.flush();
  expect(p.printed().match(/more exchange/g)).toHaveLength(1);
});

test('a request shaped like one found clean is not checked again; one with a finding is checked, and shown, every time', () => {
  let checked = 0;
  let out = '';
  const lines = progressLines({
    write: (text) => (out += text),
    clientFindings: (e) => {
      checked++;
      return e.requestHeaders.accept ? [] : [{ clause: 'CLIENT-ACCEPT-HEADER', message: `#${e.seq} no accept header` }];
    },
    linesPerSecond: 1,
  });
  for (let seq = 1; seq <= 5; seq++) lines.exchange(ex(seq, 0, { path: '/offer?limit=5' }));
  expect(checked).toBe(1);
  lines.exchange(ex(6, 0, { path: '/offer?limit=6' })); // another target: another shape
  lines.exchange(ex(7, 0, { path: '/offer?limit=5', requestBody: '{}' })); // another body
  lines.exchange(ex(8, 0, { path: '/offer?limit=5', requestHeaders: { accept: 'application/json' } })); // other headers
  expect(checked).toBe(4);
  for (let seq = 9; seq <= 11; seq++) lines.exchange(ex(seq, 0, { path: '/offer?limit=5', requestHeaders: {} }));
  expect(checked).toBe(7);
  expect(out.match(/client CLIENT-ACCEPT-HEADER: #\d+/g)).toEqual([
    'client CLIENT-ACCEPT-HEADER: #9',
    'client CLIENT-ACCEPT-HEADER: #10',
    'client CLIENT-ACCEPT-HEADER: #11',
  ]);
});

test("unless told otherwise, the catalogue's per-request client checks are the ones run", () => {
  let out = '';
  const lines = progressLines({ write: (text) => (out += text) });
  lines.exchange(ex(1, 0, { requestHeaders: { accept: 'text/html' } }));
  expect(out).toContain('client CLIENT-ACCEPT-HEADER: #1 GET /offer was sent with accept "text/html"');
});
