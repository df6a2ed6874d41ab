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
hash_of() { local h; h="$(sha256sum "$1" 2>/dev/null || shasum -a 256 "$1")"; echo "${h%% *}"; }
want="$(hash_of "$root/requirements-dev.txt")"
if ! [ -x "$venv/bin/python" ] || [ "$(cat "$venv/.stamp" 2>/dev/null)" != "$want" ]; then
  echo "Setting up $venv (first run only) ..." >&2
  [ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/requirements-dev.txt" >&2
  echo "$want" > "$venv/.stamp"
fi

# The emulated Pico (tools/pico_emu): rp2040js from npm, pinned by its package-lock.json,
# when this machine has Node.js; without it those tests skip and say why. The web page
# (web/): esbuild and playwright-core (which drives the system's chromium in the browser
# test; it downloads no browser), pinned the same way.
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  for dir in "$root/tools/pico_emu" "$root/web"; do
    want="$(hash_of "$dir/package-lock.json")"
    if [ "$(cat "$dir/node_modules/.stamp" 2>/dev/null)" != "$want" ]; then
      echo "Installing $(basename "$dir")'s npm packages (first run only) ..." >&2
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >&2)
      echo "$want" > "$dir/node_modules/.stamp"
    fi
  done
fi
