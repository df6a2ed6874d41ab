#!/usr/bin/env bash
# Play the handheld on this computer (terminal simulator; --help for options).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# --web builds the web page: that takes everything (the npm packages too)
part=play
for arg in "$@"; do [ "$arg" = --web ] && part=all; done
"$root/tools/ensure_env.sh" "$part"
cd "$root" && exec "$root/.venv/bin/python" -m sim "$@"
