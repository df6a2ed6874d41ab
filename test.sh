#!/usr/bin/env bash
# Run the whole test suite: CPython (pytest), the real MicroPython checks it drives and
# the game on the emulated Pico, on two workers (TEST_WORKERS=1 for one process).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/tools/ensure_env.sh"
# Our firmware for the emulated Pico's games (cached outside the clone: seconds when
# nothing changed); without the CircuitPython source or a gcc 14, one line says which
# and those tests skip.
"$root/.venv/bin/python" -m tools.firmware --board pico --out "$root/build/firmware" \
  --skip-if-unavailable
workers="${TEST_WORKERS:-2}"
if [ "$workers" -gt 1 ]; then
  set -- -n "$workers" --dist worksteal "$@"
fi
cd "$root" && exec "$root/.venv/bin/python" -m pytest -q "$@"
