#!/usr/bin/env bash
# npm test needs two programs from Debian: Chromium (Playwright cannot download browsers here) and a
# PostgreSQL 15+ server (the API suite runs a second time on it). Installs what is missing when we are
# root; otherwise says what to install.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chrome" ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages for the tests: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "npm test needs: ${missing[*]}. Install with: sudo apt-get install ${missing[*]} (or set CHROME_PATH)." >&2
exit 1
