#!/usr/bin/env bash
# A real window under Xvfb: start the sample launcher on the target-action sample, click
# the "+1 (UIAction)" button with xdotool as a person would, and check that the click's
# action was delivered (the launcher's --log-actions output).
# Needs: xvfb, xdotool (`make dev-deps`). Run with `make xvfb-check`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product sample-launcher >/dev/null
bin="$(swift build --show-bin-path)/sample-launcher"
log="$(mktemp)"
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  "$0" --sample target-action --log-actions --size 960x640 > "$1" 2>&1 &
  app=$!
  win=$(xdotool search --sync --onlyvisible --name "SDLControls samples" | head -n 1)
  sleep 1
  xdotool mousemove --window "$win" 538 144 click 1
  sleep 1
  xdotool mousemove --window "$win" 126 144 click 1
  sleep 1
  kill "$app"; wait "$app" 2>/dev/null || true
' "$bin" "$log"
cat "$log"
grep -q 'UIButton "+1 (UIAction)" primaryActionTriggered -> UIAction(add one)' "$log"
grep -q 'UIButton "+10 (typed target)" touchUpInside -> TargetActionSample (typed method)' "$log"
echo "xvfb-click-check: clicks in a real X11 window reached the controls"
