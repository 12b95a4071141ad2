// The benchmarks' load generators (bench/load-generators.ts): wrk's report is read back exactly, a bad
// BENCH_GENERATOR stops a bench in one sentence, and a real wrk round against a small local server counts its
// requests, its non-2xx answers and its own CPU time. wrk comes from Debian's package, which .ci/run installs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseGenerator, endedChildrenCpuMicros, loadRound, parseWrkReport, wrkInstalled } from '../../bench/load-generators.ts';

const REPORT =
  'wrk-report {"requests":20000,"durationMicros":2000000,"connect":1,"read":2,"write":3,"status":7,"timeout":4,"p50Micros":350,"p99Micros":2100}';

test("parseWrkReport reads the done hook's line among wrk's own text", () => {
  const stdout = `Running 2s test @ http://127.0.0.1:1/x\n  1 threads and 10 connections\nRequests/sec:  9999.00\n${REPORT}\n`;
  expect(parseWrkReport(stdout)).toEqual({
    requests: 20000,
    requestsPerSecond: 10000,
    p50Ms: 0.35,
    p99Ms: 2.1,
    errors: 1 + 2 + 3 + 4,
    non2xx: 7,
  });
});

test('parseWrkReport names what is wrong: no report line, a field missing, no duration', () => {
  expect(() => parseWrkReport('Requests/sec: 10\n')).toThrow('wrk printed no report line');
  expect(() => parseWrkReport(REPORT.replace('"timeout":4,', '"timeout":null,'))).toThrow("wrk's report has no number for timeout");
  expect(() => parseWrkReport(REPORT.replace('"durationMicros":2000000', '"durationMicros":0'))).toThrow('duration of 0 µs');
});

test('endedChildrenCpuMicros reads cutime and cstime (ticks of 10 ms) after the command name, spaces in it or not', () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
  const stat = (comm: string) => `4242 (${comm}) S 1 4242 4242 0 -1 4194560 100 200 0 0 55 66 7 8 20 0 1 0`;
  expect(endedChildrenCpuMicros(stat('node'))).toBe((7 + 8) * 10_000);
  expect(endedChildrenCpuMicros(stat('a (b) c'))).toBe((7 + 8) * 10_000);
  expect(endedChildrenCpuMicros(null)).toBeNull();
});

test('chooseGenerator: BENCH_GENERATOR when set, else wrk where installed, else autocannon', () => {
  expect(chooseGenerator('bench:x', { BENCH_GENERATOR: 'autocannon' }, () => true)).toBe('autocannon');
  expect(chooseGenerator('bench:x', { BENCH_GENERATOR: 'wrk' }, () => true)).toBe('wrk');
  expect(chooseGenerator('bench:x', {}, () => true)).toBe('wrk');
  const said: string[] = [];
  expect(
    chooseGenerator(
      'bench:x',
      {},
      () => false,
      (line) => said.push(line),
    ),
  ).toBe('autocannon');
  expect(said).toEqual([
    "bench:x: wrk is not installed (Debian: apt-get install wrk); measuring with autocannon, which takes more of the machine's CPU from the servers compared.",
  ]);
});

function folderWithOnlyNode(): string {
  const folder = test.info().outputPath('path-with-only-node');
  mkdirSync(folder, { recursive: true });
  symlinkSync(process.execPath, join(folder, 'node'));
  return folder;
}

for (const [value, sentence] of [
  ['fast', 'bench:proxy: BENCH_GENERATOR must be one of wrk, autocannon, got "fast".'],
  ['wrk', 'bench:proxy: BENCH_GENERATOR=wrk, but wrk is not installed (Debian: apt-get install wrk).'],
] as const)
  test(`a bench with BENCH_GENERATOR=${value}${value === 'wrk' ? ' and no wrk on PATH' : ''} exits 2 in one sentence`, () => {
    // Without wrk on PATH: a PATH holding only a folder with node in it (node and wrk may share /usr/bin).
    const path = value === 'wrk' ? folderWithOnlyNode() : process.env.PATH;
    const ran = spawnSync(process.execPath, ['--import', 'tsx', 'bench/bench-proxy.ts'], {
      env: { ...process.env, PATH: path, BENCH_GENERATOR: value },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(ran.status, ran.stdout + ran.stderr).toBe(2);
    expect(ran.stderr.trim()).toBe(sentence);
    expect(ran.stdout).toBe('');
  });

test('a wrk round counts requests, non-2xx answers and its own CPU time', async () => {
  test.skip(!wrkInstalled(), 'wrk is not installed (Debian: apt-get install wrk; .ci/run installs it)');
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(String(request.headers['x-bench']));
    response.writeHead(request.url === '/ok' ? 200 : 404, { 'content-type': 'text/plain' }).end('x');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const settings = { seconds: 1, connections: 2, headers: { 'x-bench': 'yes' } };
    const ok = await loadRound('wrk', { ...settings, url: `${base}/ok` });
    expect(ok.requests).toBeGreaterThan(100);
    expect(ok.requestsPerSecond).toBeGreaterThan(100);
    expect(ok.non2xx).toBe(0);
    expect(ok.errors).toBe(0);
    expect(ok.p99Ms).toBeGreaterThanOrEqual(ok.p50Ms);
    expect(ok.generatorCpuMicros).toBeGreaterThan(0);
    const missing = await loadRound('wrk', { ...settings, url: `${base}/missing` });
    expect(missing.non2xx).toBe(missing.requests);
    expect(new Set(seen)).toEqual(new Set(['yes']));
  } finally {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
});
