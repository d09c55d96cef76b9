#!/usr/bin/env bash
# A real window under Xvfb: start the sample launcher on the target-action sample, click
# the "+1 (UIAction)" button with xdotool as a person would, and check that the click's
# action was delivered (the launcher's --log-actions output). Then drag a slider of the
# multi-touch sample out of the window and release it there: the drag keeps tracking (mouse
# capture), so the slider ends at its maximum.
# The Gestures sample: a drag pans its map and a held press is a long press. The Motion sample:
# clicks drain its health bar and a drag turns its dial (a control turned with `transform`).
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

drag="$(mktemp)"
xvfb-run -a -s "-screen 0 1600x900x24" bash -c '
  "$0" --sample multitouch --size 960x640 --frames 240 --dump-accessibility > "$1" 2>&1 &
  app=$!
  win=$(xdotool search --sync --onlyvisible --name "SDLControls samples" | head -n 1)
  sleep 1
  xdotool mousemove --window "$win" 152 125 mousedown 1
  sleep 0.3
  xdotool mousemove --window "$win" 400 125
  sleep 0.3
  xdotool mousemove --window "$win" 1500 125
  sleep 0.3
  xdotool mouseup 1
  wait "$app" 2>/dev/null || true
' "$bin" "$drag"
grep "Slider 1" "$drag"
grep -q 'UISlider "Slider 1" value="100%"' "$drag"
echo "xvfb-click-check: a slider dragged out of the window kept tracking to its end"

# A controller plugged in by the input script (SDL's virtual joystick with a DualSense's USB
# ids) in a real window: its D-pad and A open the first sample, and the launcher's footer
# shows the prompts for it.
script="$(mktemp)"
printf '# SDLControls input script 1\n5 pad add playStation 1\n20 pad down dpadDown 1\n21 pad up dpadDown 1\n30 pad down south 1\n31 pad up south 1\n' > "$script"
prompts="$(mktemp)"
xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --script "$script" --size 960x640 --frames 90 --dump-accessibility > "$prompts" 2>&1
grep "UIControllerPromptView" "$prompts"
grep -q 'UIControllerPromptView "Cross, Select"' "$prompts"
grep -q 'UIControllerPromptView "Circle, Back"' "$prompts"
echo "xvfb-click-check: a plugged-in DualSense opened a sample, and the footer shows its prompts"

# The gallery's compact date picker in a real window: a click on its time pill opens the time
# wheels in a panel, a click on the row under the band spins 9 into 10, a click outside closes it.
picker="$(mktemp)"
printf '# SDLControls input script 1\n2 mouse down 420 78\n3 mouse up 420 78\n10 mouse down 334 215\n11 mouse up 334 215\n20 mouse down 361 389\n21 mouse up 361 389\n60 mouse down 800 900\n61 mouse up 800 900\n' > "$picker"
pickerLog="$(mktemp)"
xvfb-run -a -s "-screen 0 1280x1100x24" "$bin" --sample gallery --script "$picker" --size 960x1000 --frames 80 --dump-accessibility > "$pickerLog" 2>&1
grep 'Compact date' "$pickerLog"
grep -q 'UIDatePicker "Compact date" value="November 22, 2026 at 10:30' "$pickerLog"
echo "xvfb-click-check: a compact date picker's time wheels, opened and spun in a real window, set its time"

# The Gestures sample in a real window, with the mouse as a person would use it: a drag pans the
# map (a pan recognizer), and a press held on the card for most of a second is a long press.
gestures="$(mktemp)"
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  "$0" --sample gestures --size 960x640 --frames 360 --dump-accessibility > "$1" 2>&1 &
  app=$!
  win=$(xdotool search --sync --onlyvisible --name "SDLControls samples" | head -n 1)
  sleep 1
  xdotool mousemove --window "$win" 300 300 mousedown 1
  sleep 0.1
  xdotool mousemove --window "$win" 330 310
  sleep 0.1
  xdotool mousemove --window "$win" 420 340
  sleep 0.1
  xdotool mouseup 1
  sleep 0.3
  xdotool mousemove --window "$win" 780 380 mousedown 1
  sleep 0.9
  xdotool mouseup 1
  wait "$app" 2>/dev/null || true
' "$bin" "$gestures"
grep -E "Hold card|Map: offset" "$gestures"
grep -q 'Map: offset (120, 40)' "$gestures"
grep -q 'HoldCardView "Hold card" value="1 long press"' "$gestures"
echo "xvfb-click-check: a mouse drag panned the gestures sample's map, and a held press was a long press"

# The Motion sample in a real window: two clicks on Hit drain the health bar (UIView.animate),
# and a drag around the turned volume dial turns it (a control turned with `transform` tracks
# the pointer in its own coordinates).
motion="$(mktemp)"
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  "$0" --sample motion --size 960x640 --frames 300 --dump-accessibility > "$1" 2>&1 &
  app=$!
  win=$(xdotool search --sync --onlyvisible --name "SDLControls samples" | head -n 1)
  sleep 1
  xdotool mousemove --window "$win" 83 265 click 1
  sleep 0.3
  xdotool mousemove --window "$win" 83 265 click 1
  sleep 0.3
  xdotool mousemove --window "$win" 160 420 mousedown 1
  sleep 0.1
  xdotool mousemove --window "$win" 150 500
  sleep 0.1
  xdotool mousemove --window "$win" 100 510
  sleep 0.1
  xdotool mouseup 1
  wait "$app" 2>/dev/null || true
' "$bin" "$motion"
grep -E "HP |Volume" "$motion"
grep -q 'HP 56 / 100' "$motion"
grep -q 'VolumeDial "Volume" value="100%"' "$motion"
echo "xvfb-click-check: clicks drained the motion sample's health bar, and a drag turned its dial"
