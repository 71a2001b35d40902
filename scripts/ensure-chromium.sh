#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright cannot download browsers here).
# Installs it when missing and we are root; otherwise explains what to do.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$chrome" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $chrome: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at $chrome. Install it (sudo apt-get install chromium) or set CHROME_PATH." >&2
exit 1
