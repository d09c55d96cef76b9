import Foundation
import Testing
@testable import SDLControls

/// Golden images of a scene caught mid-animation at a fixed step, at 1x and 2x: a panel sliding
/// in on a spring, a button popping (scaled), a slider turned a twelfth of a turn, a label
/// turned and fading, and a health bar draining (its width animating, its colour turning red).
@MainActor
struct MotionGoldenTests {
    private func scene(scale: CGFloat) throws -> SDLHost {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 240), scale: scale)
        host.fixedTimeStep = 1.0 / 60
        host.window.backgroundColor = .systemGroupedBackground
        let panel = UIView(frame: CGRect(x: -200, y: 16, width: 160, height: 96))
        panel.backgroundColor = .secondarySystemGroupedBackground
        panel.cornerRadius = 12
        let title = UILabel(frame: CGRect(x: 12, y: 10, width: 136, height: 22))
        title.text = "Pause menu"
        title.font = .boldSystemFont(ofSize: 17)
        panel.addSubview(title)
        let resume = UIButton(configuration: .filled())
        resume.setTitle("Resume", for: .normal)
        resume.frame = CGRect(x: 12, y: 46, width: 136, height: 36)
        panel.addSubview(resume)
        let pop = UIButton(configuration: .tinted())
        pop.setTitle("Pop", for: .normal)
        pop.frame = CGRect(x: 220, y: 24, width: 100, height: 40)
        let slider = UISlider(frame: CGRect(x: 190, y: 100, width: 150, height: 30))
        slider.value = 0.6
        slider.transform = CGAffineTransform(rotationAngle: -.pi / 6)
        let label = UILabel(frame: CGRect(x: 20, y: 140, width: 140, height: 24))
        label.text = "Level up!"
        label.font = .boldSystemFont(ofSize: 20)
        label.textColor = .systemOrange
        let track = UIView(frame: CGRect(x: 20, y: 200, width: 320, height: 14))
        track.backgroundColor = .systemGray5
        track.cornerRadius = 7
        let health = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 14))
        health.backgroundColor = .systemGreen
        health.cornerRadius = 7
        track.addSubview(health)
        for v in [panel, pop, slider, label, track] as [UIView] { host.window.addSubview(v) }
        host.update()
        host.renderFrame()
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                       animations: { panel.center.x = 100 })
        pop.transform = CGAffineTransform(scaleX: 1.3, y: 1.3)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0, options: [],
                       animations: { pop.transform = .identity })
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            label.transform = CGAffineTransform(rotationAngle: -0.3).scaledBy(x: 1.4, y: 1.4)
            label.alpha = 0.2
        })
        UIView.animate(withDuration: 1, delay: 0, options: .curveEaseInOut, animations: {
            health.frame.size.width = 60
            health.backgroundColor = .systemRed
        })
        for _ in 0..<16 {
            host.update()
            host.renderFrame()
        }
        return host
    }

    @Test func aSceneMidAnimationAt1x() throws {
        let host = try scene(scale: 1)
        defer { host.shutdown() }
        try expectMatchesGolden(host.readPixels(), "motion-mid-1x")
    }

    @Test func aSceneMidAnimationAt2x() throws {
        let host = try scene(scale: 2)
        defer { host.shutdown() }
        try expectMatchesGolden(host.readPixels(), "motion-mid-2x")
    }
}
