// Issue 10, defects 7 and 5: `npm run certify` interrupted (SIGTERM, as CI sends; Ctrl-C takes the same path) while a
// create it sent is unanswered: exit 130 and "Interrupted", never "Configuration error"; its sweep says what it really
// cancelled; nothing it created stays open; the previous certification in --out is left exactly as it was.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCanaries } from './canary-scan.ts';
import { CANARY, expect, liveWithTag, test } from './hostile-front.ts';

const ROOT = join(import.meta.dirname, '../..');

test('defect 7: certify interrupted mid-create exits 130 "Interrupted", sweeps what it created, keeps the previous report', async ({
  hostile,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'osd-hostile-interrupt-'));
  const out = join(dir, 'certification');
  mkdirSync(out);
  writeFileSync(join(out, 'index.html'), 'the previous certification');
  const runId = `hostile-interrupt-${process.pid}`;
  // The first create is saved by the service and never answered: the run is stuck there when the signal comes.
  let stuck = false;
  hostile.misbehave = (req) => {
    if (req.method !== 'POST' || req.url !== '/subscription' || stuck) return null;
    stuck = true;
    return 'hang';
  };
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(API_|RUN_ID|REPORTS_DIR|REFERENCE_)/.test(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/certify.ts', '--skip-load', '--out', out], {
    cwd: ROOT,
    env: {
      ...inherited,
      API_BASE_URL: hostile.url,
      API_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
      API_SECRET: CANARY.secret,
      API_PROFILE: join(ROOT, 'reference/profile.json'),
      RUN_ID: runId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  const exitCode = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    await expect.poll(() => stuck, { timeout: 30_000 }).toBe(true);
    child.kill('SIGTERM');
    expect(await exitCode, output).toBe(130);
    expect(output).toMatch(
      /\nInterrupted: the certification was stopped by \(SIGTERM\); the sweep cancelled 1 record\(s\)\. No report was written/,
    );
    expect(output).not.toMatch(/Configuration error/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('the previous certification');
    expect(await liveWithTag(hostile.reference.url, (r) => r.startsWith(`osd-suite.${runId}.`))).toEqual([]);
    expect(findCanaries(output, [CANARY.subscriptionKey, CANARY.secret])).toEqual([]);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
