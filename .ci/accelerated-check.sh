#!/usr/bin/env bash
# SDL's accelerated renderers: the AcceleratedRendererTests suite on `opengl` and
# `opengles2`, alone in its own test process (SDL has one video driver per process; the other
# suites use the dummy one), under Xvfb, where Mesa's software OpenGL (llvmpipe) gives SDL
# real OpenGL and OpenGL ES 2 renderers. Compares their frames with the software renderer's
# goldens, incremental frames with full redraws, and checks resets, logical size and the
# game's own render target.
# Needs: xvfb, libgl1-mesa-dri (`make dev-deps`). Run with `make accelerated-check`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null
SDLCONTROLS_RENDER_DRIVERS="${SDLCONTROLS_RENDER_DRIVERS:-opengl,opengles2}" \
  xvfb-run -a -s "-screen 0 1280x800x24" \
  swift test --skip-build --disable-xctest --quiet --filter AcceleratedRendererTests
