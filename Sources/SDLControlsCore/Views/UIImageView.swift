import Foundation

/// A view that draws an image, stretched to its bounds or fitted per `contentMode`.
@MainActor
open class UIImageView: UIView {
    /// How the image fits the bounds.
    public enum ContentMode: Int, Sendable {
        /// Stretch to fill.
        case scaleToFill = 0
        /// Fit inside, keeping the aspect ratio.
        case scaleAspectFit = 1
        /// Fill, keeping the aspect ratio (may be cropped when clipsToBounds).
        case scaleAspectFill = 2
        /// Natural size, centered.
        case center = 4
    }

    /// The image.
    open var image: UIImage? { didSet { if oldValue != image { setNeedsDisplay(); invalidateIntrinsicContentSize() } } }
    /// A colour multiplied into the image (white keeps it as is); nil uses white, or for a
    /// template image (``UIImage/RenderingMode/alwaysTemplate``) the view's ``UIView/tintColor``.
    open var imageTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// How the image fits.
    open var contentMode: ContentMode = .scaleToFill { didSet { setNeedsDisplay() } }

    /// Whether the image fades as the image of a disabled control whose other parts keep
    /// their own disabled design (a system button's grey title): by the one rule disabled
    /// things fade by (``UIView/drawsDisabledDimmed``).
    var isDisabledPart = false { didSet { if oldValue != isDisabledPart { setNeedsDisplay() } } }

    override var drawsDisabledDimmed: Bool { isDisabledPart }

    /// Creates an image view sized to `image`.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// Creates an image view; it takes no touches by default, as in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The image's size.
    open override var intrinsicContentSize: CGSize { image?.size ?? .zero }
    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// The rectangle the image is drawn in.
    public var imageRect: CGRect {
        guard let size = image?.size, size.width > 0, size.height > 0 else { return bounds }
        let b = bounds
        switch contentMode {
        case .scaleToFill: return b
        case .center:
            return CGRect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
        case .scaleAspectFit, .scaleAspectFill:
            let sx = b.width / size.width, sy = b.height / size.height
            let s = contentMode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        }
    }

    /// Draws the image into the rectangle its ``contentMode`` gives, multiplied by the image's
    /// tint (white: as it is).
    open override func draw(_ rect: CGRect) {
        guard let image, let ctx = UIGraphicsGetCurrentContext() else { return }
        let tint = image.renderingMode == .alwaysTemplate ? imageTintColor ?? tintColor ?? .white : imageTintColor ?? .white
        ctx.drawImage(image, in: imageRect, tint: tint)
    }

    /// A template image takes the new tint colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image?.renderingMode == .alwaysTemplate { setNeedsDisplay() }
    }
}
