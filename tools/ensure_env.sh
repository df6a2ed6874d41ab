#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment in .venv from requirements-dev.txt.
# Idempotent: a stamp holding the requirements' hash skips the install when nothing changed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="${PYTHON:-python3}"
if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "error: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi
want="$(cat "$root/requirements-dev.txt" | sha256sum 2>/dev/null || shasum -a 256 "$root/requirements-dev.txt")"
want="${want%% *}"
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.stamp" 2>/dev/null)" = "$want" ]; then
  exit 0
fi
echo "Setting up $venv (first run only) ..." >&2
[ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/requirements-dev.txt" >&2
echo "$want" > "$venv/.stamp"
