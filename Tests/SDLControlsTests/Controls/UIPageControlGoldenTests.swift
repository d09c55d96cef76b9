import Foundation
import Testing
@testable import SDLControls

/// Golden images of UIPageControl (rule D6's look): every state, light and dark, at 1x and 2x.
@MainActor
struct UIPageControlGoldenTests {
    /// Two panels (light left, dark right); rows: normal, highlighted (pressed), disabled,
    /// selected, focused, custom colours, right to left (page 1 of 5 shows at the right).
    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 140, y: 0, width: 140, height: 250))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            for row in 0..<7 {
                let pages = UIPageControl()
                pages.numberOfPages = 5
                pages.currentPage = row % 5
                pages.sizeToFit()
                pages.frame.origin = CGPoint(x: (140 - pages.bounds.width) / 2, y: 8 + CGFloat(row) * 34)
                switch row {
                case 1: pages.isHighlighted = true
                case 2: pages.isEnabled = false
                case 3: pages.isSelected = true
                case 4: pages.isFocused = true
                case 5:
                    pages.currentPageIndicatorTintColor = .systemOrange
                    pages.pageIndicatorTintColor = UIColor.systemOrange.withAlphaComponent(0.35)
                case 6:
                    pages.semanticContentAttribute = .forceRightToLeft
                    pages.currentPage = 0
                default: break
                }
                panel.addSubview(pages)
            }
        }
    }

    @Test func statesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 280, height: 250), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uipagecontrol-states-1x")
    }

    @Test func statesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 280, height: 250), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uipagecontrol-states-2x")
    }
}
