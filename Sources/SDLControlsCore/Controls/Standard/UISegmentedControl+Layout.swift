import Foundation

/// Where the segments sit: the measurements of the natural size, each segment's frame (set
/// widths kept, automatic ones sharing what is left, equally or by content; segment 0 at the
/// right in right-to-left layouts) and the segment a point is on.
extension UISegmentedControl {
    /// Horizontal space between a segment's edge and its content.
    static let contentPadding: CGFloat = 14
    /// The narrowest an automatic segment gets in the natural size.
    static let minimumSegmentWidth: CGFloat = 32
    /// The natural height.
    static let naturalHeight: CGFloat = 32
    /// Gap between an image and a title in one segment.
    static let imageTitleGap: CGFloat = 5

    var selectedFont: UIFont {
        font.isSystemFont ? .systemFont(ofSize: font.pointSize, weight: .semibold) : font
    }

    /// The width of a segment's content (the wider of its normal and selected title).
    func contentWidth(of s: Segment, measurer: TextMeasuring) -> CGFloat {
        var w: CGFloat = 0
        if let image = s.image { w += imageSize(image, maxHeight: Self.naturalHeight - 10).width }
        if let title = s.title, !title.isEmpty {
            if w > 0 { w += Self.imageTitleGap }
            w += max(measurer.size(of: title, font: font).width, measurer.size(of: title, font: selectedFont).width)
        }
        return w.rounded(.up)
    }

    func imageSize(_ image: UIImage, maxHeight: CGFloat) -> CGSize {
        let s = image.size
        guard s.width > 0, s.height > 0 else { return .zero }
        guard s.height > maxHeight, maxHeight > 0 else { return s }
        return CGSize(width: s.width * maxHeight / s.height, height: maxHeight)
    }

    /// The frame of each segment in the control's coordinates, in index order (segment 0 at
    /// the left, or at the right in right-to-left layouts). Set widths are kept; automatic
    /// segments share what is left, equally or by content.
    func segmentFrames() -> [CGRect] {
        let b = bounds
        guard !segments.isEmpty else { return [] }
        let rtlNow = effectiveUserInterfaceLayoutDirection == .rightToLeft
        if !apportionsSegmentWidthsByContent, let c = cachedFrames, c.bounds == b, c.rtl == rtlNow { return c.frames }
        let frames = computeSegmentFrames()
        if !apportionsSegmentWidthsByContent { cachedFrames = (b, rtlNow, frames) }
        return frames
    }

    private func computeSegmentFrames() -> [CGRect] {
        let b = bounds
        let fixed = segments.reduce(CGFloat(0)) { $0 + $1.width }
        let remaining = max(0, b.width - fixed)
        let autos = segments.reduce(0) { $0 + ($1.width == 0 ? 1 : 0) }
        var weights: [CGFloat] = []
        if apportionsSegmentWidthsByContent {
            let m = textMeasurer
            weights = segments.map { $0.width == 0 ? contentWidth(of: $0, measurer: m) + Self.contentPadding * 2 : 0 }
        } else {
            weights = segments.map { $0.width == 0 ? 1 : 0 }
        }
        let weightSum = weights.reduce(0, +)
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var x: CGFloat = 0
        var frames: [CGRect] = []
        frames.reserveCapacity(segments.count)
        for (i, s) in segments.enumerated() {
            let w: CGFloat
            if s.width > 0 {
                w = s.width
            } else if weightSum > 0 {
                w = remaining * weights[i] / weightSum
            } else {
                w = autos == 0 ? 0 : remaining / CGFloat(autos)
            }
            let minX = rtl ? b.maxX - x - w : b.minX + x
            frames.append(CGRect(x: minX, y: b.minY, width: w, height: b.height))
            x += w
        }
        return frames
    }

    /// The segment nearest to `point`'s x (the one containing it when there is one).
    func segment(at point: CGPoint) -> Int? {
        let frames = segmentFrames()
        var best: Int?
        var bestDistance = CGFloat.infinity
        for (i, f) in frames.enumerated() where f.width > 0 {
            let d = point.x < f.minX ? f.minX - point.x : (point.x >= f.maxX ? point.x - f.maxX + 0.001 : 0)
            if d < bestDistance { bestDistance = d; best = i }
        }
        return best
    }

    func enabledSegment(at point: CGPoint) -> Int? {
        guard let i = segment(at: point), segments[i].isEnabled else { return nil }
        return i
    }
}
