#!/usr/bin/env bash
# The history step of every recipe in examples/ci/: keeps this run's certification folder beside the earlier ones
# (<runs folder>/<run id>/; the last KEEP_RUNS, default 60, are kept) and writes their history with npm run history
# (reports/history/: index.html, history.md, history.json; docs/history.md). A run that wrote no certification.json
# (killed before it could) adds nothing, and the history of the earlier ones is still written.
set -euo pipefail
runs="${1:?usage: keep-history.sh <runs folder> <run id>}"
run_id="${2:?usage: keep-history.sh <runs folder> <run id>}"
mkdir -p "$runs"
if [ -f reports/certification/certification.json ]; then
  rm -rf "${runs:?}/$run_id"
  cp -R reports/certification "$runs/$run_id"
fi
# Oldest first by the time each was kept; all but the newest KEEP_RUNS go.
ls -1tr "$runs" | head -n "-${KEEP_RUNS:-60}" | while read -r old; do rm -rf "${runs:?}/$old"; done
if [ -n "$(ls -A "$runs")" ]; then npm run --silent history -- "$runs"; else echo "No certification kept yet: no history to write."; fi
