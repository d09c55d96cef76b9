import Foundation
import SDLControls

/// View animations on the window's frame clock: a menu that slides in on a spring (the Menu
/// button opens it, Resume or a tap outside closes it); a health bar whose width drains with
/// `UIView.animate` when Hit is tapped, its colour turning red when low, a second bar following
/// after a delay and keyframes shaking it; a dial turned with `transform` and a slider turned
/// 90° that still drags along its track; a `UIViewPropertyAnimator` a slider scrubs and a Play
/// button runs; a button that pops (1.2× back to 1× on a spring) when tapped.
@MainActor
final class MotionSample: SampleScene {
    // Top bar
    let menuButton = UIButton(configuration: .gray())
    let intro = UILabel()

    // Health bar
    let healthCard = MotionCard(title: "Health bar", caption: "UIView.animate drains the width; the colour is taken over.",
                                bodyHeight: 100)
    let hpLabel = UILabel()
    /// The bar's groove; keyframes shake it on a hit.
    let healthTrack = UIView()
    /// The damage just taken: it drains after a delay, behind the bar.
    let healthGhost = UIView()
    let healthFill = UIView()
    let hitButton = UIButton(configuration: .filled())
    let healButton = UIButton(configuration: .gray())
    /// Hit points, 0…``maximumHealth``.
    private(set) var health = MotionSample.maximumHealth
    static let maximumHealth = 100
    static let hitDamage = 22

    // Pop
    let popCard = MotionCard(title: "Pop", caption: "Each tap springs the button from 1.2× back to 1×.", bodyHeight: 100)
    let likeButton = UIButton(configuration: .filled())
    let likesLabel = UILabel()
    private(set) var likes = 0

    // Dial and turned slider
    let dialCard = MotionCard(title: "Turned with transform",
                              caption: "Touches follow the turn: the dial tracks the finger, the slider drags along its track.",
                              bodyHeight: 168)
    let dial = VolumeDial(frame: .zero)
    let dialScale = DialScale()
    let volumeLabel = UILabel()
    let bassSlider = UISlider()
    let bassLabel = UILabel()

    // Property animator
    let scrubCard = MotionCard(title: "Property animator", caption: "The slider sets fractionComplete; Play runs it from there.",
                               bodyHeight: 154)
    /// The token's lane.
    let stage = UIView()
    let token = MotionToken(frame: .zero)
    let scrubSlider = UISlider()
    let playButton = UIButton(configuration: .filled())
    let animatorStatus = UILabel()
    private(set) var animator: UIViewPropertyAnimator!
    /// The lane width the animator's end position was computed for.
    private var animatorLaneWidth: CGFloat = -1

    // Menu
    let menuPanel = MenuPanel(titles: ["Resume", "Settings", "Achievements", "Quit to title"])
    /// Dims the sample behind the open menu; a tap on it closes the menu.
    let dimming = UIView()
    private(set) var isMenuOpen = false
    /// The menu items chosen, in order.
    private(set) var menuChoices: [String] = []

    let board = LayoutView()
    private(set) lazy var scrolling = ScrollingContent(board)

    override init() {
        super.init()
        root.accessibilityLabel = "Motion"
        setUpTopBar()
        setUpHealth()
        setUpPop()
        setUpDial()
        setUpScrubbing()
        for card in [healthCard, popCard, dialCard, scrubCard] { board.addSubview(card) }
        board.onLayout = { [weak self] b in self?.layoutBoard(in: b) }
        board.onMeasure = { [weak self] width in self?.layoutBoard(in: CGRect(x: 0, y: 0, width: width, height: 0), apply: false) ?? 0 }
        scrolling.maximumContentWidth = 1040
        root.addSubview(scrolling)
        setUpMenu()
        root.onLayout = { [weak self] b in self?.layout(in: b) }
    }

    override func close() {
        // Leaves the views where they are; no completion runs.
        if animator.state == .active { animator.stopAnimation(true) }
    }

    // MARK: Top bar and menu

    private func setUpTopBar() {
        menuButton.setTitle("Menu", for: .normal)
        menuButton.addAction(UIAction(title: "menu") { [weak self] _ in
            guard let self else { return }
            setMenu(open: !isMenuOpen)
        }, for: .primaryActionTriggered)
        intro.text = "Every animation runs on the window's frame clock: at a fixed step each run draws the same frames."
        intro.font = .systemFont(ofSize: 13)
        intro.textColor = .secondaryLabel
        intro.numberOfLines = 0
        board.addSubview(menuButton)
        board.addSubview(intro)
    }

