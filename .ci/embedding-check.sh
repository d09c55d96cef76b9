#!/usr/bin/env bash
# Proved on every CI run: a game package with its own CSDL2 target can depend on SDLControls:
#  1. the README's "Embedding in your game" program is Samples/EmbeddedGame/main.swift, word
#     for word (so the sample that `make test` builds is the program the README shows);
#  2. a game package that has its own target named CSDL2 (a common name for a game's SDL
#     module) can depend on SDLControls, and the README's program, copied out of README.md,
#     compiles there as written with `import SDLControls` alone.
# The game package lives in a temporary folder; its build goes to .build/ci-embedding so a
# second run reuses the first one's work (and .build is never committed).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/CSDL2" "$work/Sources/Game" "$work/Sources/Tool"

# The fenced block after the marker line, without the fences.
awk '/<!-- ci: embedding-example/ { found = 1; next }
     found && /^```swift$/ { inside = 1; next }
     inside && /^```$/ { exit }
     inside { print }' README.md > "$work/Sources/Game/main.swift"
if [ ! -s "$work/Sources/Game/main.swift" ]; then
  echo "embedding-check: no program after the <!-- ci: embedding-example --> marker in README.md" >&2
  exit 1
fi
if ! diff -u Samples/EmbeddedGame/main.swift "$work/Sources/Game/main.swift"; then
  echo "embedding-check: the README's program differs from Samples/EmbeddedGame/main.swift (above)" >&2
  exit 1
fi

# The game's own SDL module, named CSDL2, used by a tool of the game.
cat > "$work/Sources/CSDL2/module.modulemap" <<'EOF'
module CSDL2 [system] {
    header "shim.h"
    link "SDL2"
    export *
}
EOF
printf '#include <SDL2/SDL.h>\n' > "$work/Sources/CSDL2/shim.h"
cat > "$work/Sources/Tool/main.swift" <<'EOF'
import CSDL2
var version = SDL_version()
SDL_GetVersion(&version)
print("SDL \(version.major).\(version.minor).\(version.patch)")
EOF

identity="$(basename "$repo" | tr '[:upper:]' '[:lower:]')"
cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GameWithCSDL2",
    dependencies: [.package(path: "$repo")],
    targets: [
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
        .executableTarget(name: "Tool", dependencies: ["CSDL2"], path: "Sources/Tool"),
        .executableTarget(name: "Game", dependencies: [.product(name: "SDLControls", package: "$identity")], path: "Sources/Game"),
    ],
    swiftLanguageModes: [.v6]
)
EOF

scratch="$repo/.build/ci-embedding"
if ! swift build --package-path "$work" --scratch-path "$scratch" > "$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  echo "embedding-check: the game package did not build (above)" >&2
  exit 1
fi
"$scratch/debug/Tool"
echo "embedding-check: a package with its own CSDL2 target builds against SDLControls, and the README's program compiles as written"
