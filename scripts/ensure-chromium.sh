#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (browsers cannot be downloaded by test tools here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  exit 0
fi
echo "Chromium is missing: install it (Debian: sudo apt-get install chromium) and rerun." >&2
exit 1
