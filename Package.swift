// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SDLControls",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SDLControls", targets: ["SDLControls"]),
    ],
    targets: [
        // SDL2, SDL2_ttf and SDL2_image from the system (Debian: the three -dev packages).
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [
                .apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"]),
                .brew(["sdl2", "sdl2_ttf", "sdl2_image"]),
            ]
        ),
        // Every UIKit semantic; Foundation only, never SDL.
        .target(name: "SDLControlsCore"),
        // The SDL host: window loop, input translation, rendering, fonts. Re-exports the core.
        .target(name: "SDLControls", dependencies: ["SDLControlsCore", "CSDL2"]),
        // The samples, as a library so tests can run them headless in-process.
        .target(name: "SampleKit", dependencies: ["SDLControls", "CSDL2"], path: "Samples/SampleKit"),
        .executableTarget(name: "sample-launcher", dependencies: ["SampleKit"], path: "Samples/SampleLauncher"),
        // The README's embedding example: a tiny SDL game that owns its loop, with a HUD.
        .executableTarget(name: "embedded-game", dependencies: ["SDLControls", "CSDL2"], path: "Samples/EmbeddedGame"),
        // Counting malloc/free wrappers for the benchmark only (they replace the process's allocator).
        .target(name: "CMallocCounter"),
        // Issue 6's benchmarks: `swift run -c release controls-bench [--quick]`.
        .executableTarget(name: "controls-bench", dependencies: ["SDLControls", "CSDL2", "CMallocCounter"], path: "Samples/Benchmarks"),
        .testTarget(name: "SDLControlsCoreTests", dependencies: ["SDLControlsCore"]),
        .testTarget(name: "SDLControlsTests", dependencies: ["SDLControls", "CSDL2"], exclude: ["Golden"]),
        .testTarget(name: "SampleTests", dependencies: ["SampleKit"]),
    ],
    swiftLanguageModes: [.v6]
)
