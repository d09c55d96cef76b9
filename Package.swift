// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SDLControls",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SDLControls", targets: ["SDLControls"]),
    ],
    dependencies: [
        // Command lines of the launcher, the benchmark and the fuzzer (help, errors, validation).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: `swift package generate-documentation` (the DocC catalogs in Sources/*/*.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // SDL2, SDL2_ttf and SDL2_image from the system (Debian: libsdl2-dev, libsdl2-ttf-dev,
        // libsdl2-image-dev). Named so it can't clash with a game's own `CSDL2` target;
        // `import SDLControls` re-exports it. No pkg-config: see Sources/SDLControlsSDL2/shim.h.
        .systemLibrary(name: "SDLControlsSDL2"),
        // Every UIKit semantic; Foundation only, never SDL.
        .target(name: "SDLControlsCore"),
        // The SDL host: window loop, input translation, rendering, fonts. Re-exports the core.
        .target(name: "SDLControls", dependencies: ["SDLControlsCore", "SDLControlsSDL2"]),
        // The samples, as a library so tests can run them headless in-process.
        .target(name: "SampleKit", dependencies: ["SDLControls", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Samples/SampleKit"),
        .executableTarget(name: "sample-launcher", dependencies: ["SampleKit"], path: "Samples/SampleLauncher"),
        // The README's embedding example: a tiny SDL game that owns its loop, with a HUD.
        .executableTarget(name: "embedded-game", dependencies: ["SDLControls"], path: "Samples/EmbeddedGame"),
        // Counting malloc/free wrappers for the benchmark and the tests (they replace the allocator
        // of the executable they are linked into; never a library's dependency).
        .target(name: "CMallocCounter"),
        // The performance benchmarks: `swift run -c release controls-bench [--quick]`.
        .executableTarget(name: "controls-bench", dependencies: ["SDLControls", "CMallocCounter", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Samples/Benchmarks"),
        // The fuzzer: seeded SDL events through the launcher, random scripts, hostile text.
        // `swift run -c release controls-fuzz --help`.
        .executableTarget(name: "controls-fuzz", dependencies: ["SampleKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Samples/Fuzz"),
        .testTarget(name: "SDLControlsCoreTests", dependencies: ["SDLControlsCore"]),
        // CMallocCounter replaces the test executable's allocator too, so tests can assert
        // allocation counts (per thread).
        .testTarget(name: "SDLControlsTests", dependencies: ["SDLControls", "CMallocCounter"], exclude: ["Golden"]),
        .testTarget(name: "SampleTests", dependencies: ["SampleKit"]),
    ],
    swiftLanguageModes: [.v6]
)
