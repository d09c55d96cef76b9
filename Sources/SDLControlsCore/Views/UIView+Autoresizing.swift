import Foundation

extension UIView {
    /// Which parts of a view's frame stretch when its superview's bounds change size, as in
    /// UIKit: a flexible margin or size takes part of the change; fixed parts keep their length.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates a mask from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The distance to the superview's left edge may change.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width may change.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The distance to the superview's right edge may change.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The distance to the superview's top edge may change.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height may change.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The distance to the superview's bottom edge may change.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// How the view resizes when its superview's bounds change size. Empty by default (the
    /// view keeps its frame). Applied at once when the superview's size changes, before its
    /// next `layoutSubviews()`, as in UIKit. Ignored for the arranged subviews of a
    /// ``UIStackView``, which sets their frames itself.
    public var autoresizingMask: AutoresizingMask {
        get { layoutAttributes?.autoresizingMask ?? [] }
        set {
            guard newValue != autoresizingMask else { return }
            writableLayoutAttributes.autoresizingMask = newValue
        }
    }

    /// Whether subviews are resized by their ``autoresizingMask`` when this view's size
    /// changes. True by default.
    public var autoresizesSubviews: Bool {
        get { layoutAttributes?.autoresizesSubviews ?? true }
        set {
            guard newValue != autoresizesSubviews else { return }
            writableLayoutAttributes.autoresizesSubviews = newValue
        }
    }

    /// Applies each subview's ``autoresizingMask`` after this view's size changed from `oldSize`.
    func resizeSubviews(withOldSize oldSize: CGSize) {
        guard !subviews.isEmpty, autoresizesSubviews else { return }
        let newSize = storedFrame.size
        for sub in subviews {
            guard let mask = sub.layoutAttributes?.autoresizingMask, !mask.isEmpty else { continue }
            // A stack view owns its arranged views' frames (UIKit turns their autoresizing off).
            if let stack = self as? UIStackView, UIStackView.index(of: sub, in: stack.arrangedSubviews) != nil { continue }
            let f = sub.storedFrame
            let (x, w) = UIView.autoresize(start: f.minX, length: f.width, oldSuper: oldSize.width, newSuper: newSize.width,
                                           flexibleStart: mask.contains(.flexibleLeftMargin), flexibleLength: mask.contains(.flexibleWidth),
                                           flexibleEnd: mask.contains(.flexibleRightMargin))
            let (y, h) = UIView.autoresize(start: f.minY, length: f.height, oldSuper: oldSize.height, newSuper: newSize.height,
                                           flexibleStart: mask.contains(.flexibleTopMargin), flexibleLength: mask.contains(.flexibleHeight),
                                           flexibleEnd: mask.contains(.flexibleBottomMargin))
            sub.frame = CGRect(x: x, y: y, width: w, height: h)
        }
    }

    /// One axis of autoresizing: the change of the superview's length is shared by the
    /// flexible parts (start margin, length, end margin) in proportion to their current
    /// lengths, or equally when those are all zero. A length never goes below zero.
    static func autoresize(start: CGFloat, length: CGFloat, oldSuper: CGFloat, newSuper: CGFloat,
                           flexibleStart: Bool, flexibleLength: Bool, flexibleEnd: Bool) -> (CGFloat, CGFloat) {
        let delta = newSuper - oldSuper
        guard delta != 0, flexibleStart || flexibleLength || flexibleEnd else { return (start, length) }
        let end = oldSuper - start - length
        // Negative margins (a view hanging outside its superview) count as zero weight.
        let parts = [(flexibleStart, max(0, start)), (flexibleLength, max(0, length)), (flexibleEnd, max(0, end))]
        let flexible = parts.filter(\.0)
        let total = flexible.reduce(0) { $0 + $1.1 }
        func share(_ part: (Bool, CGFloat)) -> CGFloat {
            guard part.0 else { return 0 }
            return total > 0 ? delta * part.1 / total : delta / CGFloat(flexible.count)
        }
        let newStart = start + share(parts[0])
        let newLength = max(0, length + share(parts[1]))
        return (newStart, newLength)
    }
}
