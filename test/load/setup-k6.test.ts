// scripts/setup-k6.sh (npm run setup:k6, .ci/run) with a stand-in `go` on PATH, so every path runs in
// a second without a network: `go install` works; it fails and the download + build fallback works; a
// binary of the right version is reused; a binary that reports another version fails; no Go at all
// and a bad version argument get one sentence and their exit codes.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const SCRIPT = fileURLToPath(new URL('../../scripts/setup-k6.sh', import.meta.url));

/**
 * A `go` that logs its arguments and installs a stand-in k6 printing `k6 <version>`. GO_INSTALL_FAILS makes
 * `go install` fail as v2 does here (deprecation lookup); FAKE_K6_SAYS overrides what the built k6 says.
 */
const FAKE_GO = `#!/bin/bash
echo "go $*" >> "$GO_LOG"
write_k6() { printf '#!/bin/sh\\necho "k6 %s (fake, linux/amd64)"\\n' "\${FAKE_K6_SAYS:-$2}" > "$1"; chmod +x "$1"; }
case "$1" in
  install)
    if [ -n "$GO_INSTALL_FAILS" ]; then echo "go: $2: loading deprecation: 404 Not Found" >&2; exit 1; fi
    write_k6 "$GOBIN/k6" "\${2##*@}" ;;
  mod)
    mkdir -p "$FAKE_MODCACHE/\${4##*@}"; printf '{\\n\\t"Path": "x",\\n\\t"Dir": "%s",\\n\\t"Sum": "h1:x"\\n}\\n' "$FAKE_MODCACHE/\${4##*@}" ;;
  build)
    write_k6 "$4" "$(basename "$PWD")" ;;
esac
`;

function setup(args: string[], env: Record<string, string>, withGo = true) {
  const dir = mkdtempSync(join(tmpdir(), 'setup-k6-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  if (withGo) {
    writeFileSync(join(bin, 'go'), FAKE_GO);
    chmodSync(join(bin, 'go'), 0o755);
  }
  const tools = join(dir, 'tools');
  const out = spawnSync('bash', [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { PATH: `${bin}:/usr/bin:/bin`, K6_TOOLS_DIR: tools, GO_LOG: join(dir, 'go.log'), FAKE_MODCACHE: join(dir, 'mod'), ...env },
  });
  return { dir, tools, code: out.status, stdout: out.stdout, stderr: out.stderr };
}

test("go install where it works, the download + build fallback where it fails, and each binary's version verified", () => {
  const first = setup(['v1.3.0'], {});
  expect(first.code, first.stderr).toBe(0);
  expect(first.stderr).toContain('k6 v1.3.0: installed by go install');
  expect(first.stdout.trim()).toBe(join(first.tools, 'k6-v1.3.0', 'k6'));

  const fallback = setup(['v2.2.0', 'v1.3.0'], { GO_INSTALL_FAILS: '1' });
  expect(fallback.code, fallback.stderr).toBe(0);
  expect(fallback.stderr).toContain(
    'k6 v2.2.0: go install failed (go: go.k6.io/k6/v2@v2.2.0: loading deprecation: 404 Not Found); falling back to go mod download + go build',
  );
  expect(fallback.stderr).toContain('k6 v2.2.0: installed by go mod download + go build');
  expect(fallback.stdout.trim()).toBe(['v2.2.0', 'v1.3.0'].map((v) => join(fallback.tools, `k6-${v}`, 'k6')).join(':'));
  const log = spawnSync('cat', [join(fallback.dir, 'go.log')], { encoding: 'utf8' }).stdout;
  expect(log).toContain('go install go.k6.io/k6/v2@v2.2.0');
  expect(log).toContain('go mod download -json go.k6.io/k6/v2@v2.2.0');
  expect(log).toContain('go install go.k6.io/k6@v1.3.0');
});

test('a binary of the right version is reused (even without Go), one of another version rebuilt; a build that says another version fails', () => {
  const run = setup(['v1.3.0'], {});
  expect(run.code).toBe(0);
  const reused = setup(['v1.3.0'], { K6_TOOLS_DIR: run.tools }, false); // no Go needed to reuse
  expect(reused.code, reused.stderr).toBe(0);
  expect(reused.stderr).toContain(`k6 v1.3.0: reusing ${join(run.tools, 'k6-v1.3.0', 'k6')} (k6 v1.3.0 (fake, linux/amd64))`);
  writeFileSync(join(run.tools, 'k6-v1.3.0', 'k6'), '#!/bin/sh\necho "k6 v1.2.0 (older)"\n'); // another version in its place: rebuilt
  const rebuilt = setup(['v1.3.0'], { K6_TOOLS_DIR: run.tools });
  expect(rebuilt.code, rebuilt.stderr).toBe(0);
  expect(rebuilt.stderr).toContain('k6 v1.3.0: installed by go install');
  const wrong = setup(['v1.3.0'], { FAKE_K6_SAYS: 'v1.2.9' });
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain('k6 v1.3.0: the binary built by go install says "k6 v1.2.9 (fake, linux/amd64)", not k6 v1.3.0');
  expect(wrong.stdout).toBe('');
  expect(existsSync(join(wrong.tools, 'k6-v1.3.0', 'install.log'))).toBe(true);
});

test('without Go, or with a version that is not one, one sentence and exit 3 / 2', () => {
  const noGo = setup([], {}, false);
  expect(noGo.code).toBe(3);
  expect(noGo.stderr.trim().split('\n')).toHaveLength(1);
  expect(noGo.stderr).toContain("Go is not installed, so k6 cannot be built here: install k6 from Grafana's packages");
  const bad = setup(['latest'], {});
  expect(bad.code).toBe(2);
  expect(bad.stderr.trim()).toBe('setup:k6: "latest" is not a k6 version like v2.2.0.');
});
