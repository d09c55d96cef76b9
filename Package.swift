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
        .executableTarget(
            name: "sample-launcher",
            dependencies: ["SDLControls"],
            path: "Samples/SampleLauncher"
        ),
        .testTarget(name: "SDLControlsCoreTests", dependencies: ["SDLControlsCore"]),
        .testTarget(name: "SDLControlsTests", dependencies: ["SDLControls"]),
    ],
    swiftLanguageModes: [.v6]
)
