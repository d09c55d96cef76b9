import Foundation

/// The default look of the standard controls: one coherent set of colours (each with a
/// light and a dark variant) and metrics. Controls read it when they draw; tintColor
/// overrides the accent everywhere.
public enum Theme {
    /// Fill of neutral control surfaces (stepper, segmented control, track).
    public static let controlFill = UIColor(light: UIColor(rgb: 0xE9E9EE), dark: UIColor(rgb: 0x2C2C2E))
    /// Fill of neutral surfaces while pressed.
    public static let controlFillPressed = UIColor(light: UIColor(rgb: 0xD4D4DB), dark: UIColor(rgb: 0x3F3F43))
    /// Unfilled part of tracks.
    public static let trackFill = UIColor(light: UIColor(rgb: 0xE5E5EA), dark: UIColor(rgb: 0x48484A))
    /// Thumbs and knobs: white in both appearances, as iOS's.
    public static let thumbFill = UIColor(light: UIColor(rgb: 0xFFFFFF), dark: UIColor(rgb: 0xFFFFFF))
    /// Soft shadows under thumbs and raised surfaces.
    public static let shadow = UIColor(light: UIColor(white: 0, alpha: 0.22), dark: UIColor(white: 0, alpha: 0.5))
    /// Field backgrounds (text fields, pickers).
    public static let fieldFill = UIColor(light: UIColor(rgb: 0xFFFFFF), dark: UIColor(rgb: 0x1C1C1E))
    /// Field borders.
    public static let fieldBorder = UIColor(light: UIColor(rgb: 0xC7C7CC), dark: UIColor(rgb: 0x48484A))
    /// Opacity of disabled controls.
    public static let disabledAlpha: CGFloat = 0.38
    /// Width of the focus ring (keyboard and game controller focus), in points. The ring is
    /// the control's tint at full strength, so it reads on light and dark backgrounds alike.
    public static let focusRingWidth: CGFloat = 3
    /// Gap between a control and its focus ring, in points.
    public static let focusRingGap: CGFloat = 2
    /// Width of the soft halo outside the focus ring, in points: it sets focus apart from
    /// outlines a control draws itself (a selected button, a text field's border).
    public static let focusHaloWidth: CGFloat = 4
    /// Opacity of the halo (of the tint colour).
    public static let focusHaloAlpha: CGFloat = 0.3
    /// The hover look: a translucent fill over the part of a control under the pointer
    /// (`UIControl+Hover.swift`), darkening on light backgrounds and lightening on dark ones.
    public static let hoverFill = UIColor(light: UIColor(white: 0, alpha: 0.07), dark: UIColor(white: 1, alpha: 0.12))
    /// Corner radius of rectangular controls.
    public static let cornerRadius: CGFloat = 9
    /// The default control font.
    public static let font = UIFont.systemFont(ofSize: 17)
}
