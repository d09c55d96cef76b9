// CGFloat, CGPoint, CGSize, CGRect, Date, … come from Foundation; re-export it so
// `import SDLControls` is the only import a user needs, as `import UIKit` is on iOS.
@_exported import Foundation
