# The two commands a newcomer runs (see README):
#   make run    installs what is missing, then runs the sample launcher (with no display:
#               a headless tour of every sample, screenshots in ./tour/, exit 0)
#   make test   installs what is missing, then builds and runs every test
# Debian/Ubuntu packages are installed with apt-get (via sudo when not root).

APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev fonts-inter fonts-dejavu-core pkg-config
DEV_PACKAGES := xvfb xdotool libgl1-mesa-dri
DOC_PACKAGES := python3
SWIFT ?= swift
ARGS ?=

.PHONY: run test docs deps dev-deps doc-deps bench bench-quick xvfb-check accelerated-check golden embedding-check fuzz fuzz-long leaks soak

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

doc-deps: deps
	@missing=""; for p in $(DOC_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ] && ! command -v python3 >/dev/null; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

run: deps
	$(SWIFT) run sample-launcher $(ARGS)

# Quiet: a passing run prints its summary line and nothing else; a failure prints its
# expectation and source line. (No XCTest tests: its empty run would print "Executed 0 tests".)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest --quiet

# The DocC documentation of both modules as one static site in .build/docs (README,
# "Documentation"), through Apple's swift-docc-plugin. Warnings are errors; then every public
# symbol declared in Sources must have a doc comment, and every behaviour rule id the code
# cites must be explained in the rules article (.ci/docs-coverage.py).
DOCS_DIR := .build/docs
docs: doc-deps
	$(SWIFT) package --disable-sandbox --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
	  --target SDLControlsCore --target SDLControls --enable-experimental-combined-documentation \
	  --transform-for-static-hosting --output-path $(DOCS_DIR) --warnings-as-errors
	python3 .ci/docs-coverage.py
	@echo "Documentation: $(DOCS_DIR). Open it: python3 -m http.server -d $(DOCS_DIR) 8000, then http://localhost:8000/documentation/"

# The benchmarks (headless, release). bench-quick is what CI runs: it exits non-zero
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

# SDL's opengl and opengles2 renderers (Mesa's software OpenGL under Xvfb): the software
# goldens within 8 levels, incremental frames equal to full redraws, resets (see README).
accelerated-check: dev-deps
	.ci/accelerated-check.sh


# The fuzzer (see README, "Fuzzing, leaks and soak"). fuzz is what CI runs: 200,000
# update-only events and 5,000 scripts, then 100,000 events with rendering, then a slice of
# each built tree (--tree all); exits 1 on an invariant violation. fuzz-long: 10,000,000 events on two cores (two seeds, update-only),
# then 500,000 rendered events (drawing is where huge shapes met SDL's rasterizer).
fuzz: deps
	$(SWIFT) run -c release controls-fuzz --seed 1 --events 200000 --update-only --scripts 5000
	$(SWIFT) run -c release controls-fuzz --seed 2 --events 100000
	SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT) run -c release controls-fuzz --seed 3 --tree all --events 100000 --update-only
	SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT) run -c release controls-fuzz --seed 4 --tree all --events 10000

fuzz-long: deps
	$(SWIFT) build -c release --product controls-fuzz
	.build/release/controls-fuzz --seed 101 --events 5000000 --update-only > /tmp/controls-fuzz-101.txt & \
	.build/release/controls-fuzz --seed 202 --events 5000000 --update-only > /tmp/controls-fuzz-202.txt; \
	first=$$?; wait $$!; second=$$?; cat /tmp/controls-fuzz-101.txt /tmp/controls-fuzz-202.txt; \
	test $$first -eq 0 -a $$second -eq 0
	.build/release/controls-fuzz --seed 7 --events 500000

# Every sample for 1,000 frames (LEAK_FRAMES) under AddressSanitizer's LeakSanitizer:
# fails on any byte directly or indirectly lost. Nothing to install: the Swift toolchain has it.
leaks: deps
	.ci/leaks.sh

# 100,000 rendered frames replaying the tour of every sample; prints resident, anonymous and
# texture memory along the way (they should stay flat).
soak: deps
	$(SWIFT) run -c release controls-fuzz --soak 100000
