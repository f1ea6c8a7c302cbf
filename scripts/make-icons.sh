#!/usr/bin/env bash
# Regenerates the raster images derived from our SVGs (social card, touch icon, favicon.ico)
# with Debian's Chromium. Run after changing public/favicon.svg or public/images/hero.svg.
set -euo pipefail
cd "$(dirname "$0")/.."
shot() { # url width height out
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --allow-file-access-from-files \
    --user-data-dir="$(mktemp -d)" --window-size="$2,$3" --screenshot="$4" "$1" 2>/dev/null
}
shot "file://$PWD/scripts/assets/og-image.html" 1200 630 public/images/og-image.png
icon_page=$(mktemp --suffix=.html)
for size in 180 32; do
  printf '<html><body style="margin:0;background:#12263a"><img src="file://%s/public/favicon.svg" width="%s" height="%s" style="display:block"></body></html>' "$PWD" "$size" "$size" >"$icon_page"
  shot "file://$icon_page" "$size" "$size" "/tmp/icon-$size.png"
done
cp /tmp/icon-180.png public/apple-touch-icon.png
# An .ico file may hold a PNG: 6-byte header, one 16-byte directory entry, then the PNG.
node -e '
const fs = require("fs");
const png = fs.readFileSync("/tmp/icon-32.png");
const head = Buffer.alloc(22);
head.writeUInt16LE(0, 0); head.writeUInt16LE(1, 2); head.writeUInt16LE(1, 4);
head.writeUInt8(32, 6); head.writeUInt8(32, 7); head.writeUInt16LE(1, 10); head.writeUInt16LE(32, 12);
head.writeUInt32LE(png.length, 14); head.writeUInt32LE(22, 18);
fs.writeFileSync("public/favicon.ico", Buffer.concat([head, png]));
'
ls -l public/images/og-image.png public/apple-touch-icon.png public/favicon.ico
