#!/usr/bin/env bash
# The deep tests: every #[ignore]d test of the suite, in release mode. That is the perft
# counts over a million leaves, the references' deep counts, the tools that print
# data-file counts (and check them), and the computer's strength against a random
# player and between its levels. The strength table (the two `every_level` tests,
# docs/analyze.md) takes hours; the rest, minutes. The speed benchmark is left out: it
# measures rather than tests (README.md gives its command).
#
#   tests/deep.sh [--skip-every-level] [ARGS...]
#
#   --skip-every-level  leave out the strength table
#   ARGS                passed to the test binary: a filter (`perft`, `ai::`),
#                       `--test-threads N`, `--nocapture`, more `--skip NAME`s
set -euo pipefail
cd "$(dirname "$0")/.."

skip=(--skip speed::side_by_side_plies_per_second)
args=()
for arg in "$@"; do
  case "$arg" in
    --skip-every-level) skip+=(--skip every_level) ;;
    -h | --help)
      sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) args+=("$arg") ;;
  esac
done

exec cargo test --release --test suite -- --ignored "${skip[@]}" ${args[@]+"${args[@]}"}
