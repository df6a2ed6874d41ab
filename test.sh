#!/usr/bin/env bash
# Run the whole test suite: CPython (pytest), the real MicroPython checks it drives and
# the game on the emulated Pico, on two workers (TEST_WORKERS=1 for one process).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/tools/ensure_env.sh"
workers="${TEST_WORKERS:-2}"
if [ "$workers" -gt 1 ]; then
  set -- -n "$workers" --dist worksteal "$@"
fi
cd "$root" && exec "$root/.venv/bin/python" -m pytest -q "$@"
