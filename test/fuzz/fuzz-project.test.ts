// Facts about the fuzz project as listed by Playwright that replay and the write budget rely on.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { grepFor } from '../../fuzz/record.ts';
import { WRITE_SHARES } from '../../fuzz/runner.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface ListedSuite {
  specs?: Array<{ tags?: string[]; title: string }>;
  suites?: ListedSuite[];
}

function listedProperties(): Array<{ title: string; tags: string[] }> {
  const json = execFileSync(resolve(ROOT, 'node_modules/.bin/playwright'), ['test', '--list', '--project=fuzz', '--reporter=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const out: Array<{ title: string; tags: string[] }> = [];
  const walk = (s: ListedSuite) => {
    for (const spec of s.specs ?? []) out.push({ title: spec.title, tags: spec.tags ?? [] });
    s.suites?.forEach(walk);
  };
  (JSON.parse(json) as { suites: ListedSuite[] }).suites.forEach(walk);
  return out;
}

test('each property is selected alone by the -g pattern of its replay command', () => {
  const properties = listedProperties();
  expect(properties.length).toBeGreaterThan(30);
  for (const p of properties) {
    const pattern = new RegExp(grepFor(p.title));
    expect(
      properties.filter((q) => pattern.test(q.title)).map((q) => q.title),
      p.title,
    ).toEqual([p.title]);
  }
});

test('every property is tagged @fuzz, and there are fewer writing properties than write-budget shares', () => {
  const properties = listedProperties();
  for (const p of properties) expect(p.tags, p.title).toContain('fuzz');
  expect(properties.filter((p) => p.tags.includes('write')).length).toBeLessThanOrEqual(WRITE_SHARES);
});
