#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment in .venv, for what is asked:
#   tools/ensure_env.sh play   what ./play.sh needs: requirements-play.txt
#   tools/ensure_env.sh        everything (./test.sh, the tools): requirements-dev.txt,
#                              which includes play's, and the emulated Pico's npm packages
# Idempotent: a stamp per part holding its requirements' hash skips an install when
# nothing changed (.venv/.stamp-play, .venv/.stamp, tools/pico_emu/node_modules/.stamp).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="${PYTHON:-python3}"
part="${1:-all}"
case "$part" in
  play|all) ;;
  *) echo "ensure_env.sh: error: unknown part '$part' (play, or nothing for all)" >&2; exit 2 ;;
esac
hash_of() { local h; h="$(cat "$@" | { sha256sum 2>/dev/null || shasum -a 256; })"; echo "${h%% *}"; }

# install REQUIREMENTS STAMP HASH: pip install -r REQUIREMENTS unless STAMP holds HASH
install() {
  if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/$2" 2>/dev/null)" = "$3" ]; then
    return
  fi
  if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "error: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
    exit 1
  fi
  echo "Setting up $venv for $4 (first run only) ..." >&2
  [ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/$1" >&2
  echo "$3" > "$venv/$2"
}

play_hash="$(hash_of "$root/requirements-play.txt")"
if [ "$part" = play ]; then
  # everything installed (the stamp of all) covers playing too
  all_hash="$(hash_of "$root/requirements-dev.txt" "$root/requirements-play.txt")"
  if [ "$(cat "$venv/.stamp" 2>/dev/null)" != "$all_hash" ]; then
    install requirements-play.txt .stamp-play "$play_hash" "playing"
  fi
  exit 0
fi
install requirements-dev.txt .stamp "$(hash_of "$root/requirements-dev.txt" "$root/requirements-play.txt")" \
  "the tests and tools"
echo "$play_hash" > "$venv/.stamp-play"

# The emulated Pico (tools/pico_emu): rp2040js from npm, pinned by its package-lock.json,
# when this machine has Node.js; without it those tests skip and say why.
emu="$root/tools/pico_emu"
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  want="$(hash_of "$emu/package-lock.json")"
  if [ "$(cat "$emu/node_modules/.stamp" 2>/dev/null)" != "$want" ]; then
    echo "Installing rp2040js for the emulated Pico (first run only) ..." >&2
    (cd "$emu" && npm ci --no-audit --no-fund --loglevel=error >&2)
    echo "$want" > "$emu/node_modules/.stamp"
  fi
fi
