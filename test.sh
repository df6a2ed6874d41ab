#!/usr/bin/env bash
# Run the whole test suite: CPython (pytest) and the real MicroPython checks it drives.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/tools/ensure_env.sh"
cd "$root" && exec "$root/.venv/bin/python" -m pytest -q "$@"
