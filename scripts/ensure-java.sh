#!/usr/bin/env bash
# The HTML test runs the W3C's Nu checker (vnu.jar, tools/vnu/), which needs Java 17 or newer.
# Debian's default-jre-headless is Java 17 on bookworm.
set -euo pipefail
if command -v java >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's default-jre-headless for the HTML checker..."
  # Slim Debian images leave out man pages, and a JRE's install script expects their folder.
  mkdir -p /usr/share/man/man1
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
  exit 0
fi
echo "Java is missing: install it (Debian: sudo apt-get install default-jre-headless) and rerun." >&2
exit 1
