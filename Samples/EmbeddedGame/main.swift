// A tiny SDL game that owns its window, renderer and loop, with a HUD of SDLControls
// drawn over its scene. This is the README's embedding example, runnable:
//
//   swift run embedded-game                 (a window)
//   SDL_VIDEODRIVER=dummy swift run embedded-game --frames 120   (headless)
import Foundation
import SDLControls

@MainActor
func runGame() -> Int32 {
    let args = CommandLine.arguments
    let maxFrames = args.firstIndex(of: "--frames").flatMap { args.indices.contains($0 + 1) ? Int(args[$0 + 1]) : nil }

    // 1. The game sets up SDL, its window and its renderer as it always does.
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
        print("embedded-game: SDL_Init failed: \(String(cString: SDL_GetError()))")
        return 1
    }
    defer { SDL_Quit() }
    let pos = SDL_WINDOWPOS_UNDEFINED
    guard let window = SDL_CreateWindow("Embedded game", pos, pos, 800, 500, SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue),
          let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    else {
        print("embedded-game: \(String(cString: SDL_GetError()))")
        return 1
    }
    defer {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    // 2. Hand them to SDLControls and build a HUD.
    let ui: SDLHost
    do {
        ui = try SDLHost(embeddingWindow: window, renderer: renderer)
    } catch {
        print("embedded-game: \(error)")
        return 1
    }
    defer { ui.shutdown() }
    var paused = false
    var shots = 0
    let pause = UIButton(configuration: .filled())
    pause.setTitle("Pause", for: .normal)
    pause.frame = CGRect(x: 16, y: 16, width: 110, height: 40)
    pause.addAction(UIAction { _ in
        paused.toggle()
        pause.setTitle(paused ? "Resume" : "Pause", for: .normal)
    }, for: .primaryActionTriggered)
    let score = UILabel(frame: CGRect(x: 140, y: 20, width: 300, height: 32))
    score.textColor = .white
    score.text = "Click the sky to fire"
    ui.window.addSubview(pause)
    ui.window.addSubview(score)

    // 3. The game's loop: events to the UI first, the rest to the game; update; draw the
    //    scene, then the UI over it; present.
    var frame = 0
    var x: Float = 0
    running: while maxFrames.map({ frame < $0 }) ?? true {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue { break running }
            if ui.handle(event) { continue }              // the HUD used it: the game ignores it
            if event.type == SDL_MOUSEBUTTONDOWN.rawValue, !paused {
                shots += 1                                // the game's own input
                score.text = "Shots fired: \(shots)"
            }
        }
        ui.update()                                       // delivers this frame's actions
        if !paused { x = (x + 3).truncatingRemainder(dividingBy: 800) }
        SDL_SetRenderDrawColor(renderer, 20, 28, 60, 255)
        SDL_RenderClear(renderer)
        var ship = SDL_FRect(x: x, y: 400, w: 40, h: 20)
        SDL_SetRenderDrawColor(renderer, 90, 200, 250, 255)
        SDL_RenderFillRectF(renderer, &ship)
        ui.render()                                       // the HUD, over the scene
        SDL_RenderPresent(renderer)                       // the game presents, never the UI
        frame += 1
    }
    return 0
}

exit(MainActor.assumeIsolated { runGame() })
