import Testing
import Foundation
@testable import SDLControlsCore

/// `ui.progress` and `ui.activity`: the views they make, the values they push, and the
/// identity rule they follow (a value is content, a title is a name).
@MainActor
struct ImmediateIndicatorTests {
    init() { resetApplication() }

    @Test func progressDeclarationsMakeAProgressViewAcrossTheColumnAndPushTheirValue() throws {
        let h = ImmediateHarness()
        var value: Float = 0.25
        var bar: UIProgressView?
        h.frame { ui in
            ui.progress(value)
            bar = ui.last(UIProgressView.self)
        }
        let made = try #require(bar)
        #expect(made.progress == 0.25 && made.displayedProgress == 0.25, "shown at once")
        #expect(made.window === h.window)
        #expect(made.bounds.width == h.view.bounds.width && made.bounds.height == UIProgressView.defaultHeight)
        value = 0.8
        h.frame { ui in
            ui.progress(value)
            bar = ui.last(UIProgressView.self)
        }
        #expect(bar === made, "a new value is content: the same view")
        #expect(made.progress == 0.8)
        value = .nan
        h.frame { ui in ui.progress(value) }
        #expect(made.progress == 0, "pinned as the view pins it")
    }

    @Test func aValueSetOnTheViewStaysUntilTheGamesValueChanges() throws {
        let h = ImmediateHarness()
        var bar: UIProgressView?
        h.frame { ui in ui.progress(0.5); bar = ui.last(UIProgressView.self) }
        let made = try #require(bar)
        made.progress = 0.1
        h.frame { ui in ui.progress(0.5) }
        #expect(made.progress == 0.1, "the game's value did not change: nothing pushed")
        h.frame { ui in ui.progress(0.6) }
        #expect(made.progress == 0.6)
    }

    @Test func aTitledProgressViewIsNamedByItsTitleAndLabelledWithIt() throws {
        let h = ImmediateHarness()
        var showFirst = true
        var bars: [UIProgressView] = []
        func build(_ ui: ImmediateUI) {
            bars = []
            if showFirst {
                ui.progress(0.1)
                bars.append(ui.last(UIProgressView.self)!)
            }
            ui.progress("Download", value: 0.4)
            bars.append(ui.last(UIProgressView.self)!)
        }
        h.frame(build)
        let download = bars[1]
        #expect(download.accessibilityLabel == "Download" && download.progress == 0.4)
        #expect(bars[0].accessibilityLabel == nil)
        showFirst = false
        h.frame(build)
        #expect(bars == [download], "an untitled bar above coming and going doesn't change the titled one")
        #expect(h.all(UIProgressView.self).count == 1, "the untitled one was removed")
        // The title above the bar in a column.
        let title = try #require(h.all(UILabel.self).first { $0.text == "Download" })
        #expect(title.convert(title.bounds, to: nil).maxY <= download.convert(download.bounds, to: nil).minY)
    }

    @Test func aProgressViewInARowTakesTheSpareWidth() throws {
        let h = ImmediateHarness()
        var bar: UIProgressView?
        h.frame { ui in
            ui.row { ui in
                ui.label("Loading")
                ui.progress(0.5)
                bar = ui.last(UIProgressView.self)
            }
        }
        let made = try #require(bar)
        let label = try #require(h.all(UILabel.self).first { $0.text == "Loading" })
        #expect(made.bounds.width > h.view.bounds.width / 2, "the spare width: \(made.bounds.width)")
        #expect(made.convert(made.bounds, to: nil).minX >= label.convert(label.bounds, to: nil).maxX)
    }

    @Test func activityDeclarationsSpinAndStopTheSameIndicator() throws {
        let h = ImmediateHarness()
        var busy = true
        var spinner: UIActivityIndicatorView?
        func build(_ ui: ImmediateUI) {
            ui.activity(isAnimating: busy)
            spinner = ui.last(UIActivityIndicatorView.self)
            ui.button("After")
        }
        h.frame(build)
        let made = try #require(spinner)
        #expect(made.isAnimating && !made.isHidden && made.style == .medium)
        #expect(made.bounds.size == UIActivityIndicatorView.mediumSize)
        let button = try #require(h.all(UIButton.self).first)
        let buttonTop = button.convert(button.bounds, to: nil).minY
        busy = false
        h.frame(build)
        #expect(spinner === made && !made.isAnimating && made.isHidden, "stopped and hidden, the same view")
        #expect(button.convert(button.bounds, to: nil).minY == buttonTop, "it keeps its place")
        busy = true
        h.frame(build)
        #expect(made.isAnimating && !made.isHidden)
        h.frame { ui in ui.activity() }
        #expect(h.all(UIActivityIndicatorView.self) == [made], "ui.activity() spins: the same indicator")
        #expect(made.isAnimating)
    }
}
