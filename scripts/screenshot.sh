#!/usr/bin/env bash
# Takes a full-page screenshot of a local HTML file (a report's index.html) with headless
# Chromium, installing Debian's chromium first if it is missing.
#
#   scripts/screenshot.sh <index.html> <out.png> [width height]
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: $0 <index.html> <out.png> [width height]" >&2; exit 2; }
page=$1
out=$2
width=${3:-1400}
height=${4:-3000}
[ -f "$page" ] || { echo "$page: no such file" >&2; exit 1; }

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium > /dev/null
    browser=$(command -v chromium)
fi

abs_page=$(cd "$(dirname "$page")" && pwd)/$(basename "$page")
mkdir -p "$(dirname "$out")"
abs_out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT

"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$profile" \
    --screenshot="$abs_out" --window-size="$width,$height" "file://$abs_page" 2> /dev/null
[ -s "$abs_out" ] || { echo "no screenshot was written" >&2; exit 1; }
echo "$abs_out"
