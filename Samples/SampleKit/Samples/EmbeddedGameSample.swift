import Foundation
import SDLControls

/// A small game scene drawn with SDL calls, under a HUD of controls. The launcher's loop is
/// the embedding loop: events the UI consumed (clicks on the HUD) never reach the game, so
/// clicking "Pause" does not also fire a shot. With a game controller the D-pad and A work
/// the HUD (the UI consumes them) and X (west), which the UI never uses, fires.
///
/// Two HUDs: the top one is built once with retained controls; the "Tuning" panel at the
/// bottom right is an `ImmediateView` declared every frame next to the game's own state.
@MainActor
final class EmbeddedGameSample: SampleScene {
    let pause = UIButton(configuration: .gray())
    let speed = UISlider()
    let autoFire = UISwitch()
    let autoFireLabel = UILabel()
    let scoreLabel = UILabel()
    let hud = UIView()
    /// The second HUD, declared every frame in ``update(frame:)``.
    let tuning = ImmediateView(style: .plain)
    private(set) var targetWidth: Float = 60
    private(set) var showStars = true
    private(set) var shotsFired = 0
    private(set) var score = 0
    private var shots: [(x: CGFloat, y: CGFloat)] = []
    private var targetX: CGFloat = 0
    private var tick = 0
    private var size: CGSize = .zero

    override init() {
        super.init()
        root.backgroundColor = nil         // the game shows through…
        root.passesTouchesThrough = true   // …and so do clicks on empty space
        hud.backgroundColor = UIColor(white: 0, alpha: 0.45)
        hud.cornerRadius = 14
        hud.overrideUserInterfaceStyle = .dark   // the HUD sits on a dark scene
        root.addSubview(hud)
        // The title follows selection in every state (pressed and focused included: a title
        // set for `.selected` alone would give way to normal's there, as in UIKit).
        pause.configurationUpdateHandler = { button in
            button.configuration?.title = button.isSelected ? "Resume" : "Pause"
        }
        pause.changesSelectionAsPrimaryAction = true
        pause.addAction(UIAction(title: "pause") { [weak self] _ in self?.updateScore() }, for: .primaryActionTriggered)
        hud.addSubview(pause)
        speed.minimumValue = 0.5
        speed.maximumValue = 3
        speed.value = 1
        speed.accessibilityLabel = "Speed"
        hud.addSubview(speed)
        autoFire.accessibilityLabel = "Auto-fire"
        autoFire.addAction(UIAction(title: "auto-fire") { _ in }, for: .valueChanged)
        hud.addSubview(autoFire)
        autoFireLabel.text = "Auto-fire"
        autoFireLabel.textColor = .white
        hud.addSubview(autoFireLabel)
        scoreLabel.textColor = .white
        // Digits of one width: the score keeps its width as it counts up.
        scoreLabel.font = .monospacedDigitSystemFont(ofSize: 17, weight: .bold)
        hud.addSubview(scoreLabel)
        updateScore()
        tuning.backgroundColor = UIColor(white: 0, alpha: 0.45)   // a plate: clicks on it are the HUD's
        tuning.cornerRadius = 14
        tuning.layoutMargins = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        tuning.overrideUserInterfaceStyle = .dark
        root.addSubview(tuning)
        root.onLayout = { [weak self] b in
            guard let self else { return }
            size = b.size
            placeTuning()
            // One row when it fits; on a narrow window the score takes a second row, so
            // nothing is cut. The speed slider gives up width first.
            let width = min(b.width - 24, 700)
            let oneRow = width >= 700
            hud.frame = CGRect(x: 12, y: 12, width: width, height: oneRow ? 56 : 92)
            pause.frame = CGRect(x: 10, y: 10, width: 108, height: 36)   // room for "Resume" at any scale
            autoFire.sizeToFit()
            autoFireLabel.sizeToFit()
            let right = oneRow ? 300 : max(240, width - 10 - autoFireLabel.frame.width - 8 - autoFire.frame.width)
            speed.frame = CGRect(x: 132, y: 11, width: max(60, min(152, right - 148)), height: 34)
            autoFire.frame.origin = CGPoint(x: oneRow ? 300 : speed.frame.maxX + 16, y: 12)
            autoFireLabel.frame = CGRect(x: autoFire.frame.maxX + 8, y: 12, width: autoFireLabel.frame.width, height: 32)
            scoreLabel.frame = oneRow ? CGRect(x: 470, y: 12, width: 220, height: 32) : CGRect(x: 14, y: 52, width: width - 28, height: 32)
        }
    }

    private var ship: CGPoint { CGPoint(x: size.width / 2, y: size.height - 40) }

