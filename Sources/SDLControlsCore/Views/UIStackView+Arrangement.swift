import Foundation

/// How a stack view measures and places its arranged subviews.
///
/// Widths are always decided before heights, and heights are measured at the decided widths
/// (with `systemLayoutSizeFitting` at a required width), so wrapping labels and nested
/// vertical stacks get the height their width needs. In a horizontal stack that means the
/// distribution runs first and the alignment second; in a vertical stack the alignment first.
extension UIStackView {
    /// The rectangle the views are arranged in: the bounds, or the bounds inside the layout
    /// margins when ``isLayoutMarginsRelativeArrangement``.
    var arrangementRect: CGRect {
        isLayoutMarginsRelativeArrangement ? bounds.inset(by: effectiveLayoutMargins) : bounds
    }

    /// The spacing after `view`: its custom spacing, else ``spacing``; ``spacingUseSystem``
    /// resolved to the system spacing.
    func resolvedSpacing(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == UIStackView.spacingUseSystem ? UIStackView.systemSpacing : value
    }

    /// The natural (unconstrained) cross size of `view` across this stack's axis.
    private func naturalWidth(of view: UIView) -> CGFloat {
        max(0, view.intrinsicSizeForLayout.width)   // noIntrinsicMetric (-1) counts as 0
    }

