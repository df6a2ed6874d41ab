#!/usr/bin/env bash
# Play the handheld on this computer (terminal simulator; --help for options).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/tools/ensure_env.sh" play
cd "$root" && exec "$root/.venv/bin/python" -m sim "$@"
