import Testing
import Foundation
@testable import SDLControlsCore

/// `ui.width(_:)` and `ui.minimumWidth(_:)`: a declaration's item at a fixed or least width,
/// so a HUD's changing number doesn't move what is beside it; applied to the next declaration
/// only, kept through builds that change nothing, changed or dropped when the build says so,
/// and bad widths ignored.
@MainActor
struct ImmediateWidthTests {
    init() { resetApplication() }

    /// A row: a score label, then a slider taking the spare width.
    private func hud(_ h: ImmediateHarness, score: Int, width: ((ImmediateUI) -> ImmediateUI)? = nil,
                     volume: inout Float) -> (label: UILabel?, slider: UISlider?) {
        var label: UILabel?, slider: UISlider?
        h.frame { ui in
            ui.row { ui in
                (width?(ui) ?? ui).label("Score \(score)")
                label = ui.last(UILabel.self)
                ui.slider("", value: &volume, in: 0...1)
                slider = ui.last(UISlider.self)
            }
        }
        return (label, slider)
    }

    @Test func aFixedWidthKeepsTheSliderBesideAChangingScoreInPlace() throws {
        let h = ImmediateHarness(size: CGSize(width: 400, height: 200))
        var volume: Float = 0.5
        let wide = hud(h, score: 94, width: { $0.width(120) }, volume: &volume)
        let slider = try #require(wide.slider)
        let before = slider.convert(slider.bounds, to: h.window)
        let label = try #require(wide.label)
        #expect(label.superview?.bounds.width == 120, "the label's item is 120 points wide")
        _ = hud(h, score: 104, width: { $0.width(120) }, volume: &volume)
        #expect(slider.convert(slider.bounds, to: h.window) == before, "the slider stays put as the score grows a digit")

        // Without a width the slider moves: the rule is what keeps it.
        let free = ImmediateHarness(size: CGSize(width: 400, height: 200))
        let s1 = try #require(hud(free, score: 94, volume: &volume).slider)
        let a = s1.convert(s1.bounds, to: free.window).minX
        let s2 = try #require(hud(free, score: 104, volume: &volume).slider)
        let b = s2.convert(s2.bounds, to: free.window).minX
        #expect(a != b)
    }

    /// The README's HUD: a fixed-width score in monospaced digits beside a slider.
    @Test func theReadmesHUDKeepsItsSliderInPlace() throws {
        let h = ImmediateHarness(size: CGSize(width: 400, height: 200))
        var volume: Float = 0.5
        var label: UILabel?, slider: UISlider?
        func build(_ score: Int) {
            h.frame { ui in
                ui.row { ui in
                    ui.width(110).label("Score \(score)")
                    ui.configure(UILabel.self) { $0.font = .monospacedDigitSystemFont(ofSize: 17, weight: .regular) }
                    label = ui.last(UILabel.self)
                    ui.slider("Volume", value: &volume, in: 0...1)
                    slider = ui.last(UISlider.self)
                }
            }
        }
        build(94)
        let s = try #require(slider)
        let before = s.convert(s.bounds, to: h.window)
        build(104)
        #expect(s.convert(s.bounds, to: h.window) == before)
        #expect(label?.font.traits == .monospacedDigits && label?.superview?.bounds.width == 110)
    }

    @Test func aMinimumWidthGrowsWithLongerTextOnly() throws {
        let h = ImmediateHarness(size: CGSize(width: 600, height: 200))
        var volume: Float = 0.5
        let short = try #require(hud(h, score: 1, width: { $0.minimumWidth(150) }, volume: &volume).label?.superview)
        #expect(short.bounds.width == 150, "short text: the minimum")
        let long = try #require(hud(h, score: 1, width: { $0.minimumWidth(20) }, volume: &volume).label?.superview)
        #expect(long.bounds.width > 20, "longer text than the minimum: its natural width")
    }

    @Test func aWidthAppliesToTheNextDeclarationOnlyAndGoesWhenNoLongerDeclared() throws {
        let h = ImmediateHarness(size: CGSize(width: 600, height: 200))
        var labels: [UILabel] = []
        func build(_ fixed: Bool) {
            labels = []
            h.frame { ui in
                ui.row { ui in
                    (fixed ? ui.width(200) : ui).label("A")
                    labels.append(ui.last(UILabel.self)!)
                    ui.label("B")
                    labels.append(ui.last(UILabel.self)!)
                }
            }
        }
        build(true)
        #expect(labels[0].superview?.bounds.width == 200 && (labels[1].superview?.bounds.width ?? 0) < 50, "B keeps its own width")
        build(true)   // nothing changed: the fast path keeps it
        #expect(labels[0].superview?.bounds.width == 200)
        build(false)
        #expect((labels[0].superview?.bounds.width ?? 0) < 50, "dropped when the build no longer gives it")
    }

    @Test func badWidthsAreIgnoredAndHugeOnesClamped() {
        #expect(ImmediateWidth(.fixed, -1) == nil && ImmediateWidth(.fixed, .nan) == nil && ImmediateWidth(.minimum, .infinity) == nil)
        #expect(ImmediateWidth(.fixed, 0)?.points == 0)
        #expect(ImmediateWidth(.fixed, 1e30)?.points == UIView.maximumCoordinate)
        let h = ImmediateHarness(size: CGSize(width: 400, height: 200))
        var label: UILabel?
        h.frame { ui in ui.row { ui in ui.width(.nan).label("Natural"); label = ui.last(UILabel.self) } }
        #expect((label?.superview?.bounds.width ?? 0) > 0, "a NaN width leaves the natural width")
    }

    @Test func inAColumnAnItemSpansTheColumnAsBefore() throws {
        let h = ImmediateHarness(size: CGSize(width: 400, height: 200))
        var fixed: UILabel?, natural: UILabel?
        h.frame { ui in
            ui.width(100).label("Fixed")
            fixed = ui.last(UILabel.self)
            ui.label("Natural")
            natural = ui.last(UILabel.self)
        }
        let f = try #require(fixed?.superview), n = try #require(natural?.superview)
        #expect(f.bounds.width == n.bounds.width && f.bounds.width == 400, "a column's items span it: widths shape rows")
    }

    @Test func aFixedWidthGivesASliderThatWidthInsteadOfTheSpareWidth() throws {
        let h = ImmediateHarness(size: CGSize(width: 500, height: 200))
        var volume: Float = 0.5
        var slider: UISlider?
        h.frame { ui in ui.row { ui in ui.width(140).slider("", value: &volume, in: 0...1); slider = ui.last(UISlider.self) } }
        let s = try #require(slider)
        #expect(s.superview?.bounds.width == 140)
    }
}
