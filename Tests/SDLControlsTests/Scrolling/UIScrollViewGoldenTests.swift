import Foundation
import Testing
@testable import SDLControls

/// Golden images of the scroll indicators, light and dark, at 1x and 2x: a list scrolled to
/// its middle (vertical indicator at the right edge, as long as the visible fraction), a grid
/// scrolled both ways (both indicators, the vertical one's track stopping short of the
/// horizontal one), a list rubber-banded past its end (a shortened indicator), and the black
/// and white indicator styles.
@MainActor
struct UIScrollViewGoldenTests {
    private func list(_ frame: CGRect, rows: Int, offset: CGFloat) -> UIScrollView {
        let scroll = UIScrollView(frame: frame)
        scroll.backgroundColor = .secondarySystemBackground
        scroll.contentSize = CGSize(width: frame.width, height: CGFloat(rows) * 24)
        for i in 0..<rows {
            let label = UILabel(frame: CGRect(x: 8, y: CGFloat(i) * 24, width: frame.width - 16, height: 24))
            label.text = "Row \(i + 1)"
            label.font = .systemFont(ofSize: 13)
            scroll.addSubview(label)
        }
        scroll.contentOffset = CGPoint(x: 0, y: offset)
        return scroll
    }

    private func grid(_ frame: CGRect) -> UIScrollView {
        let scroll = UIScrollView(frame: frame)
        scroll.contentSize = CGSize(width: 240, height: 240)
        for row in 0..<6 {
            for column in 0..<6 {
                let cell = UIView(frame: CGRect(x: CGFloat(column) * 40 + 2, y: CGFloat(row) * 40 + 2, width: 36, height: 36))
                cell.backgroundColor = (row + column) % 2 == 0 ? .systemGreen : .systemGray
                cell.cornerRadius = 6
                scroll.addSubview(cell)
            }
        }
        scroll.contentOffset = CGPoint(x: 60, y: 60)
        return scroll
    }

    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 200, y: 0, width: 200, height: 220))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            let middle = list(CGRect(x: 10, y: 10, width: 80, height: 200), rows: 20, offset: 140)
            let both = grid(CGRect(x: 100, y: 10, width: 90, height: 90))
            let banded = list(CGRect(x: 100, y: 110, width: 40, height: 100), rows: 10, offset: 140 + 30)
            let styled = list(CGRect(x: 150, y: 110, width: 40, height: 100), rows: 10, offset: 70)
            styled.backgroundColor = style == .dark ? .white : .black
            styled.indicatorStyle = style == .dark ? .black : .white
            for scroll in [middle, both, banded, styled] {
                panel.addSubview(scroll)
                scroll.flashScrollIndicators()
            }
        }
    }

    @Test func indicatorsAt1x() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 220), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uiscrollview-indicators-1x")
    }

    @Test func indicatorsAt2x() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 220), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uiscrollview-indicators-2x")
    }
}
