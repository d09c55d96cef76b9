#!/usr/bin/env bash
# Leak check (`make leaks`, and CI with LEAK_FRAMES=300): every sample headless for
# LEAK_FRAMES frames (default 1,000) replaying its script, plus the tour that opens, uses and
# leaves every sample from the list, in a build with AddressSanitizer. Its LeakSanitizer checks
# at exit: any byte directly or indirectly lost (a retain cycle, a texture or surface never
# freed, a scene that never goes) fails the check, and so does any memory error ASan finds.
# System libraries' own one-time allocations would be suppressed in .ci/lsan.supp, which says
# why for each; with SDL 2.26, SDL_ttf 2.20 and SDL_image 2.6 it needs none.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
FRAMES="${LEAK_FRAMES:-1000}"
swift build -c release --product sample-launcher --build-path .build/asan -Xswiftc -sanitize=address
bin=.build/asan/release/sample-launcher
export ASAN_OPTIONS="detect_leaks=1"
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0"
failed=0
check() {
  local name=$1; shift
  local log
  log=$(mktemp)
  local start=$SECONDS
  if "$bin" --headless "$@" >"$log" 2>&1; then
    echo "leaks: $name: 0 bytes leaked ($((SECONDS - start)) s)"
  else
    echo "leaks: $name: FAILED"
    grep -E "SUMMARY|ERROR|Direct leak|Indirect leak" "$log" | head -40 || tail -20 "$log"
    failed=1
  fi
  rm -f "$log"
}
for sample in gallery events target-action multitouch form game stress immediate gestures motion; do
  check "$sample, $FRAMES frames" --sample "$sample" --frames "$FRAMES" --script "Samples/Scripts/$sample.script"
done
check "tour of every sample from the list" --script Samples/Scripts/tour.script
exit $failed