    private func setUpMenu() {
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.3)
        dimming.alpha = 0
        dimming.isHidden = true
        // A tap on the dimming closes the menu; one on the panel while it springs (skipped by
        // hit-testing, so the dimming under it gets it) does nothing.
        dimming.addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in
            guard let self, !menuPanel.frame.contains(tap.location(in: root)) else { return }
            setMenu(open: false)
        })
        menuPanel.isHidden = true
        for button in menuPanel.buttons {
            let title = button.title(for: .normal) ?? ""
            button.addAction(UIAction(title: title.lowercased()) { [weak self] _ in
                guard let self else { return }
                menuChoices.append(title)
                intro.text = "Chose \u{201C}\(title)\u{201D} from the menu; it slid out again."
                scrolling.setNeedsLayout()   // the line may need another row: measure the board again
                board.setNeedsLayout()
                setMenu(open: false)
            }, for: .primaryActionTriggered)
        }
        root.addSubview(dimming)
        root.addSubview(menuPanel)
    }

    private var menuWidth: CGFloat { min(300, max(200, root.bounds.width - 60)) }

    /// The panel's centre, open or closed (just past the left edge), in the root's coordinates.
    private func menuCenter(open: Bool) -> CGPoint {
        let w = menuWidth
        return CGPoint(x: open ? w / 2 : -w / 2 - 12, y: root.bounds.height / 2)
    }

    /// Slides the menu in or out. A change of mind half-way adds the new slide to the one under
    /// way (position blends additively), so the panel turns back without a jump. The panel takes
    /// no touches while it moves (an animating view is skipped by hit-testing, and with
    /// `allowUserInteraction` it would be hit where it is going, not where it is drawn); the
    /// dimming takes them while it fades (`allowUserInteraction`), so a tap meant for it never
    /// reaches the controls under it.
    func setMenu(open: Bool) {
        guard open != isMenuOpen else { return }
        isMenuOpen = open
        if open {
            menuPanel.isHidden = false
            dimming.isHidden = false
        }
        UIView.animate(withDuration: open ? 0.5 : 0.4, delay: 0, usingSpringWithDamping: open ? 0.72 : 1, initialSpringVelocity: 0,
                       options: [], animations: { self.menuPanel.center = self.menuCenter(open: open) },
                       completion: { [weak self] _ in
                           guard let self, !isMenuOpen else { return }
                           menuPanel.isHidden = true
                       })
        UIView.animate(withDuration: 0.3, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState],
                       animations: { self.dimming.alpha = open ? 1 : 0 },
                       completion: { [weak self] _ in
                           guard let self, !isMenuOpen else { return }
                           dimming.isHidden = true
                       })
        // A keyboard or controller user lands in the menu, and back on its button after.
        if let window = root.window, window.isFocusRingVisible {
            _ = window.setFocusedView(open ? menuPanel.buttons.first : menuButton)
        }
    }

    // MARK: Health bar

    private func setUpHealth() {
        hpLabel.font = .monospacedDigitSystemFont(ofSize: 15, weight: .semibold)
        healthTrack.backgroundColor = Theme.trackFill
        healthTrack.cornerRadius = 8
        healthGhost.backgroundColor = .systemYellow
        healthGhost.cornerRadius = 8
        healthFill.backgroundColor = Self.healthColor(health)
        healthFill.cornerRadius = 8
        healthTrack.addSubview(healthGhost)
        healthTrack.addSubview(healthFill)
        hitButton.setTitle("Hit", for: .normal)
        hitButton.configuration?.baseBackgroundColor = .systemRed
        hitButton.addAction(UIAction(title: "hit") { [weak self] _ in self?.hit() }, for: .primaryActionTriggered)
        healButton.setTitle("Heal", for: .normal)
        healButton.addAction(UIAction(title: "heal") { [weak self] _ in self?.heal() }, for: .primaryActionTriggered)
        hpLabel.text = Self.hpText(health)
        for v in [hpLabel, healthTrack, hitButton, healButton] as [UIView] { healthCard.body.addSubview(v) }
        healthCard.body.onLayout = { [weak self] b in
            guard let self else { return }
            hpLabel.frame = CGRect(x: 0, y: 0, width: b.width, height: 22)
            healthTrack.frame = CGRect(x: 0, y: 32, width: b.width, height: 16)
            // The model widths: a layout while the bar drains sets them again unchanged, so the
            // animation runs on.
            let w = fillWidth(health)
            healthGhost.frame = CGRect(x: 0, y: 0, width: w, height: 16)
            healthFill.frame = CGRect(x: 0, y: 0, width: w, height: 16)
            hitButton.frame = CGRect(x: 0, y: 64, width: 96, height: 36)
            healButton.frame = CGRect(x: 108, y: 64, width: 96, height: 36)
        }
    }

    static func healthColor(_ hp: Int) -> UIColor {
        hp > 50 ? .systemGreen : hp > 25 ? .systemOrange : .systemRed
    }

    static func hpText(_ hp: Int) -> String { "HP \(hp) / \(maximumHealth)" }

    private func fillWidth(_ hp: Int) -> CGFloat {
        (healthTrack.bounds.width * CGFloat(hp) / CGFloat(Self.maximumHealth)).rounded()
    }

    /// Takes ``hitDamage`` points: the bar drains and changes colour, the damage bar behind it
    /// follows after a pause, the groove shakes, the number cross-fades.
    func hit() {
        guard health > 0 else { return }
        health = max(0, health - Self.hitDamage)
        let w = fillWidth(health)
        UIView.animate(withDuration: 0.45, delay: 0, options: [.curveEaseOut], animations: {
            self.healthFill.frame.size.width = w
            self.healthFill.backgroundColor = Self.healthColor(self.health)
        })
        UIView.animate(withDuration: 0.6, delay: 0.35, options: [.curveEaseInOut], animations: {
            self.healthGhost.frame.size.width = w
        })
        // A shake: each keyframe moves the groove from where the one before left it.
        UIView.animateKeyframes(withDuration: 0.36, delay: 0, options: [], animations: {
            let steps: [CGFloat] = [-7, 6, -3, 0]
            for (i, x) in steps.enumerated() {
                UIView.addKeyframe(withRelativeStartTime: Double(i) / 4, relativeDuration: 0.25) {
                    self.healthTrack.transform = CGAffineTransform(translationX: x, y: 0)
                }
            }
        })
        showHealthNumber()
    }

    /// Back to full: the bar springs up, the damage bar with it.
    func heal() {
        guard health < Self.maximumHealth else { return }
        health = Self.maximumHealth
        let w = fillWidth(health)
        UIView.animate(withDuration: 0.7, delay: 0, usingSpringWithDamping: 0.75, initialSpringVelocity: 0, options: [], animations: {
            self.healthFill.frame.size.width = w
            self.healthFill.backgroundColor = Self.healthColor(self.health)
            self.healthGhost.frame.size.width = w
        })
        showHealthNumber()
    }

    private func showHealthNumber() {
        hitButton.isEnabled = health > 0
        UIView.transition(with: hpLabel, duration: 0.25, options: [.transitionCrossDissolve], animations: {
            self.hpLabel.text = Self.hpText(self.health)
            self.hpLabel.textColor = self.health > 25 ? .label : .systemRed
        })
    }

    // MARK: Pop

    private func setUpPop() {
        likeButton.setTitle("\u{2665} Like", for: .normal)
        likeButton.accessibilityLabel = "Like"
        likeButton.configuration?.baseBackgroundColor = .systemPink
        likeButton.configuration?.cornerStyle = .capsule
        likeButton.configuration?.contentInsets = UIEdgeInsets(top: 12, left: 30, bottom: 12, right: 30)
        likeButton.titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        likeButton.addAction(UIAction(title: "like") { [weak self] _ in self?.liked() }, for: .primaryActionTriggered)
        likesLabel.font = .systemFont(ofSize: 15)
        likesLabel.textColor = .secondaryLabel
        likesLabel.textAlignment = .center
        likesLabel.text = Self.likesText(likes)
        popCard.body.addSubview(likeButton)
        popCard.body.addSubview(likesLabel)
        popCard.body.onLayout = { [weak self] b in
            guard let self else { return }
            // bounds and center, not frame: the frame of a transformed view is the box around it.
            let size = likeButton.sizeThatFits(.zero)
            likeButton.bounds = CGRect(origin: .zero, size: size)
            likeButton.center = CGPoint(x: b.midX.rounded(), y: 34)
            likesLabel.frame = CGRect(x: 0, y: 74, width: b.width, height: 22)
        }
    }

    static func likesText(_ n: Int) -> String { n == 1 ? "1 like" : "\(n) likes" }

    /// The pop: at 1.2× at once, then a bouncy spring back to 1×. A tap during the spring adds
    /// another on top (transforms blend additively), and the button keeps taking taps while it
    /// springs (`allowUserInteraction`).
    func liked() {
        likes += 1
        likesLabel.text = Self.likesText(likes)
        likeButton.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.35, initialSpringVelocity: 0,
                       options: [.allowUserInteraction], animations: { self.likeButton.transform = .identity })
    }

    // MARK: Dial and turned slider

    private func setUpDial() {
        dial.accessibilityLabel = "Volume"
        dial.setValue(0.4, animated: false)
        dial.addAction(UIAction(title: "volume") { [weak self] _ in self?.showDial() }, for: .valueChanged)
        dialScale.isUserInteractionEnabled = false
        volumeLabel.font = .monospacedDigitSystemFont(ofSize: 15, weight: .medium)
        volumeLabel.textAlignment = .center
        bassSlider.accessibilityLabel = "Bass"
        bassSlider.tintColor = .systemIndigo
        bassSlider.value = 0.5
        // A quarter turn to the left: the track's start is at the bottom, and the thumb follows
        // a drag up and down (touches arrive in the slider's own, unturned coordinates).
        bassSlider.transform = CGAffineTransform(rotationAngle: -.pi / 2)
        bassSlider.addAction(UIAction(title: "bass") { [weak self] _ in self?.showDial() }, for: .valueChanged)
        bassLabel.font = .monospacedDigitSystemFont(ofSize: 15, weight: .medium)
        bassLabel.textAlignment = .center
        for v in [dialScale, dial, volumeLabel, bassSlider, bassLabel] as [UIView] { dialCard.body.addSubview(v) }
        showDial()
        dialCard.body.onLayout = { [weak self] b in
            guard let self else { return }
            let half = (b.width / 2).rounded(.down)
            let ring: CGFloat = 140
            let dialCenter = CGPoint(x: (half / 2).rounded(), y: ring / 2)
            dialScale.frame = CGRect(x: dialCenter.x - ring / 2, y: 0, width: ring, height: ring)
            // Turned views are placed by bounds and center (their frame is the box around them).
            dial.bounds = CGRect(x: 0, y: 0, width: 96, height: 96)
            dial.center = dialCenter
            volumeLabel.frame = CGRect(x: 0, y: ring + 6, width: half, height: 22)
            bassSlider.bounds = CGRect(x: 0, y: 0, width: ring - 10, height: UISlider.naturalHeight)
            bassSlider.center = CGPoint(x: half + (half / 2).rounded(), y: ring / 2)
            bassLabel.frame = CGRect(x: half, y: ring + 6, width: b.width - half, height: 22)
        }
    }

    private func showDial() {
        dialScale.value = dial.value
        volumeLabel.text = "Volume \(Int((dial.value * 100).rounded()))%"
        bassLabel.text = "Bass " + String(format: "%.0f%%", Double(bassSlider.value) * 100)
    }

    // MARK: Property animator

    private func setUpScrubbing() {
        stage.backgroundColor = .systemBackground
        stage.cornerRadius = 12
        stage.addSubview(token)
        scrubSlider.accessibilityLabel = "Progress"
        scrubSlider.addAction(UIAction(title: "scrub") { [weak self] _ in self?.scrubbed() }, for: .valueChanged)
        playButton.setTitle("Play", for: .normal)
        playButton.addAction(UIAction(title: "play") { [weak self] _ in self?.playTapped() }, for: .primaryActionTriggered)
        animatorStatus.font = .monospacedDigitSystemFont(ofSize: 13, weight: .regular)
        animatorStatus.textColor = .secondaryLabel
        for v in [stage, scrubSlider, playButton, animatorStatus] as [UIView] { scrubCard.body.addSubview(v) }
        scrubCard.body.onLayout = { [weak self] b in
            guard let self else { return }
            stage.frame = CGRect(x: 0, y: 0, width: b.width, height: 64)
            if stage.bounds.width != animatorLaneWidth { rebuildAnimator() }
            scrubSlider.frame = CGRect(x: 0, y: 72, width: b.width, height: UISlider.naturalHeight)
            playButton.frame = CGRect(x: 0, y: 118, width: 96, height: 36)
            animatorStatus.frame = CGRect(x: 108, y: 118, width: max(0, b.width - 108), height: 36)
        }
        makeAnimator()
        showAnimatorState()
    }

    private var tokenStart: CGPoint { CGPoint(x: 12 + MotionToken.side / 2, y: 32) }
    private var tokenEnd: CGPoint { CGPoint(x: max(tokenStart.x, stage.bounds.width - 12 - MotionToken.side / 2), y: 32) }

    /// An inactive animator that moves the token along the lane, turns it half a turn, rounds it
    /// into a disc and changes its colour. It pauses at either end instead of finishing, so it
    /// can always be scrubbed and played again. It scrubs along its curve (`scrubsLinearly`
    /// false): paused and running, a fraction shows the same place.
    private func makeAnimator() {
        let a = UIViewPropertyAnimator(duration: 1.6, curve: .easeInOut) { [weak self] in
            guard let self else { return }
            token.center = tokenEnd
            token.transform = CGAffineTransform(rotationAngle: .pi)
            token.backgroundColor = MotionToken.endColor
            token.cornerRadius = MotionToken.side / 2
        }
        a.pausesOnCompletion = true
        a.scrubsLinearly = false
        animator = a
    }

    /// The lane changed width: a new animator for the new end, at the old one's fraction.
    private func rebuildAnimator() {
        animatorLaneWidth = stage.bounds.width
        let wasActive = animator.state == .active
        let fraction = animator.fractionComplete, running = animator.isRunning, reversed = animator.isReversed
        if wasActive { animator.stopAnimation(true) }
        UIView.performWithoutAnimation {
            token.bounds = CGRect(x: 0, y: 0, width: MotionToken.side, height: MotionToken.side)
            token.center = tokenStart
            token.transform = .identity
            token.backgroundColor = MotionToken.startColor
            token.cornerRadius = MotionToken.startRadius
        }
        makeAnimator()
        guard wasActive else { return }
        animator.fractionComplete = fraction
        animator.isReversed = reversed
        if running { animator.startAnimation() }
    }

    private func scrubbed() {
        if animator.isRunning { animator.pauseAnimation() }
        animator.fractionComplete = CGFloat(scrubSlider.value)
        showAnimatorState()
    }

    /// Runs the animator from where it is: forward, or back from the end. Pauses it when running.
    private func playTapped() {
        if animator.isRunning {
            animator.pauseAnimation()
        } else {
            animator.isReversed = animator.state == .active && animator.fractionComplete >= 1
            animator.startAnimation()
        }
        showAnimatorState()
    }

    /// The slider follows a running animator; the status says where it is.
    private func showAnimatorState() {
        let f = animator.fractionComplete
        if animator.isRunning, !scrubSlider.isTracking, scrubSlider.value != Float(f) { scrubSlider.value = Float(f) }
        let percent = String(format: "%.0f%%", Double(f) * 100)
        let text: String
        switch animator.state {
        case .inactive: text = "Inactive"
        case .stopped: text = "Stopped at \(percent)"
        case .active:
            text = animator.isRunning ? (animator.isReversed ? "Running back, \(percent)" : "Running, \(percent)") : "Paused at \(percent)"
        @unknown default: text = ""
        }
        if animatorStatus.text != text { animatorStatus.text = text }
        let title = animator.isRunning ? "Pause" : "Play"
        if playButton.title(for: .normal) != title { playButton.setTitle(title, for: .normal) }
    }

    override func update(frame: Int) {
        showAnimatorState()
    }

    // MARK: Layout

    private func layout(in b: CGRect) {
        scrolling.frame = b
        dimming.frame = b
        let w = menuWidth
        menuPanel.bounds = CGRect(x: 0, y: 0, width: w, height: b.height)
        menuPanel.center = menuCenter(open: isMenuOpen)
    }

    /// Two columns when there is room, else one: the top bar, then the cards in rows of equal
    /// height. Returns the height used (the scroll view's content height).
    @discardableResult
    private func layoutBoard(in b: CGRect, apply: Bool = true) -> CGFloat {
        let gap: CGFloat = 16
        let menuSize = menuButton.sizeThatFits(.zero)
        let menuFrame = CGRect(x: 0, y: 0, width: max(88, menuSize.width), height: max(36, menuSize.height))
        let introWidth = max(0, b.width - menuFrame.width - 16)
        let introHeight = intro.sizeThatFits(CGSize(width: introWidth, height: 0)).height
        let introFrame = CGRect(x: menuFrame.maxX + 16, y: max(0, ((menuFrame.height - introHeight) / 2).rounded(.down)),
                                width: introWidth, height: introHeight)
        var y = max(menuFrame.maxY, introFrame.maxY) + gap
        let columns = b.width >= 700 ? 2 : 1
        let width = ((b.width - gap * CGFloat(columns - 1)) / CGFloat(columns)).rounded(.down)
        let cards = [healthCard, popCard, dialCard, scrubCard]
        var frames: [CGRect] = []
        var i = 0
        while i < cards.count {
            let row = cards[i..<min(cards.count, i + columns)]
            let height = row.map { $0.height(forWidth: width) }.max() ?? 0
            for (k, _) in row.enumerated() {
                frames.append(CGRect(x: CGFloat(k) * (width + gap), y: y, width: width, height: height))
            }
            y += height + gap
            i += columns
        }
        if apply {
            menuButton.frame = menuFrame
            intro.frame = introFrame
            for (card, f) in zip(cards, frames) { card.frame = f }
        }
        return y - gap
    }
}