    /// The game's input: what the UI did not consume.
    override func handleUnconsumed(_ event: SDL_Event, host: SDLHost) {
        switch SDL_EventType(event.type) {
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT), SDL_FINGERDOWN:
            fire()
        case SDL_CONTROLLERBUTTONDOWN where event.cbutton.button == UInt8(SDL_CONTROLLER_BUTTON_X.rawValue):
            fire()
        default:
            break
        }
    }

    private func fire() {
        guard !pause.isSelected else { return }
        shotsFired += 1
        shots.append((ship.x, ship.y - 20))
        updateScore()
    }

    private func updateScore() {
        scoreLabel.text = pause.isSelected ? "Paused" : "Score \(score) · \(shotsFired) \(shotsFired == 1 ? "shot" : "shots")"
    }

    /// The tuning HUD: the game's own variables, bound where they live.
    private func declareTuning() {
        tuning.build { ui in
            ui.label("Tuning")
            ui.configure(UILabel.self) { $0.font = .systemFont(ofSize: 15, weight: .semibold) }   // once, when made
            ui.row { ui in
                ui.slider("Target width", value: &targetWidth, in: 20...160)
                // A fixed width and digits of one width: the slider keeps its length as the
                // number gains a digit, so it doesn't move under the player's pointer.
                ui.width(36).label("\(Int(targetWidth))")
                ui.configure(UILabel.self) { $0.font = .monospacedDigitSystemFont(ofSize: 15, weight: .regular) }
            }
            ui.toggle("Stars", isOn: &showStars)
            if ui.button("Reset score") {
                score = 0
                shotsFired = 0
                updateScore()
            }
        }
    }

    /// Bottom right, as tall as its content.
    private func placeTuning() {
        let width = min(300, max(0, size.width / 2 - 40))   // clear of the ship, at the middle
        let height = tuning.sizeThatFits(CGSize(width: width, height: 0)).height
        let frame = CGRect(x: size.width - width - 12, y: size.height - height - 12, width: width, height: height)
        if tuning.frame != frame { tuning.frame = frame }
    }

    override func update(frame: Int) {
        declareTuning()
        placeTuning()
        guard !pause.isSelected, size.width > 0 else { return }
        tick += 1
        let v = CGFloat(speed.value)
        targetX = (sin(CGFloat(tick) * 0.02 * v) * 0.4 + 0.5) * size.width
        if autoFire.isOn, tick % 20 == 0 { fire() }
        var kept: [(x: CGFloat, y: CGFloat)] = []
        for var s in shots {
            s.y -= 6 * v
            if abs(s.y - 110) < 14, abs(s.x - targetX) < CGFloat(targetWidth) / 2 {
                score += 1
                updateScore()
                continue
            }
            if s.y > 0 { kept.append(s) }
        }
        shots = kept
    }

    override func drawBehindUI(renderer: OpaquePointer, pixelScale: CGFloat, contentOrigin: CGPoint) {
        let s = pixelScale
        func rect(_ r: CGRect, _ c: (UInt8, UInt8, UInt8)) {
            var sr = SDL_FRect(x: Float((r.minX + contentOrigin.x) * s), y: Float((r.minY + contentOrigin.y) * s),
                               w: Float(r.width * s), h: Float(r.height * s))
            SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, 255)
            SDL_RenderFillRectF(renderer, &sr)
        }
        // Sky bands, stars, the target, shots and the ship.
        let bands = 8
        for i in 0..<bands {
            let t = CGFloat(i) / CGFloat(bands)
            rect(CGRect(x: 0, y: size.height * t, width: size.width, height: size.height / CGFloat(bands) + 1),
                 (UInt8(10 + 20 * t), UInt8(14 + 30 * t), UInt8(40 + 60 * t)))
        }
        for i in 0..<(showStars ? 60 : 0) {
            let x = CGFloat((i * 97) % 1000) / 1000 * size.width
            let y = CGFloat((i * 53 + tick / 3) % 1000) / 1000 * size.height
            rect(CGRect(x: x, y: y, width: 2, height: 2), (200, 210, 255))
        }
        let w = CGFloat(targetWidth)
        rect(CGRect(x: targetX - w / 2, y: 100, width: w, height: 20), (255, 149, 0))
        for shot in shots { rect(CGRect(x: shot.x - 2, y: shot.y - 8, width: 4, height: 16), (255, 255, 120)) }
        let p = ship
        var verts = [
            SDL_Vertex(position: SDL_FPoint(x: Float((p.x + contentOrigin.x) * s), y: Float((p.y - 22 + contentOrigin.y) * s)),
                       color: SDL_Color(r: 90, g: 200, b: 250, a: 255), tex_coord: SDL_FPoint()),
            SDL_Vertex(position: SDL_FPoint(x: Float((p.x - 18 + contentOrigin.x) * s), y: Float((p.y + 14 + contentOrigin.y) * s)),
                       color: SDL_Color(r: 40, g: 120, b: 220, a: 255), tex_coord: SDL_FPoint()),
            SDL_Vertex(position: SDL_FPoint(x: Float((p.x + 18 + contentOrigin.x) * s), y: Float((p.y + 14 + contentOrigin.y) * s)),
                       color: SDL_Color(r: 40, g: 120, b: 220, a: 255), tex_coord: SDL_FPoint()),
        ]
        SDL_RenderGeometry(renderer, nil, &verts, 3, nil, 0)
    }
}