    /// The height `view` needs at `width` (0 when it has no natural height).
    private func height(of view: UIView, atWidth width: CGFloat) -> CGFloat {
        view.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                     verticalFittingPriority: .fittingSizeLevel).height
    }

    /// The cross size for a natural cross size under ``alignment``: the whole `available`
    /// length for `.fill`, else the natural size, at most `available`.
    private func alignedCrossSize(natural: CGFloat, available: CGFloat) -> CGFloat {
        alignment == .fill ? max(0, available) : max(0, min(natural, available))
    }

    /// Whether the alignment lines up baselines (horizontal stacks only).
    private var alignsBaselines: Bool {
        axis == .horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
    }

    // MARK: Layout

    /// Sets the frames of the visible arranged subviews (hidden ones are left as they are).
    func arrangeSubviews() {
        let views = arrangedSubviews.filter { !$0.isHidden }
        guard !views.isEmpty else { return }
        // Frames set below mark this stack as needing layout again (a subview's size changed);
        // that request is our own, so it is dropped afterwards.
        let wasFlagged = needsLayout
        defer { if !wasFlagged { needsLayout = false } }

        let rect = arrangementRect
        let gaps = views.dropLast().map(resolvedSpacing(after:))
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        if axis == .horizontal {
            let lengths = views.map { $0.intrinsicSizeForLayout.width }
            let placed = distribute(views: views, naturals: lengths, current: views.map(\.bounds.width), gaps: gaps,
                                    length: rect.width, axis: .horizontal)
            let heights = views.indices.map { i in
                alignment == .fill ? rect.height : alignedCrossSize(natural: height(of: views[i], atWidth: placed.sizes[i]), available: rect.height)
            }
            for i in views.indices {
                let x = rtl ? rect.maxX - placed.starts[i] - placed.sizes[i] : rect.minX + placed.starts[i]
                views[i].frame = CGRect(x: x, y: rect.minY, width: placed.sizes[i], height: heights[i])
            }
            if alignsBaselines {
                // With sizes set, baselines can be read; the group hangs from the top.
                let first = alignment == .firstBaseline
                let offsets = views.indices.map { i in
                    first ? views[i].firstBaselineFromTop(forHeight: heights[i])
                          : heights[i] - views[i].lastBaselineFromBottom(forHeight: heights[i])
                }
                let line = offsets.max() ?? 0
                for i in views.indices { move(views[i], toY: rect.minY + line - offsets[i]) }
            } else if alignment != .fill {
                for i in views.indices { move(views[i], toY: rect.minY + crossOffset(size: heights[i], available: rect.height, rtl: false)) }
            }
        } else {
            let widths = views.map { alignedCrossSize(natural: naturalWidth(of: $0), available: rect.width) }
            let lengths = views.indices.map { i in
                views[i].intrinsicSizeForLayout.height == UIView.noIntrinsicMetric
                    ? UIView.noIntrinsicMetric : height(of: views[i], atWidth: widths[i])
            }
            let placed = distribute(views: views, naturals: lengths, current: views.map(\.bounds.height), gaps: gaps,
                                    length: rect.height, axis: .vertical)
            for i in views.indices {
                let x = rect.minX + crossOffset(size: widths[i], available: rect.width, rtl: rtl)
                views[i].frame = CGRect(x: x, y: rect.minY + placed.starts[i], width: widths[i], height: placed.sizes[i])
            }
        }
    }

    /// Where a view of cross size `size` starts within `available` for the alignment.
    private func crossOffset(size: CGFloat, available: CGFloat, rtl: Bool) -> CGFloat {
        switch alignment {
        case .fill: return 0
        case .center: return (available - size) / 2
        case .leading, .firstBaseline: return rtl ? available - size : 0
        case .trailing, .lastBaseline: return rtl ? 0 : available - size
        }
    }

    // MARK: Distribution

    /// Lengths and start positions (from the arrangement's start) along the axis.
    ///
    /// `naturals` holds each view's natural length or ``UIView/noIntrinsicMetric``; `current`
    /// its current length (``Distribution/fillProportionally`` weighs views without a natural
    /// length by it, as UIKit does); `gaps` the spacing after each view but the last.
    func distribute(views: [UIView], naturals: [CGFloat], current: [CGFloat], gaps: [CGFloat], length: CGFloat,
                    axis: NSLayoutConstraint.Axis) -> (sizes: [CGFloat], starts: [CGFloat]) {
        let n = views.count
        let spacingTotal = gaps.reduce(0, +)
        let available = length - spacingTotal
        var sizes = naturals.map { max(0, $0) }
        var gaps = gaps
        switch distribution {
        case .fillEqually:
            sizes = Array(repeating: max(0, available / CGFloat(n)), count: n)
        case .fillProportionally:
            let weights = naturals.indices.map { naturals[$0] == UIView.noIntrinsicMetric ? max(0, current[$0]) : max(0, naturals[$0]) }
            let total = weights.reduce(0, +)
            sizes = weights.map { total > 0 ? max(0, available) * $0 / total : max(0, available / CGFloat(n)) }
        case .fill:
            fill(&sizes, views: views, naturals: naturals, available: available, axis: axis)
        case .equalSpacing, .equalCentering:
            if n == 1 {
                // The only view is pinned to both ends: it fills, as in UIKit.
                fill(&sizes, views: views, naturals: naturals, available: available, axis: axis)
                break
            }
            let used = sizes.reduce(0, +)
            if used > available {
                shrink(&sizes, views: views, by: used - available, axis: axis)
            } else if distribution == .equalCentering, let starts = equallyCentered(sizes: sizes, gaps: gaps, length: length) {
                return (sizes, starts)
            } else {
                let extra = (available - used) / CGFloat(n - 1)
                gaps = gaps.map { $0 + extra }
            }
        }
        var starts = [CGFloat](repeating: 0, count: n)
        var cursor: CGFloat = 0
        for i in 0..<n {
            starts[i] = cursor
            cursor += sizes[i] + (i < n - 1 ? gaps[i] : 0)
        }
        return (sizes, starts)
    }

    /// ``Distribution/fill``: grow or shrink the views whose priorities give first.
    private func fill(_ sizes: inout [CGFloat], views: [UIView], naturals: [CGFloat], available: CGFloat, axis: NSLayoutConstraint.Axis) {
        let used = sizes.reduce(0, +)
        if used < available {
            // The first view with the lowest hugging priority takes all the extra space; a view
            // without a natural length hugs at nothing.
            var best = 0
            var bestRank = Float.infinity
            for i in views.indices {
                let rank = naturals[i] == UIView.noIntrinsicMetric ? -Float.infinity : views[i].contentHuggingPriority(for: axis).rawValue
                if rank < bestRank { bestRank = rank; best = i }
            }
            sizes[best] += available - used
        } else if used > available {
            shrink(&sizes, views: views, by: used - available, axis: axis)
        }
    }

    /// Takes `deficit` from the views, lowest compression resistance first; among equals the
    /// last view gives first. No view goes below zero.
    private func shrink(_ sizes: inout [CGFloat], views: [UIView], by deficit: CGFloat, axis: NSLayoutConstraint.Axis) {
        let order = views.indices.sorted { a, b in
            let pa = views[a].contentCompressionResistancePriority(for: axis), pb = views[b].contentCompressionResistancePriority(for: axis)
            return pa != pb ? pa < pb : a > b
        }
        var remaining = deficit
        for i in order where remaining > 0 {
            let take = min(sizes[i], remaining)
            sizes[i] -= take
            remaining -= take
        }
    }

    /// Starts for equal centre-to-centre distances, the first view at the start and the last
    /// at the end; nil when that would bring two views closer than their spacing (then the
    /// views are spaced equally instead **(project choice)**).
    private func equallyCentered(sizes: [CGFloat], gaps: [CGFloat], length: CGFloat) -> [CGFloat]? {
        let n = sizes.count
        let step = (length - sizes[0] / 2 - sizes[n - 1] / 2) / CGFloat(n - 1)
        for i in 0..<(n - 1) where step < sizes[i] / 2 + sizes[i + 1] / 2 + gaps[i] - 0.0001 { return nil }
        return (0..<n).map { sizes[0] / 2 + CGFloat($0) * step - sizes[$0] / 2 }
    }

    // MARK: Measuring

    /// The size the stack needs: at its natural width, or at `width` (then the width is kept
    /// and the height measured at it).
    func fittingSize(forWidth width: CGFloat?) -> CGSize {
        if let width, let cached = constrainedFittingCache, cached.width == width { return cached.size }
        let size = measure(forWidth: width)
        if let width { constrainedFittingCache = (width, size) }
        return size
    }

    private func measure(forWidth width: CGFloat?) -> CGSize {
        // A measurement that comes back to this stack while it measures (a view that measures
        // one it no longer contains, which now contains it) ends here instead of recursing
        // until the stack overflows.
        guard !isMeasuring else { return .zero }
        isMeasuring = true
        defer { isMeasuring = false }
        let margins = isLayoutMarginsRelativeArrangement ? effectiveLayoutMargins : .zero
        let views = arrangedSubviews.filter { !$0.isHidden }
        guard !views.isEmpty else { return CGSize(width: width ?? margins.horizontal, height: margins.vertical) }
        let gaps = views.dropLast().map(resolvedSpacing(after:))
        if axis == .horizontal {
            let naturals = views.map { $0.intrinsicSizeForLayout.width }
            let sizes: [CGFloat]
            let total: CGFloat
            if let width {
                sizes = distribute(views: views, naturals: naturals, current: views.map(\.bounds.width), gaps: gaps,
                                   length: max(0, width - margins.horizontal), axis: .horizontal).sizes
                total = width
            } else {
                sizes = naturalLengths(naturals, gaps: gaps)
                total = naturalTotal(sizes, gaps: gaps) + margins.horizontal
            }
            let heights = views.indices.map { height(of: views[$0], atWidth: sizes[$0]) }
            var cross = heights.max() ?? 0
            if alignsBaselines {
                let first = alignment == .firstBaseline
                let above = views.indices.map { i in
                    first ? views[i].firstBaselineFromTop(forHeight: heights[i]) : heights[i] - views[i].lastBaselineFromBottom(forHeight: heights[i])
                }
                let below = views.indices.map { heights[$0] - above[$0] }
                cross = (above.max() ?? 0) + (below.max() ?? 0)
            }
            return CGSize(width: total, height: cross + margins.vertical)
        } else {
            let naturalCross = views.map(naturalWidth(of:)).max() ?? 0
            let cross = width.map { max(0, $0 - margins.horizontal) } ?? naturalCross
            let lengths = views.map { height(of: $0, atWidth: alignedCrossSize(natural: naturalWidth(of: $0), available: cross)) }
            let sizes = naturalLengths(lengths, gaps: gaps)
            return CGSize(width: width ?? naturalCross + margins.horizontal, height: naturalTotal(sizes, gaps: gaps) + margins.vertical)
        }
    }

    /// Natural lengths along the axis for the distribution: all as long as the longest for
    /// ``Distribution/fillEqually`` ("the size of the item with the largest intrinsic size").
    private func naturalLengths(_ naturals: [CGFloat], gaps: [CGFloat]) -> [CGFloat] {
        let sizes = naturals.map { max(0, $0) }
        if distribution == .fillEqually { return Array(repeating: sizes.max() ?? 0, count: sizes.count) }
        return sizes
    }

    /// The natural length of the whole arrangement: the views and gaps, or for
    /// ``Distribution/equalCentering`` the length at which equal centre distances keep every gap.
    private func naturalTotal(_ sizes: [CGFloat], gaps: [CGFloat]) -> CGFloat {
        let n = sizes.count
        if distribution == .equalCentering, n > 1 {
            var step: CGFloat = 0
            for i in 0..<(n - 1) { step = max(step, sizes[i] / 2 + sizes[i + 1] / 2 + gaps[i]) }
            return sizes[0] / 2 + sizes[n - 1] / 2 + step * CGFloat(n - 1)
        }
        return sizes.reduce(0, +) + gaps.reduce(0, +)
    }

    /// Sets a view's top by reading and assigning its whole frame: mutating `frame.origin.y`
    /// in place goes through the property's `modify` accessor, a coroutine whose frame is
    /// allocated on the heap for an overridable property (one allocation per view placed).
    private func move(_ view: UIView, toY y: CGFloat) {
        var f = view.frame
        f.origin.y = y
        view.frame = f
    }
}
