#!/usr/bin/env bash
# Installs k6 with Go into .tools/k6-<version>/k6 (git-ignored; K6_TOOLS_DIR moves it), one folder per version, for `npm run setup:k6`
# and .ci/run. A binary already there whose `k6 version` matches is reused. Progress goes to stderr; stdout gets
# only the installed binaries, joined with ':' (the K6_BINS list the k6 tests of `npm test` read).
# Usage: scripts/setup-k6.sh [version ...]   (default: v2.2.0 v1.3.0, the current major and the previous one)
# Exit: 0 installed, 1 a build failed or a binary reports another version, 2 bad argument, 3 Go missing.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
tools="${K6_TOOLS_DIR:-.tools}"; [[ "$tools" = /* ]] || tools="$root/$tools"   # the folder the suite looks in (src/run/k6-binary.ts)
case "${1:-}" in
  -h|--help) printf 'Usage: npm run setup:k6 [-- v2.2.0 ...]\n\nBuilds the named k6 versions (default v2.2.0 v1.3.0) with Go into .tools/ (K6_TOOLS_DIR), reusing a matching binary.\n\nExit codes: 0 pass, 2 usage error, 3 required tool missing (Go).\n'; exit 0 ;;
  -*) printf '\nUsage error: Unknown option %s; see npm run setup:k6 -- --help.\n\n' "$1" >&2; exit 2 ;;
esac
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(v2.2.0 v1.3.0)

say() { printf 'setup:k6: %s\n' "$*" >&2; }

for v in "${versions[@]}"; do
  if ! [[ "$v" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then say "\"$v\" is not a k6 version like v2.2.0."; exit 2; fi
done
need_go() {
  command -v go >/dev/null 2>&1 && return 0
  say "Go is not installed, so k6 cannot be built here: install k6 from Grafana's packages" \
    "(https://grafana.com/docs/k6/latest/set-up/install-k6/) and set K6_BIN, or install Go and run this again."
  exit 3
}

# The module path of a version: go.k6.io/k6 for v0/v1, go.k6.io/k6/vN from v2 on (Go's major version suffix).
module_of() {
  local major="${1#v}"; major="${major%%.*}"
  if [ "$major" -ge 2 ]; then echo "go.k6.io/k6/v$major"; else echo "go.k6.io/k6"; fi
}

# True when the binary runs and says it is exactly this version ("k6 v1.3.0 (go1.26.8, linux/amd64)").
is_version() { [ -x "$1" ] && "$1" version 2>/dev/null | head -n 1 | grep -q "^k6 $2\b"; }

bins=()
for v in "${versions[@]}"; do
  dir="$tools/k6-$v"
  bin="$dir/k6"
  module="$(module_of "$v")"
  mkdir -p "$dir"
  log="$dir/install.log"
  if is_version "$bin" "$v"; then
    say "k6 $v: reusing $bin ($("$bin" version | head -n 1))"
    bins+=("$bin"); continue
  fi
  need_go
  rm -f "$bin"
  started=$SECONDS
  say "k6 $v: go install $module@$v (a few minutes on 2 cores; log: $log)"
  if GOBIN="$dir" go install "$module@$v" >"$log" 2>&1; then
    how="go install"
  else
    say "k6 $v: go install failed ($(tail -n 1 "$log")); falling back to go mod download + go build"
    # `go install m@v` also asks the proxy for the module's version list (deprecation notices); when that is
    # missing (v2 here: 404, then a direct lookup that cannot resolve) the download of that one version still works.
    src="$(go mod download -json "$module@$v" 2>>"$log" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
    if [ -z "$src" ] || [ ! -d "$src" ]; then
      say "k6 $v: go mod download $module@$v failed; see $log"; exit 1
    fi
    if ! (cd "$src" && go build -trimpath -o "$bin" .) >>"$log" 2>&1; then
      say "k6 $v: go build in $src failed ($(tail -n 1 "$log")); see $log"; exit 1
    fi
    how="go mod download + go build"
  fi
  if ! is_version "$bin" "$v"; then
    say "k6 $v: the binary built by $how says \"$("$bin" version 2>&1 | head -n 1)\", not k6 $v"; exit 1
  fi
  say "k6 $v: installed by $how in $((SECONDS - started)) s: $bin ($("$bin" version | head -n 1))"
  bins+=("$bin")
done
(IFS=:; echo "${bins[*]}")
