// A tiny SDL game that owns its window, renderer and loop, draws its scene in a 320×180
// logical size, and shows a HUD of SDLControls over it. This file is the README's
// "Embedding in your game" program, word for word (CI checks that and compiles the README's
// copy in a package of its own):
//
//   swift run embedded-game                                           a window
//   SDL_VIDEODRIVER=dummy swift run embedded-game --frames 120       headless
import SDLControls

@MainActor
func runGame() -> Int32 {
    let args = CommandLine.arguments
    let maxFrames = args.firstIndex(of: "--frames").flatMap { args.indices.contains($0 + 1) ? Int(args[$0 + 1]) : nil }

    // 1. The game sets up SDL as it always does: a window, a renderer, a logical size.
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
        print("embedded-game: SDL_Init failed: \(String(cString: SDL_GetError()))")
        return 1
    }
    defer { SDL_Quit() }
    let pos = SDL_WINDOWPOS_UNDEFINED
    let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    guard let window = SDL_CreateWindow("Embedded game", pos, pos, 960, 540, flags),
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
    SDL_RenderSetLogicalSize(renderer, 320, 180)   // a pixel-art game: 320×180, letterboxed

    // 2. Hand them to SDLControls and build a HUD. With a logical size the HUD is laid out in
    //    the game's 320×180 units and its text is drawn at the window's full resolution.
    let hud: SDLHost
    do {
        hud = try SDLHost(embeddingWindow: window, renderer: renderer)
    } catch {
        print("embedded-game: \(error)")
        return 1
    }
    defer { hud.shutdown() }                               // runs before the renderer is destroyed
    var paused = false
    let pause = UIButton(configuration: .filled())
    pause.setTitle("Pause", for: .normal)
    pause.titleLabel.font = .systemFont(ofSize: 10, weight: .semibold)
    pause.frame = CGRect(x: 6, y: 6, width: 66, height: 20)
    pause.addAction(UIAction { _ in
        paused.toggle()
        pause.setTitle(paused ? "Resume" : "Pause", for: .normal)
    }, for: .primaryActionTriggered)
    let name = UITextField(frame: CGRect(x: 78, y: 6, width: 90, height: 20))
    name.borderStyle = .roundedRect
    name.font = .systemFont(ofSize: 10)
    name.placeholder = "Your name"
    let score = UILabel(frame: CGRect(x: 176, y: 6, width: 138, height: 20))
    score.font = .systemFont(ofSize: 10)
    score.textColor = .white
    for view in [pause, name, score] { hud.window.addSubview(view) }

    // 3. The loop: every event to the UI first; what it did not use is the game's. Arrows
    //    move the ship, Space or a click in the sky fires. Typing in the name field keeps
    //    the keys; a click back into the game ends editing.
    var shipX: Float = 150, left = false, right = false
    var shots: [(x: Float, y: Float)] = []
    var fired = 0
    var frame = 0
    running: while maxFrames.map({ frame < $0 }) ?? true {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue { break running }
            if hud.handle(event) { continue }              // the UI used it: the game ignores it
            switch SDL_EventType(event.type) {
            case SDL_KEYDOWN, SDL_KEYUP:
                let down = event.type == SDL_KEYDOWN.rawValue
                switch event.key.keysym.scancode {
                case SDL_SCANCODE_LEFT: left = down
                case SDL_SCANCODE_RIGHT: right = down
                case SDL_SCANCODE_SPACE where down && event.key.repeat == 0 && !paused:
                    shots.append((shipX + 7, 150))
                    fired += 1
                default: break
                }
            case SDL_MOUSEBUTTONDOWN where !paused:
                shots.append((shipX + 7, 150))
                fired += 1
            default: break
            }
        }
        hud.update()                                       // timers, this frame's actions, layout
        if !paused {
            shipX = min(300, max(4, shipX + (right ? 2 : 0) - (left ? 2 : 0)))
            shots = shots.map { ($0.x, $0.y - 3) }.filter { $0.y > -8 }
        }
        let player = name.text.map { $0.isEmpty ? "" : $0 + ": " } ?? ""
        score.text = paused ? "Paused" : "\(player)\(fired) \(fired == 1 ? "shot" : "shots")"

        // The scene, in logical units.
        SDL_SetRenderDrawColor(renderer, 20, 28, 60, 255)
        SDL_RenderClear(renderer)
        var ground = SDL_Rect(x: 0, y: 164, w: 320, h: 16)
        SDL_SetRenderDrawColor(renderer, 40, 90, 60, 255)
        SDL_RenderFillRect(renderer, &ground)
        var ship = SDL_Rect(x: Int32(shipX), y: 150, w: 16, h: 10)
        SDL_SetRenderDrawColor(renderer, 90, 200, 250, 255)
        SDL_RenderFillRect(renderer, &ship)
        SDL_SetRenderDrawColor(renderer, 255, 240, 120, 255)
        for shot in shots {
            var r = SDL_Rect(x: Int32(shot.x), y: Int32(shot.y), w: 2, h: 6)
            SDL_RenderFillRect(renderer, &r)
        }
        hud.render()                                       // the HUD over the scene; state put back
        SDL_RenderPresent(renderer)                       // the game presents, never the UI
        frame += 1
    }
    return 0
}

exit(MainActor.assumeIsolated { runGame() })
