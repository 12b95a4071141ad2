// The Node lines the project supports are named once (package.json config.nodeLines, which .ci/run reads to test the
// recommended line and smoke the others): the README, the development guide, both CI recipes and `engines` agree with
// it, and every line is a supported LTS line (Node 20 reached end of life on 2026-04-30).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../checkout.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  config: { nodeLines: { recommended: string; supported: string[] } };
};
const { recommended, supported } = pkg.config.nodeLines;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

test('the supported lines are LTS lines still supported, the recommended one among them, and engines holds the lowest', () => {
  for (const line of supported) expect(['22', '24', '26']).toContain(line);
  expect(supported).toContain(recommended);
  expect(pkg.engines.node).toBe(`>=${Math.min(...supported.map(Number))}.12.0`);
});

test('the README and the development guide name exactly those lines and the recommended one', () => {
  const named = `Node.js ${supported.slice(0, -1).join(', ')} or ${supported.at(-1)}`;
  expect(read('README.md')).toContain(`You need ${named} (the supported LTS lines; ${recommended} recommended`);
  expect(read('docs/development.md')).toContain(`| ${named} (LTS lines; ${recommended} recommended), npm |`);
});

test('both CI recipes run the recommended line', () => {
  expect(read('examples/ci/github-actions/certify-staging.yml')).toMatch(new RegExp(`node-version: ${recommended}\\b`));
  expect(read('examples/ci/gitlab/certify-staging.gitlab-ci.yml')).toMatch(new RegExp(`image: node:${recommended}\\b`));
});

test('.ci/run takes the lines from package.json and fails on an EBADENGINE warning', () => {
  const run = read('.ci/run');
  expect(run).toContain('config.nodeLines');
  expect(run).toContain('grep -q EBADENGINE');
  expect(run).toContain('npm run certify');
});
