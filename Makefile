# The two commands a newcomer runs (see README):
#   make run    installs what is missing, then runs the sample launcher
#   make test   installs what is missing, then builds and runs every test
# Debian/Ubuntu packages are installed with apt-get (via sudo when not root).

APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev fonts-dejavu-core pkg-config
DEV_PACKAGES := xvfb xdotool
SWIFT ?= swift
ARGS ?=

.PHONY: run test deps dev-deps bench bench-quick xvfb-check golden embedding-check

deps:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is required: https://swift.org/install (or add /opt/swift/usr/bin to PATH)"; exit 1; }
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  echo "Installing:$$missing"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

dev-deps: deps
	@missing=""; for p in $(DEV_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

run: deps
	$(SWIFT) run sample-launcher $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel

# Issue 6's benchmarks (headless, release). bench-quick is what CI runs: it exits non-zero
# when a count target (draw calls, glyph rasterizations, uploads, latency, actions) breaks.
bench: deps
	$(SWIFT) run -c release controls-bench

bench-quick: deps
	$(SWIFT) run -c release controls-bench --quick

# A game package with its own CSDL2 target depends on this one and compiles the README's
# "Embedding in your game" program, which must equal Samples/EmbeddedGame/main.swift (CI runs it).
embedding-check: deps
	.ci/embedding-check.sh

# A real window under Xvfb with xdotool clicking a control (see README, Development).
xvfb-check: dev-deps
	.ci/xvfb-click-check.sh

